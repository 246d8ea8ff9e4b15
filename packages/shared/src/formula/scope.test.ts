import { describe, expect, it } from 'vitest';
import { type Field, type FieldInput, fieldSchema } from '../fields/field.ts';
import { formulaFromLabels, formulaScope, formulaToLabels } from './scope.ts';

const fields: Field[] = (
  [
    { id: 'f-qty', type: 'number', label: 'Quantity' },
    { id: 'f-rate', type: 'number', label: 'Rate (EUR)' },
    { id: 'f-c1', type: 'singleLineText', label: 'Comment' },
    { id: 'f-c2', type: 'singleLineText', label: 'comment' },
    { id: 'f-brace', type: 'number', label: 'Cost {net}' },
    { id: 'f-sig', type: 'signature', label: 'Signed' },
    { id: 'f-total', type: 'formula', label: 'Total', expression: '{f-qty} * {f-rate}' },
    {
      id: 'mat',
      type: 'defaultTable',
      label: 'Materials',
      columns: [
        { id: 'c-qty', heading: 'Qty', width: 'S', cellType: 'number' },
        { id: 'c-cost', heading: 'Cost', width: 'S', cellType: 'formula', expression: '{c-qty} * {f-rate}' },
      ],
    },
  ] as FieldInput[]
).map((f) => fieldSchema.parse(f));

describe('formulaScope', () => {
  it('names each usable field by its label, unique, with table columns as Table.Column', () => {
    const scope = formulaScope(fields, { fieldId: 'f-total' });
    expect(scope.map((r) => [r.key, r.name, r.kind])).toEqual([
      ['f-qty', 'Quantity', 'number'],
      ['f-rate', 'Rate (EUR)', 'number'],
      ['f-c1', 'Comment', 'text'],
      ['f-c2', 'comment (2)', 'text'],
      ['f-brace', 'Cost net', 'number'],
      ['f-total', 'Total', 'any'],
      ['mat.c-qty', 'Materials.Qty', 'numberList'],
      ['mat.c-cost', 'Materials.Cost', 'anyList'],
    ]);
  });

  it("in a table's formula column: the row's cells, then the top-level non-formula fields", () => {
    const scope = formulaScope(fields, { fieldId: 'mat', columnId: 'c-cost' });
    expect(scope.map((r) => r.key)).toEqual(['c-qty', 'c-cost', 'f-qty', 'f-rate', 'f-c1', 'f-c2', 'f-brace']);
    expect(scope[0]).toMatchObject({ name: 'Qty', kind: 'number' });
  });
});

describe('label <-> id conversion', () => {
  const scope = formulaScope(fields, { fieldId: 'f-total' });

  it('shows stored ids as labels and stores labels as ids, the rest as typed', () => {
    const stored = 'ROUND({f-qty} * {f-rate}, 2) & " {f-qty}" & SUM({mat.c-qty})';
    const shown = formulaToLabels(stored, scope);
    expect(shown).toBe('ROUND({Quantity} * {Rate (EUR)}, 2) & " {f-qty}" & SUM({Materials.Qty})');
    expect(formulaFromLabels(shown, scope)).toBe(stored);
  });

  it('matches labels without case or extra spaces; duplicates by their numbered name', () => {
    expect(formulaFromLabels('{ quantity } + {COMMENT} + {Comment (2)} + {Cost net}', scope)).toBe(
      '{f-qty} + {f-c1} + {f-c2} + {f-brace}',
    );
  });

  it('keeps what names no field as typed (the check reports it), and a field id stays that field', () => {
    expect(formulaFromLabels('{Quantityy} + {f-rate}', scope)).toBe('{Quantityy} + {f-rate}');
    expect(formulaToLabels('{gone} + {f-rate}', scope)).toBe('{gone} + {Rate (EUR)}');
  });

  it('renaming a label changes what is shown, never what is stored', () => {
    const renamed = fields.map((f) => (f.id === 'f-qty' ? { ...f, label: 'Count' } : f));
    expect(formulaToLabels('{f-qty} * 2', formulaScope(renamed, { fieldId: 'f-total' }))).toBe('{Count} * 2');
  });

  it('leaves text that does not parse alone', () => {
    expect(formulaFromLabels('{Quantity} * ( {Rate', scope)).toBe('{f-qty} * ( {Rate');
    expect(formulaFromLabels('"open {Quantity}', scope)).toBe('"open {Quantity}');
  });
});
