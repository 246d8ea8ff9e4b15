import { z } from 'zod';
import { cursorPart, keysetCursor } from './cursor.ts';

/**
 * Lists (spec 3, 4.1, 5.1; issue 18): a list lives in the company (the List Library) or in a
 * project (that project's Lists). It has typed properties and items; each item has a label, an
 * optional colour and one value per property.
 */

const id = z.string().uuid();

export const listStates = ['active', 'archived'] as const;
export const listStateSchema = z.enum(listStates);
export type ListState = z.infer<typeof listStateSchema>;

/**
 * Spec 3, 4.3 (issue 18.4): how a company list was deployed to a project folder: Deployed Empty
 * (the project fills its own items) or Deployed Populated (items copied).
 */
export const listDeploymentTypes = ['empty', 'populated'] as const;
export const listDeploymentTypeSchema = z.enum(listDeploymentTypes);
export type ListDeploymentType = z.infer<typeof listDeploymentTypeSchema>;

/** Spec 5.1: list name required; trimmed. */
export const listNameSchema = z.string().trim().min(1, 'List name is required').max(200);

export const listSummarySchema = z.object({
  id,
  folderId: id,
  name: z.string(),
  state: listStateSchema,
  itemCount: z.number().int(),
  propertyCount: z.number().int(),
  updatedAt: z.string(),
  /** A project's deployed copy: the company list it was made from, and how; null otherwise. */
  sourceListId: id.nullable(),
  deployment: listDeploymentTypeSchema.nullable(),
});
export type ListSummary = z.infer<typeof listSummarySchema>;

export const listsSchema = z.object({ lists: z.array(listSummarySchema) });

export const listQuerySchema = z.object({ state: listStateSchema.default('active') });

export const listCreateSchema = z.object({ name: listNameSchema }).strict();
export type ListCreate = z.infer<typeof listCreateSchema>;
export const listRenameSchema = z.object({ name: listNameSchema }).strict();

export const listParamsSchema = z.object({ companyId: id, listId: id });

/** Spec 3 (issue 18): the types of a list property. */
export const listPropertyTypes = ['text', 'number', 'date', 'expiry_date', 'colour'] as const;
export const listPropertyTypeSchema = z.enum(listPropertyTypes);
export type ListPropertyType = z.infer<typeof listPropertyTypeSchema>;

export const listPropertySchema = z.object({
  id,
  name: z.string(),
  type: listPropertyTypeSchema,
  sortValue: z.number().int(),
});
export type ListProperty = z.infer<typeof listPropertySchema>;

/** One list with its properties in order. */
export const listDetailSchema = listSummarySchema.extend({ properties: z.array(listPropertySchema) });
export type ListDetail = z.infer<typeof listDetailSchema>;

/** A state change or deletion answer. */
export const listStateResultSchema = z.object({ id, state: listStateSchema.nullable() });

/** Spec 3: an item's colour, and a Colour property's value: a hex colour, kept lower-case. */
export const hexColourPattern = /^#[0-9a-fA-F]{6}$/;
const isoDatePattern = /^(\d{4})-(\d{2})-(\d{2})$/;

const daysInMonth = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** A real calendar day as YYYY-MM-DD (arithmetic, no Date: an import checks 200,000 of them). */
function validDate(text: string): boolean {
  if (!isoDatePattern.test(text)) return false;
  const year = Number(text.slice(0, 4));
  const month = Number(text.slice(5, 7));
  const day = Number(text.slice(8, 10));
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return day <= (month === 2 && leap ? 29 : (daysInMonth[month - 1] as number));
}

/**
 * Why a value does not fit a property's type, or null when it does (issue 18: Text, Number, Date,
 * Date with expiry, Colour). The editor, the item routes and the CSV import share it. An empty
 * value is no value and always fits.
 */
export function listValueError(type: ListPropertyType, value: string): string | null {
  if (value === '') return null;
  switch (type) {
    case 'text':
      return value.length > 1000 ? 'Text must be at most 1000 characters' : null;
    case 'number':
      return /^-?\d{1,15}(\.\d{1,10})?$/.test(value) ? null : 'Enter a number, such as 12 or -3.5';
    case 'date':
    case 'expiry_date':
      return validDate(value) ? null : 'Enter a date as YYYY-MM-DD';
    case 'colour':
      return hexColourPattern.test(value) ? null : 'Enter a colour as #RRGGBB';
  }
}

/** A value as stored: trimmed, colours lower-case. */
export function normaliseListValue(type: ListPropertyType, value: string): string {
  const trimmed = value.trim();
  return type === 'colour' ? trimmed.toLowerCase() : trimmed;
}

/** Spec 3: an item's colour (#rrggbb), or null for none. */
export const itemColourSchema = z
  .string()
  .regex(hexColourPattern, 'Enter a colour as #RRGGBB')
  .meta({ examples: ['#1e88e5'] })
  .transform((c) => c.toLowerCase())
  .nullable();

export const itemLabelSchema = z.string().trim().min(1, 'Item is required').max(500);

/** Values by property id; the server checks each against its property's type. */
export const itemValuesSchema = z.record(z.string().uuid(), z.string().max(1000));

export const listItemSchema = z.object({
  id,
  label: z.string(),
  colour: z.string().nullable(),
  values: z.record(z.string(), z.string()),
  position: z.number(),
});
export type ListItem = z.infer<typeof listItemSchema>;

