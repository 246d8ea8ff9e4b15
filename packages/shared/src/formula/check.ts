import { formulaCallProblem, formulaFunctions } from './functions.ts';
import { type Node, parseFormula } from './parser.ts';
import type { FormulaRef, FormulaRefKind } from './scope.ts';
import { FormulaSyntaxError } from './tokenizer.ts';

/**
 * What can be wrong with a formula before any form is filled:
 * - `syntax`: it does not parse, or calls an unknown function or with the wrong number of arguments;
 * - `unknownField`: a reference names nothing in its scope;
 * - `notNumber`: a text field (or text column) is used where a number is needed;
 * - `list`: a table column or multiple choice answer is used outside SUM, AVERAGE, MIN, MAX, AND,
 *   OR or CONCAT (a list has no single value);
 * - `cycle`: the formula uses itself, directly or through other formulas.
 * `detail` says which reference or what did not parse, in the reference's stored form.
 */
export type FormulaProblemCode = 'syntax' | 'unknownField' | 'notNumber' | 'list' | 'cycle';
export type FormulaCheckProblem = { code: FormulaProblemCode; detail: string; reference?: string };

type Want = 'number' | 'numbers' | 'scalar' | 'values';

function parsed(expression: string): { node: Node } | { problem: string } {
  try {
    return { node: parseFormula(expression) };
  } catch (error) {
    if (error instanceof FormulaSyntaxError) return { problem: error.message };
    if (error instanceof RangeError) return { problem: 'Formula too deep' };
    throw error;
  }
}

const isList = (kind: FormulaRefKind) => kind.endsWith('List');

/**
 * The problems of one formula over its scope (see scope.ts), first of each reference only. Kinds
 * of formulas it uses are inferred from their own expressions; a cycle is found by following them.
 */
export function checkFormula(expression: string, scope: readonly FormulaRef[], selfKey: string): FormulaCheckProblem[] {
  if (expression.trim() === '') return [];
  const byKey = new Map(scope.map((r) => [r.key, r]));
  const result = parsed(expression);
  if ('problem' in result) return [{ code: 'syntax', detail: result.problem }];
  const problems: FormulaCheckProblem[] = [];
  const reported = new Set<string>();
  const report = (problem: FormulaCheckProblem) => {
    const id = `${problem.code}:${problem.reference ?? problem.detail}`;
    if (reported.has(id)) return;
    reported.add(id);
    problems.push(problem);
  };

  const kinds = new Map<string, FormulaRefKind>();
  /** A formula's result kind: 'number' when it is arithmetic, 'text' when it joins text, else 'any'. */
  const resultKind = (ref: FormulaRef, visiting: Set<string>): FormulaRefKind => {
    if (ref.kind !== 'any' || ref.expression === undefined) return ref.kind;
    const known = kinds.get(ref.key);
    if (known) return known;
    if (visiting.has(ref.key)) return 'any';
    const inner = parsed(ref.expression);
    const kind = 'node' in inner ? nodeKind(inner.node, new Set([...visiting, ref.key])) : 'any';
    kinds.set(ref.key, kind);
    return kind;
  };
  const nodeKind = (node: Node, visiting: Set<string>): FormulaRefKind => {
    switch (node.type) {
      case 'number':
      case 'unary':
        return 'number';
      case 'string':
        return 'text';
      case 'boolean':
        return 'any';
      case 'reference': {
        const ref = byKey.get(node.key);
        return ref ? resultKind(ref, visiting) : 'any';
      }
      case 'binary':
        return ['+', '-', '*', '/', '^'].includes(node.operator) ? 'number' : node.operator === '&' ? 'text' : 'any';
      case 'call':
        if (['SUM', 'AVERAGE', 'MIN', 'MAX', 'ROUND', 'ABS'].includes(node.name)) return 'number';
        if (node.name === 'CONCAT' || node.name === 'CONCATENATE') return 'text';
        return 'any';
    }
  };

  const visit = (node: Node, want: Want) => {
    switch (node.type) {
      case 'reference': {
        const ref = byKey.get(node.key);
        if (!ref) {
          report({ code: 'unknownField', detail: `{${node.key}} does not name a field`, reference: node.key });
          return;
        }
        const kind = resultKind(ref, new Set([selfKey]));
        if (isList(kind) && (want === 'number' || want === 'scalar')) {
          report({ code: 'list', detail: `{${node.key}} is a list`, reference: node.key });
        } else if ((want === 'number' || want === 'numbers') && (kind === 'text' || kind === 'textList')) {
          report({ code: 'notNumber', detail: `{${node.key}} is not a number`, reference: node.key });
        }
        return;
      }
      case 'unary':
        visit(node.operand, 'number');
        return;
      case 'binary': {
        const arithmetic = ['+', '-', '*', '/', '^'].includes(node.operator);
        visit(node.left, arithmetic ? 'number' : 'scalar');
        visit(node.right, arithmetic ? 'number' : 'scalar');
        return;
      }
      case 'call': {
        const problem = formulaCallProblem(node.name, node.args.length);
        if (problem) report({ code: 'syntax', detail: problem });
        const fn = formulaFunctions[node.name];
        for (const arg of node.args) visit(arg, fn?.args ?? 'values');
        return;
      }
      default:
        return;
    }
  };
  visit(result.node, 'scalar');

  // Cycles: follow the formulas this one uses; reaching it again is a cycle.
  const seen = new Set<string>();
  const reaches = (node: Node): boolean => {
    switch (node.type) {
      case 'reference': {
        if (node.key === selfKey) return true;
        const ref = byKey.get(node.key);
        if (!ref?.expression || seen.has(ref.key)) return false;
        seen.add(ref.key);
        const inner = parsed(ref.expression);
        return 'node' in inner && reaches(inner.node);
      }
      case 'unary':
        return reaches(node.operand);
      case 'binary':
        return reaches(node.left) || reaches(node.right);
      case 'call':
        return node.args.some(reaches);
      default:
        return false;
    }
  };
  if (reaches(result.node)) report({ code: 'cycle', detail: 'The formula refers to itself' });
  return problems;
}
