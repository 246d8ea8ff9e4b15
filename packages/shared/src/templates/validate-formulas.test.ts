import { describe, expect, it } from 'vitest';
import { type FieldInput, fieldSchema } from '../fields/field.ts';
import { templateDefinitionSchema } from './template-definition.ts';
import { type TemplateIssueCode, templateIssueMessages } from './template-issues.ts';
import { validateTemplate } from './validate-template.ts';

const number = (id: string, label = id): FieldInput => ({ id, type: 'number', label });
const text = (id: string, label = id): FieldInput => ({ id, type: 'singleLineText', label });
const formula = (id: string, expression: string, label = id): FieldInput => ({
  id,
  type: 'formula',
  label,
  expression,
});
const table: FieldInput = {
  id: 'materials',
  type: 'defaultTable',
  label: 'Materials',
  columns: [
    { id: 'item', heading: 'Item', width: 'M', cellType: 'text' },
    { id: 'qty', heading: 'Qty', width: 'S', cellType: 'number' },
    { id: 'rate', heading: 'Rate', width: 'S', cellType: 'number' },
    { id: 'cost', heading: 'Cost', width: 'S', cellType: 'formula', expression: '{qty} * {rate}' },
  ],
};

function validate(fields: FieldInput[]) {
  const definition = templateDefinitionSchema.parse({ fields: fields.map((f) => fieldSchema.parse(f)) });
  return validateTemplate(
    { name: 'Costs', templateCode: 'C-1', formName: 'Cost', type: 'timeline', definition },
    { plan: 'premium' },
  );
}

describe('template formulas (shared rule of the editor and the server)', () => {
  it('accepts formulas over numbers, other formulas and table columns', () => {
    expect(
      validate([
        number('f-qty', 'Quantity'),
        number('f-rate', 'Rate'),
        formula('f-sub', '{f-qty} * {f-rate}', 'Subtotal'),
        formula('f-total', 'ROUND({f-sub} * 1.2, 2) + SUM({materials.cost})', 'Total'),
        formula('f-label', 'CONCAT({f-name}, " ", {f-qty})', 'Label'),
        text('f-name', 'Name'),
        table,
        formula('f-empty', ''),
      ]),
    ).toEqual([]);
  });

  it.each<[string, FieldInput[], TemplateIssueCode, string, string]>([
    [
      'does not parse',
      [number('a'), formula('t', '{a} *')],
      'formulaSyntax',
      'definition.fields.1.expression',
      'Expected a value',
    ],
    [
      'an unknown function',
      [formula('t', 'FOO(1)')],
      'formulaSyntax',
      'definition.fields.0.expression',
      'Unknown function FOO',
    ],
    [
      'a wrong number of arguments',
      [formula('t', 'IF(1)')],
      'formulaSyntax',
      'definition.fields.0.expression',
      'IF takes 2 to 3',
    ],
    [
      'a missing field',
      [number('a', 'Quantity'), formula('t', '{a} * {Quantityy}')],
      'formulaUnknownField',
      'definition.fields.1.expression',
      '{Quantityy} does not name a field',
    ],
    [
      'a text field where a number is needed (detail by label)',
      [text('n', 'Name'), formula('t', '{n} * 2')],
      'formulaNotNumber',
      'definition.fields.1.expression',
      '{Name} is not a number',
    ],
    [
      'a formula giving text where a number is needed',
      [text('n'), formula('j', '{n} & "x"'), formula('t', '{j} + 1')],
      'formulaNotNumber',
      'definition.fields.2.expression',
      'is not a number',
    ],
    [
      'a text column in SUM',
      [table, formula('t', 'SUM({materials.item})')],
      'formulaNotNumber',
      'definition.fields.1.expression',
      '{Materials.Item} is not a number',
    ],
    [
      'a table column outside SUM',
      [table, formula('t', '{materials.qty} + 1')],
      'formulaList',
      'definition.fields.1.expression',
      'is a list',
    ],
    ['itself', [formula('t', '{t} + 1')], 'formulaCycle', 'definition.fields.0.expression', 'refers to itself'],
    [
      'a cycle through other formulas',
      [formula('a', '{b} + 1'), formula('b', '{c} * 2'), formula('c', '{a}')],
      'formulaCycle',
      'definition.fields.0.expression',
      'refers to itself',
    ],
    [
      'a formula column over an unknown column',
      [
        {
          ...table,
          columns: [
            ...(table as { columns: object[] }).columns.slice(0, 3),
            { id: 'cost', heading: 'Cost', width: 'S', cellType: 'formula', expression: '{qty} * {price}' },
          ],
        } as FieldInput,
      ],
      'formulaUnknownField',
      'definition.fields.0.columns.3.expression',
      '{price} does not name a field',
    ],
    [
      'a formula column over a formula field (rows see non-formula fields only)',
      [
        formula('t', '1'),
        {
          ...table,
          columns: [{ id: 'x', heading: 'X', width: 'S', cellType: 'formula', expression: '{t} * 2' }],
        } as FieldInput,
      ],
      'formulaUnknownField',
      'definition.fields.1.columns.0.expression',
      'does not name a field',
    ],
  ])('refuses a formula with %s', (_case, fields, code, path, detail) => {
    const issues = validate(fields);
    expect(issues).toContainEqual(
      expect.objectContaining({
        code,
        path,
        message: templateIssueMessages[code],
        detail: expect.stringContaining(detail),
      }),
    );
  });

  it('addresses the formula field by id, each problem once', () => {
    const issues = validate([text('n'), formula('t', '{n} * {n} + {gone} + {gone}')]);
    expect(issues.map((i) => [i.code, i.fieldId])).toEqual([
      ['formulaNotNumber', 't'],
      ['formulaUnknownField', 't'],
    ]);
  });
});
