import { describe, expect, it } from 'vitest';
import { templateDefinitionSchema } from '../templates/template-definition.ts';
import { cloneFormValues } from './clone-form.ts';
import { pasteIntoTable } from './table-paste-values.ts';

const fileId = '6a3c1f7e-8a53-4c1d-9f3e-2b4f5a6b7c8d';

const definition = templateDefinitionSchema.parse({
  fields: [
    { id: 'title', type: 'singleLineText' },
    { id: 'where', type: 'location' },
    { id: 'sig', type: 'signature' },
    { id: 'manual', type: 'manualSignature' },
    { id: 'calc', type: 'formula', expression: '1 + 1' },
    { id: 'pics', type: 'photos' },
    { id: 'sketch', type: 'sketch' },
    {
      id: 'items',
      type: 'defaultTable',
      columns: [
        { id: 'what', width: 'M', cellType: 'text' },
        { id: 'secret', width: 'M', cellType: 'text', excludeFromClone: true },
        { id: 'signed', width: 'M', cellType: 'signature' },
      ],
    },
    { id: 'count', type: 'number' },
    { id: 'choice', type: 'yesNo', withText: true },
  ],
});

const source = {
  title: 'Pour 3',
  where: { latitude: 1, longitude: 2 },
  sig: { fileId },
  manual: { fileId },
  calc: 2,
  pics: [{ fileId }],
  sketch: { fileId },
  items: { rows: [{ id: 'r1', cells: { what: 'slab', secret: 'x', signed: { fileId } } }] },
  count: 7,
  choice: { answer: 'yes', text: 'ok' },
};

describe('cloneFormValues (spec 5.1)', () => {
  it('leaves out Location, Signature and Sign Manually cells, photos and signatures; keeps formulas', () => {
    const { values, textCells, skipped } = cloneFormValues(definition, source, 1000);
    expect(values).toEqual({
      title: 'Pour 3',
      calc: 2,
      items: { rows: [{ id: 'r1', cells: { what: 'slab' } }] },
      count: 7,
      choice: { answer: 'yes', text: 'ok' },
    });
    expect(textCells).toEqual({});
    expect(skipped.map((s) => s.fieldId)).toEqual(['where', 'sig', 'manual', 'pics', 'sketch']);
  });

  it('clones cells past the field limit as text; formulas are always included', () => {
    const { values, textCells } = cloneFormValues(definition, source, 3);
    expect(values).toEqual({ title: 'Pour 3', calc: 2 });
    expect(textCells).toEqual({ count: '7', choice: 'yes - ok', items: JSON.stringify(source.items) });
  });
});

describe('pasteIntoTable (spec 9: 10 columns by 50 rows)', () => {
  const columns = [
    { id: 'a', heading: 'A', width: 'M', cellType: 'text', excludeFromClone: false },
    { id: 'n', heading: 'N', width: 'S', cellType: 'number', excludeFromClone: false },
  ] as const;
  let next = 0;
  const newId = () => `new${++next}`;

  it('fills rows and adds new ones, skipping cells that do not fit', () => {
    const result = pasteIntoTable(
      [...columns],
      [{ id: 'r1', cells: { a: 'old' } }],
      'x\t1,200\ny\tlots\n',
      { row: 0, column: 0 },
      newId,
    );
    expect(result).toEqual({
      ok: true,
      rows: [
        { id: 'r1', cells: { a: 'x', n: 1200 } },
        { id: 'new1', cells: { a: 'y' } },
      ],
    });
  });

  it('refuses more than 50 rows or 10 columns', () => {
    expect(pasteIntoTable([...columns], [], Array(51).fill('x').join('\n'), { row: 0, column: 0 }, newId).ok).toBe(
      false,
    );
    expect(pasteIntoTable([...columns], [], Array(11).fill('x').join('\t'), { row: 0, column: 0 }, newId).ok).toBe(
      false,
    );
  });
});
