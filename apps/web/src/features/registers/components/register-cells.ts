import type { Field } from '@formwork/shared/fields/field';
import { formatInstant } from '@formwork/shared/forms/date-text';
import { fieldValueText, type TextContext } from '@formwork/shared/forms/value-text';
import { type FormRow, type FormSource, formSourceText } from '@formwork/shared/schemas/forms';

export type RegisterColumnDef = {
  key: string;
  label: string;
  kind: 'metadata' | 'field';
  type: string;
  sortable: boolean;
};

export type RegisterCellContext = TextContext & {
  columnName?: (index: number) => string | undefined;
  stateName?: (state: string) => string;
  /** A form submitted through a link (issue 21) in words: its Created by. */
  sourceName?: (source: NonNullable<FormSource>) => string;
};

/**
 * A register cell as text: metadata by kind, field values by the shared value text (the words of
 * the CSV/XLSX export, the PDF and the history); people and related forms by the names the
 * register API sends, times in the workspace's zone.
 */
export function cellText(
  column: RegisterColumnDef,
  row: FormRow,
  fields: ReadonlyMap<string, Field>,
  context: RegisterCellContext,
): string {
  if (column.kind === 'metadata') {
    if (column.key === 'createdBy' && row.source) return context.sourceName?.(row.source) ?? formSourceText(row.source);
    const value = row[column.key as keyof FormRow];
    if (value === null || value === undefined) return '';
    if (column.key === 'createdAt' || column.key === 'updatedAt') return formatInstant(String(value), context);
    if (column.key === 'createdBy' || column.key === 'updatedBy') {
      return context.userName?.(String(value)) ?? context.words?.unknownPerson ?? '';
    }
    if (column.key === 'workflowColumn') return context.columnName?.(Number(value)) ?? String(value);
    if (column.key === 'state') return context.stateName?.(String(value)) ?? String(value);
    return String(value);
  }
  const fieldId = column.key.slice('field:'.length);
  const field = fields.get(fieldId);
  const value = row.values[fieldId];
  if (value === undefined || value === null) return '';
  if (!field) return typeof value === 'object' ? JSON.stringify(value) : String(value);
  return fieldValueText(field, value, context);
}

const noValueTypes: readonly Field['type'][] = [
  'pageBreak',
  'prefilledText',
  'logo',
  'filePath',
  'templateId',
  'templateVersion',
  'pdfPageNumber',
  'actions',
];

/**
 * Columns shown when nobody chose (known from the template before the first page, so the first
 * request already asks for them): number, title, updated, the workflow column, the first fields.
 */
export function defaultColumns(fields: readonly Field[], workflow: boolean, fieldCount = 6): string[] {
  const metadata = ['number', 'title', 'updatedAt', ...(workflow ? ['workflowColumn'] : [])];
  const shown = fields
    .filter((f) => !noValueTypes.includes(f.type))
    .slice(0, fieldCount)
    .map((f) => `field:${f.id}`);
  return [...metadata, ...shown];
}
