import { z } from 'zod';
import type { Field, FieldType } from '../fields/field.ts';
import type { TableColumn } from '../fields/table-fields.ts';
import { listPropertyTypeSchema } from '../schemas/lists.ts';

/**
 * The value each field type keeps in a form's `values` (field id -> value). Ids of uploaded files
 * (signatures, photos, sketches) come from POST /api/companies/:companyId/files; people are user
 * ids of the workspace; relationships are form ids.
 */

const uuid = z.string().uuid();
const isoDate = z.iso.date({ error: 'Enter a valid date' });
const isoDateTime = z.iso.datetime({ offset: true, error: 'Enter a valid date and time' });

export const rangeOrderMessage = 'The end must not be before the start';

/** Decimal places of a number as written: 9 -> 0, 9.2 -> 1, 1.5e-7 -> 8. */
export function decimalPlaces(value: number): number {
  if (!Number.isFinite(value)) return 0;
  const [mantissa = '', exponent = '0'] = String(value).toLowerCase().split('e');
  const fraction = mantissa.split('.')[1]?.length ?? 0;
  return Math.max(0, fraction - Number(exponent));
}

/** The message for a number with more decimals than its field's precision allows. */
export const decimalsMessage = (decimals: number) =>
  decimals === 0
    ? 'Enter a whole number'
    : `Enter a number with at most ${decimals} decimal place${decimals === 1 ? '' : 's'}`;
export const choiceMessage = 'Choose one of the options';
export const readOnlyFieldTypes: readonly FieldType[] = [
  'prefilledText',
  'formula',
  'listProperty',
  'logo',
  'filePath',
  'templateId',
  'templateVersion',
  'pdfPageNumber',
  'pageBreak',
  'actions',
];
/** Fields computed from others; kept in `values` so registers and exports can show and sort them. */
export const computedFieldTypes: readonly FieldType[] = ['formula', 'listProperty'];

export const signatureValueSchema = z.object({
  fileId: uuid,
  signedAt: isoDateTime.optional(),
  signerName: z.string().trim().max(200).optional(),
});
export type SignatureValue = z.infer<typeof signatureValueSchema>;

export const photoValueSchema = z.object({ fileId: uuid, caption: z.string().max(500).optional() });
export type PhotoValue = z.infer<typeof photoValueSchema>;

export const locationValueSchema = z.object({
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  accuracyMetres: z.number().min(0).max(100_000).optional(),
  address: z.string().max(500).optional(),
});
export type LocationValue = z.infer<typeof locationValueSchema>;

function range(point: z.ZodType<string>) {
  return z
    .object({ start: point, end: point })
    .refine((r) => Date.parse(r.start) <= Date.parse(r.end), { message: rangeOrderMessage, path: ['end'] });
}

function yesNo(answers: readonly [string, ...string[]], withText: boolean) {
  return z.object({
    answer: z.enum(answers, { error: choiceMessage }).nullable(),
    ...(withText ? { text: z.string().max(5000).optional() } : {}),
  });
}

function optionIds(options: readonly { id: string }[]) {
  const ids = options.map((o) => o.id);
  return z.string().refine((v) => ids.includes(v), { message: choiceMessage });
}

/**
 * The item a list field was filled with, as it was at that moment (issue 18.5): its id, label,
 * colour and every property of the list with the item's value. The server writes it from the list
 * when an item is picked and keeps it afterwards, so renaming or deleting the item in the list does
 * not change the form, its register, PDF, history or exports.
 */
export const listItemSnapshotSchema = z.object({
  itemId: uuid,
  label: z.string().min(1).max(500),
  colour: z.string().nullable().default(null),
  properties: z
    .array(z.object({ id: uuid, name: z.string().max(100), type: listPropertyTypeSchema, value: z.string().max(1000) }))
    .max(100)
    .default([]),
});
export type ListItemSnapshot = z.infer<typeof listItemSnapshotSchema>;

/** Whether a stored value entry is a list item snapshot. */
export function isListItemSnapshot(value: unknown): value is ListItemSnapshot {
  return typeof value === 'object' && value !== null && typeof (value as { itemId?: unknown }).itemId === 'string';
}

const maxTableRows = 1000;

