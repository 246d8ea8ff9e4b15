import { describe, expect, it } from 'vitest';
import { type Field, type FieldInput, fieldSchema, fieldTypes } from '../fields/field.ts';
import type { LogicBlockInput } from '../fields/logic.ts';
import type { Plan } from '../permissions.ts';
import { parseTablePaste, tablePasteMessage } from './table-paste.ts';
import {
  definitionForType,
  type TemplateDefinition,
  type TemplateDefinitionInput,
  templateDefinitionSchema,
} from './template-definition.ts';
import { type TemplateIssueCode, templateIssueMessages } from './template-issues.ts';
import { type TemplateDraft, validateTemplate, validateTemplateInput } from './validate-template.ts';

function field(input: FieldInput): Field {
  return fieldSchema.parse(input);
}

const text = (id: string, label = id): FieldInput => ({ id, type: 'singleLineText', label });
const pageBreak = (id: string): FieldInput => ({ id, type: 'pageBreak' });
const yesNo = (id: string): FieldInput => ({ id, type: 'yesNo', label: id });
const image = (fileName: string, sizeBytes: number, contentType = 'image/png') => ({
  fileName,
  contentType,
  sizeBytes,
});

function definition(input: Partial<TemplateDefinitionInput> = {}): TemplateDefinition {
  return templateDefinitionSchema.parse({ fields: [text('a'), yesNo('q'), text('b')], ...input });
}

function draft(overrides: Partial<TemplateDraft> = {}, def: Partial<TemplateDefinitionInput> = {}): TemplateDraft {
  return {
    name: 'Daily Site Diary',
    templateCode: 'DSD-01',
    formName: 'Diary',
    type: 'timeline',
    definition: definition(def),
    ...overrides,
  };
}

const block = (extra: Partial<LogicBlockInput> = {}): LogicBlockInput => ({
  id: 'blk',
  triggerFieldId: 'q',
  conditions: [{ operator: 'equals', value: 'yes' }],
  fieldIds: ['b'],
  ...extra,
});

const n = <T>(count: number, make: (i: number) => T): T[] => Array.from({ length: count }, (_, i) => make(i));
const workflowColumns = {
  columns: [
    { id: 'c1', name: 'Reported' },
    { id: 'c2', name: 'Investigating' },
    { id: 'c3', name: 'Closed' },
  ],
};
const approval = (id: string, columnId: string | null, logic: unknown = null): FieldInput =>
  ({ id, type: 'approvalSignature', label: id, columnId, logic }) as FieldInput;

type Row = [rule: string, plan: Plan, draft: () => TemplateDraft, expected: { code: TemplateIssueCode; path: string }];

