import { describe, expect, it } from 'vitest';
import { evaluateFormula, type FormulaValue, formulaErrorMessage, formulaSyntaxProblem } from './evaluator.ts';

const fields: Record<string, FormulaValue> = {
  qty: 4,
  price: 2.5,
  name: 'Crane',
  blank: null,
  'site-code': 'S1',
  numeric: '12',
  ok: 'yes',
  'materials.cost': [10, 20, null, 'n/a', 5],
};
const resolve = (key: string) => fields[key];

describe('evaluateFormula', () => {
  it.each<[string, FormulaValue]>([
    ['1 + 2 * 3', 7],
    ['(1 + 2) * 3', 9],
    ['2 ^ 3 ^ 2', 64],
    ['-2 ^ 2', 4],
    ['10 / 4', 2.5],
    ['.5 + 1e2', 100.5],
    ['{qty} * {price}', 10],
    ['{blank} + 1', 1],
    ['{numeric} * 2', 24],
    ['{qty} > 3', true],
    ['{qty} <> 4', false],
    ['"a" = "A"', true],
    ['"abc" < "abd"', true],
    ['IF({qty} >= 4, "many", "few")', 'many'],
    ['IF({qty} < 4, "many")', false],
    ['IF({ok} = "yes", 1, 1/0)', 1],
    ['SUM(1, 2, 3)', 6],
    ['SUM({materials.cost})', 35],
    ['AVERAGE({materials.cost})', 35 / 3],
    ['MIN({materials.cost}, 7)', 5],
    ['MAX({materials.cost})', 20],
    ['ROUND(2.345, 2)', 2.35],
    ['ROUND(1.005, 2)', 1.01],
    ['ROUND(-2.5)', -3],
    ['ABS(-3)', 3],
    ['AND(TRUE, {qty} > 1)', true],
    ['OR(FALSE, 0)', false],
    ['NOT({qty} = 4)', false],
    ['CONCAT({name}, " ", {site-code})', 'Crane S1'],
    ['{name} & "-" & {qty}', 'Crane-4'],
    ['"say ""hi"""', 'say "hi"'],
    ['sum(1;2)', 3],
    ['', null],
  ])('%s = %j', (expression, expected) => {
    const result = evaluateFormula(expression, resolve);
    expect(result).toEqual({ ok: true, value: expected });
  });

  it.each([
    ['1 +', 'Expected a value'],
    ['(1 + 2', 'Missing ")"'],
    ['1 / 0', 'Division by zero'],
    ['{missing} + 1', 'does not name a field'],
    ['{name} * 2', 'not a number'],
    ['FOO(1)', 'Unknown function'],
    ['{materials.cost} + 1', 'A list cannot be used here'],
    ['{materials.cost}', 'A list cannot be the result'],
    ['1 $ 2', 'Unexpected'],
    ['"open', 'Unterminated'],
    ['IF(1)', 'IF takes 2 to 3 arguments'],
    ['AVERAGE()', 'AVERAGE of nothing'],
    ['10 ^ 400', 'not a finite number'],
    ['bare', 'Unknown name'],
    ['1 2', 'Unexpected input'],
  ])('%s is a formula error (%s)', (expression, detail) => {
    const result = evaluateFormula(expression, resolve);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error).toBe(formulaErrorMessage);
      expect(result.detail).toContain(detail);
    }
  });

  it('survives absurd nesting without throwing', () => {
    const deep = `${'('.repeat(1000)}1${')'.repeat(1000)}`;
    const result = evaluateFormula(deep, resolve);
    expect(typeof result.ok).toBe('boolean');
  });

  it('never runs code: names are functions of a fixed list', () => {
    expect(evaluateFormula('constructor(1)', resolve).ok).toBe(false);
    expect(formulaSyntaxProblem('{qty} + 1')).toBeNull();
    expect(formulaSyntaxProblem('{qty} +')).not.toBeNull();
  });
});