/** A table cell by the column's cell type; formula and prefilled cells are computed, not sent. */
export function cellValueSchema(column: TableColumn): z.ZodType | null {
  switch (column.cellType) {
    case 'text':
      return z.string().max(5000);
    case 'number':
      return z.number().finite();
    case 'date':
      return isoDate;
    case 'dateTime':
      return isoDateTime;
    case 'yesNo':
      return z.enum(['yes', 'no'], { error: choiceMessage });
    case 'yesNoNa':
      return z.enum(['yes', 'no', 'na'], { error: choiceMessage });
    case 'dropdown':
      return optionIds(column.options ?? []);
    case 'list':
      // Text: a cell kept from before list columns named a list (the server takes no new text).
      return z.union([listItemSnapshotSchema, z.string().max(5000)]);
    case 'person':
      return uuid;
    case 'signature':
    case 'manualSignature':
      return signatureValueSchema;
    case 'photo':
      return z.array(photoValueSchema).max(20);
    case 'formula':
    case 'prefilledText':
      return null;
  }
}

function cellsSchema(columns: readonly TableColumn[]) {
  const shape: Record<string, z.ZodType> = {};
  for (const column of columns) {
    const schema = cellValueSchema(column);
    if (schema) shape[column.id] = schema.nullable().optional();
  }
  return z.object(shape).strip();
}

const rowId = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/);

/**
 * The schema of one field's value, or null for fields that hold none the user can send (read-only,
 * computed, layout). Values are nullable: null or absent is "not answered".
 */
export function fieldValueSchema(field: Field): z.ZodType | null {
  switch (field.type) {
    case 'singleLineText':
      return z.string().max(field.maxLength ?? 500);
    case 'multiLineText':
      return z.string().max(field.maxLength ?? 20_000);
    case 'date':
    case 'expiryDate':
      return isoDate;
    case 'dateTime':
      return isoDateTime;
    case 'dateRange':
      return range(isoDate);
    case 'dateTimeRange':
      return range(isoDateTime);
    case 'yesNo':
      return yesNo(['yes', 'no'], field.withText);
    case 'yesNoNa':
      return yesNo(['yes', 'no', 'na'], field.withText);
    case 'list':
      return z
        .array(listItemSnapshotSchema)
        .max(field.allowMultiple ? 500 : 1, { message: 'Choose only one item' })
        .refine((v) => new Set(v.map((i) => i.itemId)).size === v.length, { message: 'An item is chosen twice' });
    case 'multipleChoice':
      return z
        .array(optionIds(field.options))
        .max(field.allowMultiple ? field.options.length : 1, { message: 'Choose only one option' })
        .refine((v) => new Set(v).size === v.length, { message: 'An option is chosen twice' });
    case 'dropdown':
      return optionIds(field.options);
    case 'defaultTable':
      return z.object({
        rows: z.array(z.object({ id: rowId, cells: cellsSchema(field.columns) })).max(maxTableRows),
      });
    case 'prefilledTable': {
      const rowIds = new Set(field.rows.map((r) => r.id));
      return z.object({
        rows: z
          .array(
            z.object({
              id: rowId.refine((id) => rowIds.has(id), { message: 'Rows of a prefilled table come from the template' }),
              cells: cellsSchema(field.columns),
            }),
          )
          .max(field.rows.length),
      });
    }
    case 'signOnTable':
      return z.object({
        rows: z
          .array(
            z.object({
              id: rowId,
              name: z.string().trim().max(200).default(''),
              company: z.string().trim().max(200).default(''),
              signature: signatureValueSchema.nullable().default(null),
              cells: cellsSchema(field.columns),
            }),
          )
          .max(maxTableRows),
      });
    case 'signature':
    case 'manualSignature':
    case 'approvalSignature':
      return signatureValueSchema;
    case 'photos':
      return z.array(photoValueSchema).max(field.maxPhotos ?? 100);
    case 'sketch':
      return z.object({ fileId: uuid });
    case 'person':
      return z.array(uuid).max(200);
    case 'singlePerson':
      return uuid;
    case 'relationship':
      return z.array(uuid).max(200);
    case 'location':
      return locationValueSchema;
    case 'number': {
      let schema = z.number({ error: 'Enter a number' }).finite();
      if (field.min !== undefined) schema = schema.min(field.min, `Enter ${field.min} or more`);
      if (field.max !== undefined) schema = schema.max(field.max, `Enter ${field.max} or less`);
      const { decimals } = field;
      // A precision refuses extra decimals; it never rounds what was typed (issue 14.2).
      if (decimals !== undefined) return schema.refine((v) => decimalPlaces(v) <= decimals, decimalsMessage(decimals));
      return schema;
    }
    default:
      return null;
  }
}

/** Not answered: absent, null, blank text, an empty list, a Yes/No without an answer, a table without rows. */
export function isEmptyValue(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object') {
    const v = value as Record<string, unknown>;
    if ('answer' in v) return v.answer === null || v.answer === undefined;
    if ('rows' in v) return !Array.isArray(v.rows) || v.rows.length === 0;
    if ('fileId' in v) return !v.fileId;
  }
  return false;
}