const rows: Row[] = [
  ['name not blank', 'premium', () => draft({ name: '   ' }), { code: 'nameRequired', path: 'name' }],
  [
    'name at most 200 characters',
    'premium',
    () => draft({ name: 'N'.repeat(300) }),
    { code: 'nameTooLong', path: 'name' },
  ],
  [
    'form name at most 200 characters',
    'premium',
    () => draft({ formName: 'F'.repeat(201) }),
    { code: 'formNameTooLong', path: 'formName' },
  ],
  ['name without slashes', 'premium', () => draft({ name: 'Site/Diary' }), { code: 'nameSlash', path: 'name' }],
  ['name without backslashes', 'premium', () => draft({ name: 'Site\\Diary' }), { code: 'nameSlash', path: 'name' }],
  [
    'Template ID not blank',
    'premium',
    () => draft({ templateCode: '' }),
    { code: 'templateCodeRequired', path: 'templateCode' },
  ],
  [
    'Template ID without slashes',
    'premium',
    () => draft({ templateCode: 'A/1' }),
    { code: 'templateCodeSlash', path: 'templateCode' },
  ],
  ['form name not blank', 'premium', () => draft({ formName: ' ' }), { code: 'formNameRequired', path: 'formName' }],
  [
    'register order on a field the register can sort by',
    'premium',
    () =>
      draft({}, { fields: [text('a'), pageBreak('p'), text('b')], registerOrder: { fieldId: 'p', direction: 'asc' } }),
    { code: 'registerOrderField', path: 'definition.registerOrder' },
  ],
  [
    'register order on an existing field',
    'premium',
    () => draft({}, { registerOrder: { fieldId: 'gone', direction: 'desc' } }),
    { code: 'registerOrderField', path: 'definition.registerOrder' },
  ],
  [
    'form name without slashes',
    'premium',
    () => draft({ formName: 'a/b' }),
    { code: 'formNameSlash', path: 'formName' },
  ],
  ['type required', 'premium', () => draft({ type: null }), { code: 'typeRequired', path: 'type' }],
  ['at least one field', 'premium', () => draft({}, { fields: [] }), { code: 'noFields', path: 'definition.fields' }],
  [
    'field ids unique',
    'premium',
    () => draft({}, { fields: [text('a'), text('a')] }),
    { code: 'duplicateFieldId', path: 'definition.fields.1.id' },
  ],
  [
    'page break not first',
    'premium',
    () => draft({}, { fields: [pageBreak('p'), text('a')] }),
    { code: 'pageBreakFirst', path: 'definition.fields.0' },
  ],
  [
    'page break not last',
    'premium',
    () => draft({}, { fields: [text('a'), pageBreak('p')] }),
    { code: 'pageBreakLast', path: 'definition.fields.1' },
  ],
  [
    'page break not next to another',
    'premium',
    () => draft({}, { fields: [text('a'), pageBreak('p1'), pageBreak('p2'), text('b')] }),
    { code: 'pageBreakAdjacent', path: 'definition.fields.2' },
  ],
  [
    'page break not inside a logic block',
    'premium',
    () =>
      draft({}, { fields: [text('a'), yesNo('q'), pageBreak('p'), text('b')], logic: [block({ fieldIds: ['p'] })] }),
    { code: 'pageBreakInLogic', path: 'definition.fields.2' },
  ],
  [
    'approval signature not inside a logic block',
    'premium',
    () => draft({}, { fields: [yesNo('q'), approval('s', null)], logic: [block({ fieldIds: ['s'] })] }),
    { code: 'approvalSignatureInLogic', path: 'definition.fields.1' },
  ],
  [
    'logic not nested',
    'premium',
    () =>
      draft(
        {},
        {
          fields: [yesNo('q'), yesNo('q2'), text('b')],
          logic: [block({ fieldIds: ['q2'] }), block({ id: 'b2', triggerFieldId: 'q2', fieldIds: ['b'] })],
        },
      ),
    { code: 'nestedLogic', path: 'definition.fields.1' },
  ],
  [
    'logic trigger exists',
    'premium',
    () => draft({}, { logic: [block({ triggerFieldId: 'nope' })] }),
    { code: 'logicUnknownField', path: 'definition.logic.0.triggerFieldId' },
  ],
  [
    'logic block fields exist',
    'premium',
    () => draft({}, { logic: [block({ fieldIds: ['nope'] })] }),
    { code: 'logicUnknownField', path: 'definition.logic.0.fieldIds.0' },
  ],
  [
    'logic trigger type can trigger',
    'premium',
    () => draft({}, { logic: [block({ triggerFieldId: 'a' })] }),
    { code: 'logicTriggerType', path: 'definition.logic.0.triggerFieldId' },
  ],
  [
    'logic block does not hold its trigger',
    'premium',
    () => draft({}, { logic: [block({ fieldIds: ['q'] })] }),
    { code: 'logicOwnTrigger', path: 'definition.logic.0.fieldIds.0' },
  ],
  [
    'a field in one logic block only',
    'premium',
    () =>
      draft(
        {},
        {
          logic: [block(), block({ id: 'b2', conditions: [{ operator: 'equals', value: 'no' }] })],
        },
      ),
    { code: 'logicFieldInTwoBlocks', path: 'definition.logic.1.fieldIds.0' },
  ],
  [
    'logic fields after the trigger',
    'premium',
    () => draft({}, { logic: [block({ fieldIds: ['a'] })] }),
    { code: 'logicFieldBeforeTrigger', path: 'definition.logic.0.fieldIds.0' },
  ],
  [
    'logic value is an answer of the trigger',
    'premium',
    () => draft({}, { logic: [block({ conditions: [{ operator: 'equals', value: 'maybe' }] })] }),
    { code: 'logicValue', path: 'definition.logic.0.conditions.0.value' },
  ],
  [
    'duplicate rule in a block',
    'premium',
    () =>
      draft(
        {},
        {
          logic: [
            block({
              conditions: [
                { operator: 'equals', value: 'yes' },
                { operator: 'equals', value: 'yes' },
              ],
            }),
          ],
        },
      ),
    { code: 'duplicateRule', path: 'definition.logic.0.conditions.1' },
  ],
  [
    'duplicate blocks on one trigger',
    'premium',
    () => draft({}, { logic: [block(), block({ id: 'b2', fieldIds: [] })] }),
    { code: 'duplicateRule', path: 'definition.logic.1' },
  ],
  [
    'duplicate actions in logic',
    'premium',
    () =>
      draft(
        {},
        {
          logic: [
            block({
              actions: [
                { type: 'createAction', title: 'Fix it' },
                { type: 'createAction', title: 'Fix it' },
              ],
            }),
          ],
        },
      ),
    { code: 'duplicateActions', path: 'definition.logic.0.actions.1' },
  ],
  [
    'standard plan: at most 3 rules in a block',
    'standard',
    () =>
      draft(
        {},
        {
          fields: [
            { id: 'q', type: 'dropdown', label: 'q', options: n(4, (i) => ({ id: `o${i}`, label: `O${i}` })) },
            text('b'),
          ],
          logic: [block({ conditions: n(4, (i) => ({ operator: 'equals', value: `o${i}` })) })],
        },
      ),
    { code: 'ruleLimit', path: 'definition.logic.0.conditions' },
  ],
  [
    'standard plan: at most 3 blocks on a field',
    'standard',
    () =>
      draft(
        {},
        {
          fields: [
            { id: 'q', type: 'dropdown', label: 'q', options: n(4, (i) => ({ id: `o${i}`, label: `O${i}` })) },
            text('b'),
          ],
          logic: n(4, (i) =>
            block({ id: `b${i}`, fieldIds: [], conditions: [{ operator: 'equals', value: `o${i}` }] }),
          ),
        },
      ),
    { code: 'ruleLimit', path: 'definition.logic.3' },
  ],
  [
    'premium plan: at most 6 blocks on a field',
    'premium',
    () =>
      draft(
        {},
        {
          fields: [{ id: 'q', type: 'number', label: 'q' }, text('b')],
          logic: n(7, (i) => block({ id: `b${i}`, fieldIds: [], conditions: [{ operator: 'lessThan', value: i }] })),
        },
      ),
    { code: 'ruleLimit', path: 'definition.logic.6' },
  ],
  [
    'standard plan: no approval-signature logic',
    'standard',
    () =>
      draft(
        {},
        {
          fields: [
            yesNo('q'),
            approval('s', null, { triggerFieldId: 'q', conditions: [{ operator: 'equals', value: 'yes' }] }),
          ],
        },
      ),
    { code: 'ruleLimit', path: 'definition.fields.1.logic' },
  ],
  [
    'premium plan: at most 12 approval-signature logic fields',
    'premium',
    () =>
      draft(
        {},
        {
          fields: [
            yesNo('q'),
            ...n(13, (i) =>
              approval(`s${i}`, null, { triggerFieldId: 'q', conditions: [{ operator: 'equals', value: 'yes' }] }),
            ),
          ],
        },
      ),
    { code: 'ruleLimit', path: 'definition.fields.13.logic' },
  ],
  [
    'person field names unique',
    'premium',
    () =>
      draft(
        {},
        {
          fields: [
            { id: 'p1', type: 'person', label: 'Supervisor' },
            { id: 'p2', type: 'singlePerson', label: ' supervisor ' },
          ],
        },
      ),
    { code: 'duplicatePersonName', path: 'definition.fields.1.label' },
  ],
  [
    'header text at most 35 characters',
    'premium',
    () => draft({}, { header: { items: [{ id: 'h', type: 'prefilledText', text: 'x'.repeat(36) }] } }),
    { code: 'headerTextTooLong', path: 'definition.header.items.0.text' },
  ],
  [
    'footer text at most 24 characters',
    'premium',
    () => draft({}, { footer: { items: [{ id: 'f', type: 'prefilledText', text: 'x'.repeat(25) }] } }),
    { code: 'footerTextTooLong', path: 'definition.footer.items.0.text' },
  ],
  [
    'header image is JPG, JPEG, PNG or BMP',
    'premium',
    () => draft({}, { header: { items: [{ id: 'h', type: 'image', image: image('plan.gif', 10, 'image/gif') }] } }),
    { code: 'imageType', path: 'definition.header.items.0.image' },
  ],
  [
    'header image under 5MB',
    'premium',
    () =>
      draft(
        {},
        { header: { items: [{ id: 'h', type: 'image', image: image('plan.jpeg', 5 * 1024 * 1024, 'image/jpeg') }] } },
      ),
    { code: 'imageSize', path: 'definition.header.items.0.image' },
  ],
  [
    'header logo under 50Kb',
    'premium',
    () => draft({}, { header: { items: [{ id: 'h', type: 'logo', image: image('logo.png', 50 * 1024) }] } }),
    { code: 'logoSize', path: 'definition.header.items.0.image' },
  ],
  [
    'logo field under 50Kb',
    'premium',
    () => draft({}, { fields: [{ id: 'l', type: 'logo', image: image('logo.bmp', 60_000, 'image/bmp') }] }),
    { code: 'logoSize', path: 'definition.fields.0.image' },
  ],
  [
    'XS columns only for Formula, Number, Prefilled Text and Text',
    'premium',
    () =>
      draft(
        {},
        {
          fields: [
            { id: 't', type: 'defaultTable', columns: [{ id: 'c', heading: 'Date', width: 'XS', cellType: 'date' }] },
          ],
        },
      ),
    { code: 'xsWidth', path: 'definition.fields.0.columns.0.width' },
  ],
  [
    'table column ids unique',
    'premium',
    () =>
      draft(
        {},
        {
          fields: [
            {
              id: 't',
              type: 'signOnTable',
              columns: [
                { id: 'c', width: 'S', cellType: 'text' },
                { id: 'c', width: 'S', cellType: 'text' },
              ],
            },
          ],
        },
      ),
    { code: 'duplicateColumnId', path: 'definition.fields.0.columns.1.id' },
  ],
  [
    'prefilled tables need a row',
    'premium',
    () =>
      draft(
        {},
        {
          fields: [{ id: 't', type: 'prefilledTable', columns: [{ id: 'c', width: 'M', cellType: 'text' }], rows: [] }],
        },
      ),
    { code: 'prefilledTableNoRows', path: 'definition.fields.0.rows' },
  ],
  [
    'standard plan: at most 3 list-property fields',
    'standard',
    () => draft({}, { fields: n(4, (i) => ({ id: `lp${i}`, type: 'listProperty' }) as FieldInput) }),
    { code: 'listPropertyLimit', path: 'definition.fields.3' },
  ],
  [
    'premium plan: at most 50 list-property fields',
    'premium',
    () => draft({}, { fields: n(51, (i) => ({ id: `lp${i}`, type: 'listProperty' }) as FieldInput) }),
    { code: 'listPropertyLimit', path: 'definition.fields.50' },
  ],
  [
    'premium plan: at most 20 location fields',
    'premium',
    () => draft({}, { fields: n(21, (i) => ({ id: `l${i}`, type: 'location' }) as FieldInput) }),
    { code: 'locationLimit', path: 'definition.fields.20' },
  ],
  [
    'standard plan: fields per template',
    'standard',
    () => draft({}, { fields: n(201, (i) => text(`f${i}`)) }),
    { code: 'fieldLimit', path: 'definition.fields' },
  ],
  [
    'standard plan: no PDF filename custom fields',
    'standard',
    () => draft({}, { pdfFilename: { parts: [{ kind: 'field', fieldId: 'a' }] } }),
    { code: 'pdfFilenameCustomFields', path: 'definition.pdfFilename.parts.0' },
  ],
  [
    'premium plan: at most 8 PDF filename custom fields',
    'premium',
    () => draft({}, { pdfFilename: { parts: n(9, () => ({ kind: 'field', fieldId: 'a' })) } }),
    { code: 'pdfFilenameCustomFields', path: 'definition.pdfFilename.parts.8' },
  ],
  [
    'PDF filename fields exist',
    'premium',
    () => draft({}, { pdfFilename: { parts: [{ kind: 'field', fieldId: 'gone' }] } }),
    { code: 'pdfFilenameUnknownField', path: 'definition.pdfFilename.parts.0.fieldId' },
  ],
  [
    'Workflow needs at least two columns',
    'premium',
    () => draft({ type: 'workflow' }, { workflow: { columns: [{ id: 'c1', name: 'Open' }] } }),
    { code: 'workflowColumnsRequired', path: 'definition.workflow.columns' },
  ],
  [
    'only Workflow templates have columns',
    'premium',
    () => draft({ type: 'register' }, { workflow: workflowColumns }),
    { code: 'workflowColumnsNotAllowed', path: 'definition.workflow.columns' },
  ],
  [
    'Workflow column names unique',
    'premium',
    () =>
      draft(
        { type: 'workflow' },
        {
          fields: [text('a'), approval('s', 'c2')],
          workflow: {
            columns: [
              { id: 'c1', name: 'Open' },
              { id: 'c2', name: 'open' },
            ],
          },
        },
      ),
    { code: 'workflowColumnDuplicate', path: 'definition.workflow.columns.1.name' },
  ],
  [
    'approval signature moves into a later column',
    'premium',
    () =>
      draft(
        { type: 'workflow' },
        { fields: [approval('s1', 'c1'), approval('s2', 'c2'), approval('s3', 'c3')], workflow: workflowColumns },
      ),
    { code: 'approvalSignatureColumn', path: 'definition.fields.0.columnId' },
  ],
  [
    'one approval signature per later column',
    'premium',
    () => draft({ type: 'workflow' }, { fields: [text('a'), approval('s2', 'c2')], workflow: workflowColumns }),
    { code: 'approvalSignaturesPerColumn', path: 'definition.workflow.columns.2' },
  ],
];