export const listItemsPageSchema = z.object({
  items: z.array(listItemSchema),
  /** Items matching the search (all items without one). */
  total: z.number().int(),
  nextCursor: z.string().nullable(),
});
export type ListItemsPage = z.infer<typeof listItemsPageSchema>;

export const listItemsQuerySchema = z.object({
  search: z.string().trim().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  cursor: keysetCursor(z.tuple([z.number().finite(), cursorPart.id])).optional(),
});

export const listItemCreateSchema = z
  .object({
    label: itemLabelSchema,
    colour: itemColourSchema.optional(),
    values: itemValuesSchema.default({}),
  })
  .strict();
export type ListItemCreate = z.infer<typeof listItemCreateSchema>;

/** Change an item: the fields sent change; `values` changes the properties it names ('' clears one). */
export const listItemUpdateSchema = z
  .object({
    label: itemLabelSchema.optional(),
    colour: itemColourSchema.optional(),
    values: itemValuesSchema.optional(),
  })
  .strict();
export type ListItemUpdate = z.infer<typeof listItemUpdateSchema>;

/** Reorder: put the item right after `afterItemId`, or first when null. */
export const listItemMoveSchema = z.object({ afterItemId: id.nullable() }).strict();

export const listItemParamsSchema = listParamsSchema.extend({ itemId: id });
export const listPropertyParamsSchema = listParamsSchema.extend({ propertyId: id });

export const listPropertyNameSchema = z.string().trim().min(1, 'Property name is required').max(100);
export const listPropertyCreateSchema = z
  .object({ name: listPropertyNameSchema, type: listPropertyTypeSchema })
  .strict();
export const listPropertyUpdateSchema = z.object({ name: listPropertyNameSchema }).strict();

/** Spec 5.3-like: a list CSV is at most 10 MB (issue 18.3). */
export const listCsvMaxBytes = 10 * 1024 * 1024;

/** An XLSX file's bytes in base64 are at most this long (10 MB of bytes). */
export const listXlsxMaxBase64 = Math.ceil(listCsvMaxBytes / 3) * 4;

/**
 * The file of an import, one at a time (spec 5.1): a CSV read as text by the browser, or an XLSX
 * file's bytes in base64 (issue 18.3). Either is at most 10 MB, checked before it is read.
 */
export const listImportSchema = z.union([
  z
    .object({ csv: z.string().min(1, 'Choose a CSV file').max(listCsvMaxBytes, 'The file is larger than 10 MB') })
    .strict(),
  z
    .object({
      xlsx: z.string().min(1, 'Choose an XLSX file').max(listXlsxMaxBase64, 'The file is larger than 10 MB'),
    })
    .strict(),
]);
export type ListImportFile = z.infer<typeof listImportSchema>;

export const listImportErrorSchema = z.object({ line: z.number().int(), message: z.string() });

/**
 * What an import would change (issue 18.3): properties kept, added or removed; items added,
 * changed, removed or unchanged (matched by label, case-insensitively), with the first labels of
 * each; and the rows with errors (then nothing can be applied).
 */
export const listImportPreviewSchema = z.object({
  properties: z.array(
    z.object({ name: z.string(), type: listPropertyTypeSchema, change: z.enum(['kept', 'added', 'removed']) }),
  ),
  counts: z.object({
    added: z.number().int(),
    changed: z.number().int(),
    removed: z.number().int(),
    unchanged: z.number().int(),
  }),
  examples: z.object({ added: z.array(z.string()), changed: z.array(z.string()), removed: z.array(z.string()) }),
  errors: z.array(listImportErrorSchema),
});
export type ListImportPreview = z.infer<typeof listImportPreviewSchema>;

/** The words a CSV header may give a column's type in: "Next service [Date with expiry]". */
export const listPropertyTypeWords: Record<string, ListPropertyType> = {
  text: 'text',
  number: 'number',
  date: 'date',
  'date with expiry': 'expiry_date',
  expiry_date: 'expiry_date',
  colour: 'colour',
  color: 'colour',
};

/**
 * Issue 18.4, spec 4.3: where a List Library list is deployed. Manage Deployment sends the projects
 * it ends up deployed to; new ones get `deployment`, those already deployed keep theirs.
 */
export const listDeploymentSetSchema = z
  .object({ projectIds: z.array(id).max(5000), deployment: listDeploymentTypeSchema.default('populated') })
  .strict();
export const listDeploymentSchema = z.object({
  listId: id,
  /** The projects with a deployed copy, each with how it was deployed and the copy's id. */
  projects: z.array(z.object({ projectId: id, deployment: listDeploymentTypeSchema, copyId: id })),
  /** Projects added and removed by this call (empty on GET). */
  added: z.array(id),
  removed: z.array(id),
});
export type ListDeployment = z.infer<typeof listDeploymentSchema>;

/** Bulk Deploy (with how) and Bulk Undeploy of List Library lists to or from projects. */
export const listBulkDeploymentSchema = z
  .object({
    listIds: z.array(id).max(1000),
    projectIds: z.array(id).max(5000),
    deployment: listDeploymentTypeSchema.default('populated'),
  })
  .strict();
export type ListBulkDeployment = z.infer<typeof listBulkDeploymentSchema>;
export const listBulkDeploymentResultSchema = z.object({
  /** The (list, project) pairs that changed. */
  changed: z.array(z.object({ listId: id, projectId: id })),
});
export type ListBulkDeploymentResult = z.infer<typeof listBulkDeploymentResultSchema>;
