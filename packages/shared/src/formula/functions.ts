/**
 * The functions of the formula language, with how many arguments each takes and what it wants of
 * them. The evaluator (evaluator.ts) checks arity from here and the template check (check.ts)
 * checks names, arity and argument kinds from here, so the two cannot disagree.
 * - `numbers`: numbers, or lists of numbers (a table column), as SUM takes them;
 * - `number`: a single number; `scalar`: one value of any kind; `values`: values or lists.
 */
export type FormulaArgs = 'numbers' | 'number' | 'scalar' | 'values';
export type FormulaFunction = { min: number; max: number; args: FormulaArgs };

export const formulaFunctions: Readonly<Record<string, FormulaFunction>> = {
  IF: { min: 2, max: 3, args: 'scalar' },
  SUM: { min: 0, max: Number.POSITIVE_INFINITY, args: 'numbers' },
  AVERAGE: { min: 1, max: Number.POSITIVE_INFINITY, args: 'numbers' },
  MIN: { min: 0, max: Number.POSITIVE_INFINITY, args: 'numbers' },
  MAX: { min: 0, max: Number.POSITIVE_INFINITY, args: 'numbers' },
  ROUND: { min: 1, max: 2, args: 'number' },
  ABS: { min: 1, max: 1, args: 'number' },
  AND: { min: 1, max: Number.POSITIVE_INFINITY, args: 'values' },
  OR: { min: 1, max: Number.POSITIVE_INFINITY, args: 'values' },
  NOT: { min: 1, max: 1, args: 'scalar' },
  CONCAT: { min: 0, max: Number.POSITIVE_INFINITY, args: 'values' },
  CONCATENATE: { min: 0, max: Number.POSITIVE_INFINITY, args: 'values' },
};

/** The problem with calling `name` with `count` arguments, or null when the call is fine. */
export function formulaCallProblem(name: string, count: number): string | null {
  const fn = Object.hasOwn(formulaFunctions, name) ? formulaFunctions[name] : undefined;
  if (!fn) return `Unknown function ${name}`;
  if (count < fn.min && fn.min === 1 && fn.max === Number.POSITIVE_INFINITY) {
    return name === 'AVERAGE' ? 'AVERAGE of nothing' : `${name} needs arguments`;
  }
  if (count < fn.min || count > fn.max) {
    return `${name} takes ${fn.min === fn.max ? fn.min : `${fn.min} to ${fn.max}`} arguments`;
  }
  return null;
}