describe('validateTemplate', () => {
  it('a register order on a text, number or Yes/No field is valid', () => {
    for (const fieldId of ['a', 'q']) {
      expect(
        validateTemplate(draft({}, { registerOrder: { fieldId, direction: 'asc' } }), { plan: 'premium' }),
      ).toEqual([]);
    }
  });

  it('a valid template has no issues', () => {
    expect(validateTemplate(draft(), { plan: 'standard' })).toEqual([]);
  });

  it('a valid Workflow template with one approval signature per later column has no issues', () => {
    const d = draft(
      { type: 'workflow' },
      { fields: [text('a'), approval('s2', 'c2'), approval('s3', 'c3')], workflow: workflowColumns },
    );
    expect(validateTemplate(d, { plan: 'standard' })).toEqual([]);
  });

  it('a valid template with logic on the premium plan has no issues', () => {
    const d = draft({}, { logic: [block({ actions: [{ type: 'notify', emails: ['safety@acme.example'] }] })] });
    expect(validateTemplate(d, { plan: 'premium' })).toEqual([]);
  });

  it.each(rows)('%s', (_rule, plan, make, expected) => {
    const issues = validateTemplate(make(), { plan });
    expect(issues).toContainEqual(
      expect.objectContaining({ ...expected, message: templateIssueMessages[expected.code] }),
    );
  });

  it('field-addressed issues carry the field id', () => {
    const issues = validateTemplate(draft({}, { fields: [pageBreak('p'), text('a')] }), { plan: 'premium' });
    expect(issues).toEqual([
      {
        path: 'definition.fields.0',
        message: 'A page break cannot be the first field',
        code: 'pageBreakFirst',
        fieldId: 'p',
      },
    ]);
  });

  it('uses the spec 8.2 wording for plan rules', () => {
    expect(templateIssueMessages.locationLimit).toBe('You have exceeded the Location field limit for your plan type');
    expect(templateIssueMessages.ruleLimit).toBe('Plan type rule limit exceeded');
    expect(templateIssueMessages.duplicateRule).toBe('Duplicating rule detected');
    expect(templateIssueMessages.duplicateActions).toBe('Duplicating actions detected in logic');
    expect(templateIssueMessages.pdfFilenameCustomFields).toBe(
      'You have exceeded the custom field limit for your plan type.',
    );
  });
});

