import type { Field, FieldType } from '@formwork/shared/fields/field';
import { fieldTypeLabels } from '@formwork/shared/fields/field';
import { defaultFooter, defaultHeader } from '@formwork/shared/fields/header-footer';
import { defaultPdfFilenameSettings } from '@formwork/shared/fields/pdf-filename-settings';
import type { TableColumn } from '@formwork/shared/fields/table-fields';
import type { TemplateDefinition, TemplateType } from '@formwork/shared/templates/template-definition';

/** Short random ids for fields, columns, options, blocks and items (stable across saves). */
export function newId(prefix = 'f'): string {
  const random =
    globalThis.crypto?.randomUUID?.().replace(/-/g, '').slice(0, 10) ?? Math.random().toString(36).slice(2, 12);
  return `${prefix}-${random}`;
}

export function newColumn(heading: string): TableColumn {
  return { id: newId('c'), heading, width: 'M', cellType: 'text', excludeFromClone: false };
}

/** The palette groups of the field editor, in the order of spec 3. */
export const fieldGroups: { key: string; types: FieldType[] }[] = [
  { key: 'text', types: ['singleLineText', 'multiLineText', 'prefilledText', 'number', 'formula'] },
  { key: 'dates', types: ['date', 'dateTime', 'dateRange', 'dateTimeRange', 'expiryDate'] },
  { key: 'choices', types: ['yesNo', 'yesNoNa', 'list', 'multipleChoice', 'dropdown', 'listProperty'] },
  { key: 'tables', types: ['defaultTable', 'prefilledTable', 'signOnTable'] },
  { key: 'signatures', types: ['signature', 'manualSignature', 'approvalSignature'] },
  { key: 'media', types: ['photos', 'sketch', 'logo'] },
  { key: 'people', types: ['person', 'singlePerson', 'actions', 'relationship', 'location'] },
  {
    key: 'layout',
    types: ['pageBreak', 'filePath', 'templateId', 'templateVersion', 'pdfPageNumber'],
  },
];

/** A new field of a type with valid defaults (a table gets a column, a prefilled table a row). */
export function newField(type: FieldType, label: string = fieldTypeLabels[type]): Field {
  const base = { id: newId(), label, required: false };
  switch (type) {
    case 'singleLineText':
    case 'multiLineText':
    case 'dateRange':
    case 'dateTimeRange':
    case 'signature':
    case 'manualSignature':
    case 'pageBreak':
    case 'actions':
    case 'filePath':
    case 'templateId':
    case 'templateVersion':
    case 'pdfPageNumber':
      return { ...base, type } as Field;
    case 'prefilledText':
      return { ...base, type, text: '' };
    case 'date':
      return { ...base, type, defaultToToday: false };
    case 'dateTime':
      return { ...base, type, defaultToNow: false };
    case 'expiryDate':
      return { ...base, type, warnDaysBefore: 30 };
    case 'yesNo':
    case 'yesNoNa':
      return { ...base, type, withText: false };
    case 'list':
      return { ...base, type, listId: null, allowMultiple: false };
    case 'multipleChoice':
      return {
        ...base,
        type,
        allowMultiple: false,
        options: [
          { id: newId('o'), label: 'Option 1' },
          { id: newId('o'), label: 'Option 2' },
        ],
      };
    case 'dropdown':
      return {
        ...base,
        type,
        options: [
          { id: newId('o'), label: 'Option 1' },
          { id: newId('o'), label: 'Option 2' },
        ],
      };
    case 'defaultTable':
      return { ...base, type, orientation: 'vertical', columns: [newColumn('Column 1')] };
    case 'prefilledTable': {
      const column = newColumn('Item');
      return {
        ...base,
        type,
        orientation: 'vertical',
        columns: [column, newColumn('Response')],
        rows: [{ id: newId('r'), cells: { [column.id]: '' } }],
      };
    }
    case 'signOnTable':
      return { ...base, type, statement: '', columns: [] };
    case 'approvalSignature':
      return { ...base, type, columnId: null, logic: null };
    case 'photos':
      return { ...base, type, size: 'M' };
    case 'sketch':
      return { ...base, type, backgroundImage: null };
    case 'logo':
      return { ...base, type, image: null };
    case 'person':
    case 'singlePerson':
      return { ...base, type, teamMembersOnly: false };
    case 'relationship':
      return { ...base, type, relatedTemplateId: null };
    case 'location':
      return { ...base, type, captureGps: true };
    case 'formula':
      return { ...base, type, expression: '', decimals: 2 };
    case 'listProperty':
      return { ...base, type, sourceFieldId: null, property: '' };
    case 'number':
      // No precision: numbers keep what was typed until the template sets one.
      return { ...base, type };
  }
}

export function emptyDefinition(type: TemplateType): TemplateDefinition {
  return {
    fields: [],
    logic: [],
    header: defaultHeader(),
    footer: defaultFooter(),
    // A new template follows the workspace's Documents & Formatting settings until its author
    // chooses its own (issue 23.1).
    pdfFilename: { ...defaultPdfFilenameSettings, useWorkspaceSettings: true },
    registerOrder: null,
    workflow:
      type === 'workflow'
        ? {
            columns: [
              { id: 'open', name: 'Open' },
              { id: 'closed', name: 'Closed' },
            ],
          }
        : null,
  };
}
