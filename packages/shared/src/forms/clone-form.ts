import { alwaysClonedFieldTypes, type Field, neverClonedFieldTypes } from '../fields/field.ts';
import type { TableColumn } from '../fields/table-fields.ts';
import type { TemplateDefinition } from '../templates/template-definition.ts';
import type { FormValues } from './compute-formulas.ts';
import { isWorkflowSignature } from './validate-form-values.ts';

/** Uploads that are never copied to a clone (spec 5.1: attachments, photos and signatures). */
const uploadFieldTypes: readonly Field['type'][] = ['photos', 'sketch', 'approvalSignature'];
const uploadCellTypes: readonly TableColumn['cellType'][] = ['signature', 'manualSignature', 'photo'];

export type ClonedValues = {
  values: FormValues;
  /**
   * Cells past the plan's field limit, cloned as text (spec 5.1): field id -> the value as text.
   * They are shown as plain text cells on the clone.
   */
  textCells: Record<string, string>;
  /** Field ids left out, with the rule that left them out (for the clone dialog). */
  skipped: { fieldId: string; reason: 'notCloneable' | 'upload' }[];
};

type Row = { id: string; cells: Record<string, unknown> } & Record<string, unknown>;

function cloneTable(field: Extract<Field, { columns: TableColumn[] }>, value: unknown): unknown {
  const table = value as { rows?: Row[] } | null;
  if (!table?.rows) return value;
  const dropped = new Set(
    field.columns.filter((c) => c.excludeFromClone || uploadCellTypes.includes(c.cellType)).map((c) => c.id),
  );
  const rows = table.rows.map((row) => {
    const cells = Object.fromEntries(Object.entries(row.cells ?? {}).filter(([id]) => !dropped.has(id)));
    // Sign-on rows keep who attended, not their signatures.
    return field.type === 'signOnTable' ? { ...row, cells, signature: null } : { ...row, cells };
  });
  return { ...table, rows };
}

/** A value as plain text (for cells past the field limit). */
export function valueAsText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.map(valueAsText).join(', ');
  const v = value as Record<string, unknown>;
  if ('answer' in v) return [v.answer, v.text].filter(Boolean).map(String).join(' - ');
  if ('start' in v && 'end' in v) return `${v.start} - ${v.end}`;
  if ('latitude' in v) return `${v.latitude}, ${v.longitude}`;
  return JSON.stringify(value);
}

/**
 * The values a clone starts with (spec 5.1): Location, Signature and Sign Manually cells are never
 * cloned; Formula, List Property and Prefilled Text always are (they are recomputed on the clone);
 * attachments, photos and signatures are not copied, nor table columns excluded at field level; and
 * when the plan's field limit is hit, the cells past it are cloned as text.
 */
export function cloneFormValues(definition: TemplateDefinition, source: FormValues, fieldLimit: number): ClonedValues {
  const values: FormValues = {};
  const textCells: Record<string, string> = {};
  const skipped: ClonedValues['skipped'] = [];
  definition.fields.forEach((field, index) => {
    const value = source[field.id];
    if (neverClonedFieldTypes.includes(field.type)) {
      skipped.push({ fieldId: field.id, reason: 'notCloneable' });
      return;
    }
    if (uploadFieldTypes.includes(field.type) || isWorkflowSignature(definition, field)) {
      skipped.push({ fieldId: field.id, reason: 'upload' });
      return;
    }
    if (value === undefined || value === null) return;
    if (alwaysClonedFieldTypes.includes(field.type)) {
      values[field.id] = value;
      return;
    }
    if (index >= fieldLimit) {
      const text = valueAsText(value);
      if (text) textCells[field.id] = text;
      return;
    }
    values[field.id] =
      field.type === 'defaultTable' || field.type === 'prefilledTable' || field.type === 'signOnTable'
        ? cloneTable(field, value)
        : value;
  });
  return { values, textCells, skipped };
}