describe('validateTemplateInput', () => {
  it('reports schema problems with their path, e.g. a legacy column width', () => {
    const issues = validateTemplateInput(
      {
        name: 'T',
        templateCode: 'T',
        formName: 'T',
        type: 'timeline',
        definition: {
          fields: [{ id: 't', type: 'defaultTable', columns: [{ id: 'c', width: 'wide', cellType: 'text' }] }],
        },
      },
      { plan: 'premium' },
    );
    expect(issues).toEqual([
      {
        path: 'definition.fields.0.columns.0.width',
        message: 'Legacy table column widths must be replaced with S, M, L or XL',
        code: 'invalid',
      },
    ]);
  });

  it('rejects an unknown field type', () => {
    const issues = validateTemplateInput(
      {
        name: 'T',
        templateCode: 'T',
        formName: 'T',
        type: 'timeline',
        definition: { fields: [{ id: 'x', type: 'hologram' }] },
      },
      { plan: 'premium' },
    );
    expect(issues[0]?.path).toBe('definition.fields.0.type');
  });

  it('runs the rules on valid input', () => {
    const issues = validateTemplateInput(
      { name: '', templateCode: 'T', formName: 'T', type: 'timeline', definition: { fields: [text('a')] } },
      { plan: 'premium' },
    );
    expect(issues.map((i) => i.code)).toEqual(['nameRequired']);
  });
});

