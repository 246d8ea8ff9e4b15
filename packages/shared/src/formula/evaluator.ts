import { formulaCallProblem } from './functions.ts';
import { type Node, parseFormula } from './parser.ts';
import { FormulaSyntaxError } from './tokenizer.ts';

/** The one message the user sees for any formula problem (spec 8.2). */
export const formulaErrorMessage = 'Formula error. Please check all formulas';

export type Scalar = number | string | boolean | null;
/** A reference gives a scalar, or a list (a table column's cells). */
export type FormulaValue = Scalar | readonly Scalar[];

export type FormulaResult = { ok: true; value: Scalar } | { ok: false; error: string; detail: string };

/** Resolves `{key}` to its value; undefined for a key that names nothing (an error). */
export type Resolve = (key: string) => FormulaValue | undefined;

class FormulaEvalError extends Error {}

function fail(detail: string): never {
  throw new FormulaEvalError(detail);
}

/** Excel's coercion for arithmetic: empty is 0, TRUE 1, numeric text its number, other text an error. */
function toNumber(value: FormulaValue): number {
  if (Array.isArray(value)) fail('A list cannot be used here; wrap it in SUM, AVERAGE, MIN or MAX');
  if (value === null || value === '') return 0;
  if (typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  const n = Number((value as string).trim());
  if (Number.isNaN(n)) fail(`"${value}" is not a number`);
  return n;
}

function toText(value: FormulaValue): string {
  if (Array.isArray(value)) fail('A list cannot be used as text');
  if (value === null) return '';
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  return String(value);
}

function toBoolean(value: FormulaValue): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string') {
    const upper = value.trim().toUpperCase();
    if (upper === 'TRUE') return true;
    if (upper === 'FALSE' || upper === '') return false;
  }
  return toNumber(value) !== 0;
}

function checked(n: number): number {
  if (!Number.isFinite(n)) fail('The result is not a finite number');
  return n;
}

function compare(operator: string, a: Scalar, b: Scalar): boolean {
  let order: number;
  const numeric = (v: Scalar) => typeof v === 'number' || typeof v === 'boolean' || v === null;
  if (numeric(a) && numeric(b)) order = toNumber(a) - toNumber(b);
  else {
    const x = toText(a).toLowerCase();
    const y = toText(b).toLowerCase();
    order = x < y ? -1 : x > y ? 1 : 0;
  }
  switch (operator) {
    case '=':
      return order === 0;
    case '<>':
      return order !== 0;
    case '<':
      return order < 0;
    case '>':
      return order > 0;
    case '<=':
      return order <= 0;
    default:
      return order >= 0;
  }
}

/** The numbers of the arguments, lists flattened; text and empty cells in lists are skipped, as Excel does. */
function numbers(values: FormulaValue[]): number[] {
  const out: number[] = [];
  for (const value of values) {
    if (Array.isArray(value)) {
      for (const item of value) if (typeof item === 'number') out.push(item);
    } else out.push(toNumber(value as Scalar));
  }
  return out;
}

function scalar(value: FormulaValue): Scalar {
  if (Array.isArray(value)) fail('A list cannot be the result; wrap it in SUM, AVERAGE, MIN or MAX');
  return value as Scalar;
}

function round(value: number, digits: number): number {
  const factor = 10 ** Math.trunc(digits);
  // Half away from zero, as Excel; the epsilon absorbs binary fractions (1.005 -> 1.01).
  return (Math.sign(value) * Math.round(Math.abs(value) * factor * (1 + Number.EPSILON))) / factor;
}

