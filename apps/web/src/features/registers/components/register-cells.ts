import type { Field } from '@formwork/shared/fields/field';
import { fieldValueText, type TextContext } from '@formwork/shared/forms/value-text';
import type { FormRow } from '@formwork/shared/schemas/forms';

export type RegisterColumnDef = {
  key: string;
  label: string;
  kind: 'metadata' | 'field';
  type: string;
  sortable: boolean;
};

/** A register cell as text: metadata by kind, field values by the shared value-text rules. */
export function cellText(
  column: RegisterColumnDef,
  row: FormRow,
  fields: ReadonlyMap<string, Field>,
  context: TextContext & { columnName?: (index: number) => string | undefined },
): string {
  if (column.kind === 'metadata') {
    const value = row[column.key as keyof FormRow];
    if (value === null || value === undefined) return '';
    if (column.key === 'createdAt' || column.key === 'updatedAt') return new Date(String(value)).toLocaleString();
    if (column.key === 'createdBy' || column.key === 'updatedBy') return context.userName?.(String(value)) ?? '';
    if (column.key === 'workflowColumn') return context.columnName?.(Number(value)) ?? String(value);
    if (column.key === 'state') return String(value) === 'archived' ? 'Archived' : 'Active';
    return String(value);
  }
  const fieldId = column.key.slice('field:'.length);
  const field = fields.get(fieldId);
  const value = row.values[fieldId];
  if (value === undefined || value === null) return '';
  if (!field) return typeof value === 'object' ? JSON.stringify(value) : String(value);
  return fieldValueText(field, value, context);
}

/** Columns shown when nobody chose: number, title, updated, and the first fields. */
export function defaultColumns(all: readonly RegisterColumnDef[], fieldCount = 6): string[] {
  const metadata = ['number', 'title', 'updatedAt', 'workflowColumn'].filter((k) => all.some((c) => c.key === k));
  const fields = all
    .filter((c) => c.kind === 'field')
    .slice(0, fieldCount)
    .map((c) => c.key);
  return [...metadata, ...fields];
}
