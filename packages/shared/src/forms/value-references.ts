import type { Field } from '../fields/field.ts';
import type { TableColumn } from '../fields/table-fields.ts';
import type { FormValues } from './compute-formulas.ts';

/** The ids a form's values point at, each with where (the field path), for the server to verify. */
export type ValueReferences = {
  files: { id: string; path: string; fieldId: string }[];
  users: { id: string; path: string; fieldId: string }[];
  forms: { id: string; path: string; fieldId: string }[];
};

type Row = { cells?: Record<string, unknown>; signature?: { fileId?: string } | null };

function cellReferences(field: Field, columns: readonly TableColumn[], rows: Row[], into: ValueReferences) {
  rows.forEach((row, r) => {
    const base = `${field.id}.rows.${r}`;
    if (row.signature?.fileId)
      into.files.push({ id: row.signature.fileId, path: `${base}.signature`, fieldId: field.id });
    for (const column of columns) {
      const value = row.cells?.[column.id];
      if (value === undefined || value === null) continue;
      const path = `${base}.cells.${column.id}`;
      if (column.cellType === 'signature' || column.cellType === 'manualSignature') {
        into.files.push({ id: (value as { fileId: string }).fileId, path, fieldId: field.id });
      } else if (column.cellType === 'photo') {
        (value as { fileId: string }[]).forEach((p, i) => {
          into.files.push({ id: p.fileId, path: `${path}.${i}`, fieldId: field.id });
        });
      } else if (column.cellType === 'person') into.users.push({ id: value as string, path, fieldId: field.id });
    }
  });
}

/**
 * Whether a field's values may hold user or form ids (the `users` and `forms` of valueReferences):
 * a reader that needs only those can skip the other fields.
 */
export function mayNameUsersOrForms(field: Field): boolean {
  switch (field.type) {
    case 'person':
    case 'singlePerson':
    case 'relationship':
    case 'defaultTable':
    case 'prefilledTable':
    case 'signOnTable':
      return true;
    default:
      return false;
  }
}

/** Collects file, user and form ids from values already checked by validateFormValues. */
export function valueReferences(fields: readonly Field[], values: FormValues): ValueReferences {
  const refs: ValueReferences = { files: [], users: [], forms: [] };
  for (const field of fields) {
    const value = values[field.id];
    if (value === undefined || value === null) continue;
    const at = { fieldId: field.id };
    switch (field.type) {
      case 'signature':
      case 'manualSignature':
      case 'approvalSignature':
      case 'sketch':
        refs.files.push({ id: (value as { fileId: string }).fileId, path: `${field.id}.fileId`, ...at });
        break;
      case 'photos':
        (value as { fileId: string }[]).forEach((p, i) => {
          refs.files.push({ id: p.fileId, path: `${field.id}.${i}.fileId`, ...at });
        });
        break;
      case 'person':
        (value as string[]).forEach((id, i) => {
          refs.users.push({ id, path: `${field.id}.${i}`, ...at });
        });
        break;
      case 'singlePerson':
        refs.users.push({ id: value as string, path: field.id, ...at });
        break;
      case 'relationship':
        (value as string[]).forEach((id, i) => {
          refs.forms.push({ id, path: `${field.id}.${i}`, ...at });
        });
        break;
      case 'defaultTable':
      case 'prefilledTable':
      case 'signOnTable':
        cellReferences(field, field.columns, (value as { rows: Row[] }).rows ?? [], refs);
        break;
      default:
        break;
    }
  }
  return refs;
}
