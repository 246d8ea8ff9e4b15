import { z } from 'zod';
import type { Field } from '../fields/field.ts';
import { itemIdSchema } from '../fields/field-base.ts';

/**
 * Which fields a register lists and sorts by, and a template's register order: the field its
 * register opens sorted by. The server keeps every form's sort key of that field (and of any field
 * a register was sorted by) indexed, so sorting stays fast however many forms there are (ADR 0015).
 */

export const registerOrderSchema = z.object({
  fieldId: itemIdSchema,
  direction: z.enum(['asc', 'desc']),
});
export type RegisterOrder = z.infer<typeof registerOrderSchema>;

/** Fields a register does not list: layout, actions and PDF-only items hold no value. */
const unlistedTypes: readonly Field['type'][] = [
  'pageBreak',
  'actions',
  'prefilledText',
  'logo',
  'filePath',
  'pdfPageNumber',
];

/** Listed fields whose values have no order: tables, media, signatures, places, people, links, sets. */
const unsortableTypes: readonly Field['type'][] = [
  'defaultTable',
  'prefilledTable',
  'signOnTable',
  'photos',
  'sketch',
  'signature',
  'manualSignature',
  'approvalSignature',
  'location',
  'person',
  'relationship',
  'multipleChoice',
  'list',
];

export function isListedField(field: Field): boolean {
  return !unlistedTypes.includes(field.type);
}

/**
 * How a field's value sorts (the `kind` of the SQL functions form_sort_number and form_sort_text): numbers as numbers,
 * Yes/No by the answer, ranges by their start, the rest as case-insensitive text; null when the
 * field cannot be sorted by.
 */
export type RegisterSortKind = 'number' | 'text' | 'answer' | 'start';

export function registerSortKind(field: Field): RegisterSortKind | null {
  if (!isListedField(field) || unsortableTypes.includes(field.type)) return null;
  switch (field.type) {
    case 'number':
    case 'formula':
      return 'number';
    case 'yesNo':
    case 'yesNoNa':
      return 'answer';
    case 'dateRange':
    case 'dateTimeRange':
      return 'start';
    default:
      return 'text';
  }
}

/** The register order's field with its sort kind, or null when the order names no sortable field. */
export function registerOrderField(
  fields: readonly Field[],
  order: RegisterOrder | null,
): { field: Field; kind: RegisterSortKind } | null {
  const field = order && fields.find((f) => f.id === order.fieldId);
  const kind = field ? registerSortKind(field) : null;
  return field && kind ? { field, kind } : null;
}
