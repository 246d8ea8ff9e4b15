import { describe, expect, it } from 'vitest';
import { formulaErrorMessage } from '../formula/evaluator.ts';
import { type TemplateDefinitionInput, templateDefinitionSchema } from '../templates/template-definition.ts';
import { choiceMessage, rangeOrderMessage } from './field-values.ts';
import { requiredMessage, validateFormValues } from './validate-form-values.ts';

const fileId = '6a3c1f7e-8a53-4c1d-9f3e-2b4f5a6b7c8d';
const userId = '0e1d2c3b-4a59-4687-9a6b-5c4d3e2f1a0b';

const definition = templateDefinitionSchema.parse({
  fields: [
    { id: 'title', type: 'singleLineText', label: 'Title', required: true, maxLength: 20 },
    { id: 'intro', type: 'prefilledText', text: 'Read me' },
    { id: 'when', type: 'date' },
    { id: 'at', type: 'dateTime' },
    { id: 'span', type: 'dateRange' },
    { id: 'safe', type: 'yesNoNa', withText: true },
    {
      id: 'colour',
      type: 'dropdown',
      options: [
        { id: 'red', label: 'Red' },
        { id: 'blue', label: 'Blue' },
      ],
    },
    {
      id: 'tags',
      type: 'multipleChoice',
      allowMultiple: true,
      options: [
        { id: 'a', label: 'A' },
        { id: 'b', label: 'B' },
      ],
    },
    {
      id: 'items',
      type: 'defaultTable',
      columns: [
        { id: 'what', width: 'M', cellType: 'text' },
        { id: 'qty', width: 'S', cellType: 'number' },
        { id: 'price', width: 'S', cellType: 'number' },
        { id: 'total', width: 'S', cellType: 'formula', expression: '{qty} * {price}' },
      ],
    },
    { id: 'count', type: 'number', min: 0, max: 100 },
    { id: 'sum', type: 'formula', expression: 'SUM({items.total}) + {count}', decimals: 1 },
    { id: 'broken', type: 'formula', expression: '1 / 0' },
    { id: 'sig', type: 'signature' },
    { id: 'who', type: 'person' },
    { id: 'lead', type: 'singlePerson' },
    { id: 'where', type: 'location' },
    { id: 'pics', type: 'photos', maxPhotos: 2 },
    { id: 'reason', type: 'multiLineText', required: true },
    { id: 'ver', type: 'templateVersion' },
  ],
  logic: [
    { id: 'l1', triggerFieldId: 'safe', conditions: [{ operator: 'equals', value: 'no' }], fieldIds: ['reason'] },
  ],
} satisfies TemplateDefinitionInput);

const complete = { title: 'Daily check', safe: { answer: 'yes' } };
const check = (values: Record<string, unknown>, requireComplete = true) =>
  validateFormValues(definition, values, { requireComplete });

describe('validateFormValues', () => {
  it.each<[string, Record<string, unknown>]>([
    ['a date', { when: '2024-02-29' }],
    ['a date time with offset', { at: '2024-05-01T08:30:00+10:00' }],
    ['a range in order', { span: { start: '2024-01-01', end: '2024-01-01' } }],
    ['Yes/No/NA with text', { safe: { answer: 'na', text: 'not applicable today' } }],
    ['a dropdown option', { colour: 'blue' }],
    ['several choices', { tags: ['a', 'b'] }],
    ['a signature file', { sig: { fileId, signedAt: '2024-05-01T08:30:00Z' } }],
    ['people', { who: [userId], lead: userId }],
    ['a location', { where: { latitude: -33.86, longitude: 151.21 } }],
    ['photos', { pics: [{ fileId }, { fileId, caption: 'north face' }] }],
    ['a number in range', { count: 100 }],
  ])('accepts %s', (_what, values) => {
    expect(check({ ...complete, ...values }).errors).toEqual([]);
  });

  it.each<[string, Record<string, unknown>, string, string]>([
    ['an impossible date', { when: '2023-02-29' }, 'when', 'Enter a valid date'],
    [
      'a range ending before it starts',
      { span: { start: '2024-02-02', end: '2024-02-01' } },
      'span.end',
      rangeOrderMessage,
    ],
    ['an unknown answer', { safe: { answer: 'maybe' } }, 'safe.answer', choiceMessage],
    ['an option not in the field', { colour: 'green' }, 'colour', choiceMessage],
    ['a repeated choice', { tags: ['a', 'a'] }, 'tags', 'An option is chosen twice'],
    ['text too long', { title: 'x'.repeat(21) }, 'title', ''],
    ['a number past max', { count: 101 }, 'count', 'Enter 100 or less'],
    ['a signature that is not a file id', { sig: { fileId: 'nope' } }, 'sig.fileId', ''],
    ['a person that is not a user id', { lead: 'bob' }, 'lead', ''],
    ['a latitude off the globe', { where: { latitude: 91, longitude: 0 } }, 'where.latitude', ''],
    ['too many photos', { pics: [{ fileId }, { fileId }, { fileId }] }, 'pics', ''],
    [
      'a table cell of the wrong type',
      { items: { rows: [{ id: 'r1', cells: { qty: 'two' } }] } },
      'items.rows.0.cells.qty',
      '',
    ],
    ['an unknown field', { nope: 1 }, 'nope', 'Unknown field'],
  ])('refuses %s', (_what, values, path, message) => {
    const { errors } = check({ ...complete, ...values });
    expect(errors.map((e) => e.path)).toContain(path);
    if (message) expect(errors.find((e) => e.path === path)?.message).toBe(message);
  });

  it('requires visible required fields only when asked', () => {
    expect(check({}).errors.map((e) => [e.path, e.message])).toEqual([['title', requiredMessage]]);
    expect(check({}, false).errors).toEqual([]);
    expect(check({ title: '   ' }).errors).toEqual([]);
  });

  it('logic: a hidden field is neither required nor kept', () => {
    const hidden = check({ ...complete, reason: 'kept?' });
    expect(hidden.hiddenFieldIds).toContain('reason');
    expect(hidden.values.reason).toBeUndefined();
    const shown = check({ title: 'x', safe: { answer: 'no' } });
    expect(shown.errors.map((e) => e.path)).toEqual(['reason']);
  });

  it('read-only cells are dropped, never stored from the client', () => {
    const { values, errors } = check({ ...complete, intro: 'changed', ver: 9, sum: 1000 });
    expect(errors).toEqual([]);
    expect(values.intro).toBeUndefined();
    expect(values.ver).toBeUndefined();
    expect(values.sum).toBe(0);
  });

  it('computes row formulas, column sums and formula fields; formula errors do not block', () => {
    const result = check({
      ...complete,
      count: 2,
      items: {
        rows: [
          { id: 'r1', cells: { what: 'bolts', qty: 3, price: 1.25 } },
          { id: 'r2', cells: { what: 'nuts', qty: 2, price: 0.5, total: 999 } },
        ],
      },
    });
    expect(result.errors).toEqual([]);
    const rows = (result.values.items as { rows: { cells: Record<string, unknown> }[] }).rows;
    expect(rows.map((r) => r.cells.total)).toEqual([3.75, 1]);
    expect(result.values.sum).toBe(6.8);
    expect(result.values.broken).toBeNull();
    expect(result.formulaErrors).toEqual([
      { fieldId: 'broken', path: 'broken', message: formulaErrorMessage, detail: 'Division by zero' },
    ]);
  });
});
