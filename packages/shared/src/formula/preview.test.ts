import { describe, expect, it } from 'vitest';
import { type FieldInput, fieldSchema } from '../fields/field.ts';
import { defaultSampleText, previewFormula } from './preview.ts';
import { formulaScope } from './scope.ts';

const fields = (
  [
    { id: 'qty', type: 'number', label: 'Quantity' },
    { id: 'rate', type: 'number', label: 'Rate' },
    { id: 'ok', type: 'yesNo', label: 'OK?' },
    { id: 'sub', type: 'formula', label: 'Subtotal', expression: '{qty} * {rate}' },
    {
      id: 'mat',
      type: 'defaultTable',
      label: 'Materials',
      columns: [{ id: 'cost', heading: 'Cost', width: 'S', cellType: 'number' }],
    },
  ] as FieldInput[]
).map((f) => fieldSchema.parse(f));
const scope = formulaScope(fields, { fieldId: 'total' });

describe('previewFormula', () => {
  it('computes on sensible defaults: 1 for numbers, 1, 2, 3 for a number column, yes for Yes/No', () => {
    expect(scope.map(defaultSampleText)).toEqual(['1', '1', 'yes', '', '1, 2, 3']);
    expect(previewFormula('{qty} * {rate} + SUM({mat.cost})', scope, {}, 'total')).toEqual({ ok: true, value: 7 });
  });

  it('uses the samples typed, and other formulas on the same samples', () => {
    expect(previewFormula('{sub} + 1', scope, { qty: '4', rate: '2.5' }, 'total')).toEqual({ ok: true, value: 11 });
    expect(previewFormula('IF({ok} = "yes", 1, 0)', scope, { ok: 'no' }, 'total')).toEqual({ ok: true, value: 0 });
  });

  it('says what is wrong: a parse error, an unknown field', () => {
    expect(previewFormula('{qty} *', scope, {}, 'total')).toMatchObject({ ok: false, detail: 'Expected a value' });
    expect(previewFormula('{nope}', scope, {}, 'total')).toMatchObject({
      ok: false,
      detail: '{nope} does not name a field',
    });
  });
});