describe('every field type', () => {
  it('parses with its defaults from id and type alone (tables and choices need their parts)', () => {
    const needs: Partial<Record<string, Record<string, unknown>>> = {
      multipleChoice: { options: [{ id: 'o', label: 'O' }] },
      dropdown: { options: [{ id: 'o', label: 'O' }] },
      defaultTable: { columns: [{ id: 'c', width: 'S', cellType: 'text' }] },
      prefilledTable: { columns: [{ id: 'c', width: 'S', cellType: 'text' }], rows: [{ id: 'r', cells: { c: 'x' } }] },
    };
    expect(fieldTypes).toHaveLength(35);
    for (const type of fieldTypes) {
      const parsed = fieldSchema.safeParse({ id: `f-${type}`, type, ...needs[type] });
      expect(parsed.success, type).toBe(true);
    }
  });

  it('a template with one field of every type is valid', () => {
    const fields = fieldTypes
      .filter((t) => t !== 'pageBreak' && t !== 'approvalSignature')
      .map((type) =>
        field({
          id: `f-${type}`,
          type,
          label: type,
          ...(type === 'multipleChoice' || type === 'dropdown' ? { options: [{ id: 'o', label: 'O' }] } : {}),
          ...(type.endsWith('Table') && type !== 'signOnTable'
            ? { columns: [{ id: 'c', width: 'XS', cellType: 'number' }], rows: [{ id: 'r', cells: { c: '1' } }] }
            : {}),
        } as FieldInput),
      );
    fields.splice(3, 0, field(pageBreak('pb')));
    const d = { ...draft(), definition: templateDefinitionSchema.parse({ fields }) };
    expect(validateTemplate(d, { plan: 'premium' })).toEqual([]);
  });
});