function call(name: string, args: Node[], resolve: Resolve): FormulaValue {
  const problem = formulaCallProblem(name, args.length);
  if (problem) fail(problem);
  const all = () => args.map((a) => evaluate(a, resolve));
  switch (name) {
    case 'IF': {
      const condition = toBoolean(scalar(evaluate(args[0] as Node, resolve)));
      if (condition) return evaluate(args[1] as Node, resolve);
      return args[2] ? evaluate(args[2], resolve) : false;
    }
    case 'SUM':
      return checked(numbers(all()).reduce((s, n) => s + n, 0));
    case 'AVERAGE': {
      const ns = numbers(all());
      if (ns.length === 0) fail('AVERAGE of nothing');
      return checked(ns.reduce((s, n) => s + n, 0) / ns.length);
    }
    case 'MIN': {
      const ns = numbers(all());
      return ns.length === 0 ? 0 : Math.min(...ns);
    }
    case 'MAX': {
      const ns = numbers(all());
      return ns.length === 0 ? 0 : Math.max(...ns);
    }
    case 'ROUND': {
      const [value, digits] = all();
      return checked(round(toNumber(value as FormulaValue), digits === undefined ? 0 : toNumber(digits)));
    }
    case 'ABS':
      return Math.abs(toNumber(evaluate(args[0] as Node, resolve)));
    case 'AND':
    case 'OR': {
      const flags = all()
        .flatMap((v) => (Array.isArray(v) ? v : [v]))
        .map((v) => toBoolean(v as Scalar));
      return name === 'AND' ? flags.every(Boolean) : flags.some(Boolean);
    }
    case 'NOT':
      return !toBoolean(scalar(evaluate(args[0] as Node, resolve)));
    case 'CONCAT':
    case 'CONCATENATE':
      return all()
        .flatMap((v) => (Array.isArray(v) ? v : [v]))
        .map((v) => toText(v as Scalar))
        .join('');
    default:
      return fail(`Unknown function ${name}`);
  }
}

function evaluate(node: Node, resolve: Resolve): FormulaValue {
  switch (node.type) {
    case 'number':
    case 'string':
    case 'boolean':
      return node.value;
    case 'reference': {
      const value = resolve(node.key);
      if (value === undefined) fail(`{${node.key}} does not name a field`);
      return value;
    }
    case 'unary': {
      const n = toNumber(evaluate(node.operand, resolve));
      return node.operator === '-' ? -n : n;
    }
    case 'binary': {
      const left = evaluate(node.left, resolve);
      const right = evaluate(node.right, resolve);
      switch (node.operator) {
        case '+':
          return checked(toNumber(left) + toNumber(right));
        case '-':
          return checked(toNumber(left) - toNumber(right));
        case '*':
          return checked(toNumber(left) * toNumber(right));
        case '/': {
          const divisor = toNumber(right);
          if (divisor === 0) fail('Division by zero');
          return checked(toNumber(left) / divisor);
        }
        case '^':
          return checked(toNumber(left) ** toNumber(right));
        case '&':
          return toText(left) + toText(right);
        default:
          return compare(node.operator, scalar(left), scalar(right));
      }
    }
    case 'call':
      return call(node.name, node.args, resolve);
  }
}

/**
 * Evaluates an expression; never throws. The same function runs in the browser, on the server
 * and in the PDF, so a form shows the same results everywhere. An empty expression is empty.
 */
export function evaluateFormula(expression: string, resolve: Resolve): FormulaResult {
  if (expression.trim() === '') return { ok: true, value: null };
  try {
    return { ok: true, value: scalar(evaluate(parseFormula(expression), resolve)) };
  } catch (error) {
    if (error instanceof FormulaEvalError || error instanceof FormulaSyntaxError) {
      return { ok: false, error: formulaErrorMessage, detail: error.message };
    }
    if (error instanceof RangeError) return { ok: false, error: formulaErrorMessage, detail: 'Formula too deep' };
    throw error;
  }
}

/** Whether the expression parses (the template editor checks formulas before saving). */
export function formulaSyntaxProblem(expression: string): string | null {
  try {
    parseFormula(expression);
    return null;
  } catch (error) {
    if (error instanceof FormulaSyntaxError) return error.message;
    if (error instanceof RangeError) return 'Formula too deep';
    throw error;
  }
}