describe('definitionForType (clone to another type)', () => {
  it('a Workflow gets default columns and their approval signature', () => {
    const d = definitionForType(definition(), 'workflow');
    expect(d.workflow?.columns.map((c) => c.name)).toEqual(['Open', 'Closed']);
    expect(validateTemplate({ ...draft({ type: 'workflow' }), definition: d }, { plan: 'premium' })).toEqual([]);
  });

  it('leaving Workflow drops the columns and unlinks approval signatures', () => {
    const wf = definition({
      fields: [text('a'), approval('s2', 'c2'), approval('s3', 'c3')],
      workflow: workflowColumns,
    });
    const d = definitionForType(wf, 'register');
    expect(d.workflow).toBeNull();
    expect(validateTemplate({ ...draft({ type: 'register' }), definition: d }, { plan: 'premium' })).toEqual([]);
  });
});

describe('table paste (spec 5.1: 10 columns by 50 rows)', () => {
  it.each([
    ['10 columns by 50 rows is accepted', n(50, () => n(10, () => 'x').join('\t')).join('\n'), true],
    ['a trailing line break adds no row', `${n(50, () => 'x').join('\n')}\n`, true],
    ['11 columns are refused', n(11, () => 'x').join('\t'), false],
    ['51 rows are refused', n(51, () => 'x').join('\r\n'), false],
  ])('%s', (_rule, clipboard, ok) => {
    const result = parseTablePaste(clipboard);
    expect(result.ok).toBe(ok);
    if (!result.ok) expect(result.message).toBe(tablePasteMessage);
  });
});
