import { z } from 'zod';
import { itemIdSchema } from '../fields/field-base.ts';
import { listItemSnapshotSchema } from '../forms/field-values.ts';
import { cursorPart, keysetCursor } from './cursor.ts';
import { listPropertySchema } from './lists.ts';

/**
 * Fields that read lists (issue 18.5): a form's list field offers the items of the list its
 * template names, as the form's project has it (the project's deployed copy, else the company
 * list). The typeahead asks a page at a time; each item comes as the snapshot the form keeps.
 */

const id = z.string().uuid();

/**
 * The typeahead names the field, not the list: the team's template (its own or one deployed to
 * it), the version the form is filled on, and the field; the server reads which list that field
 * names, so a team reads no list its templates do not name.
 */
export const listFieldParamsSchema = z.object({
  teamId: id,
  templateId: id,
  version: z.coerce.number().int().min(1),
  fieldId: itemIdSchema,
});

/** The most matches a typeahead counts; beyond it says "1,000+". */
export const listFieldCountCap = 1000;

export const listFieldItemsQuerySchema = z.object({
  search: z.string().trim().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: keysetCursor(z.tuple([z.number().finite(), cursorPart.id])).optional(),
  /** A table field's list column: the items of the list that column names. */
  column: itemIdSchema.optional(),
});

export const listFieldItemsSchema = z.object({
  items: z.array(listItemSnapshotSchema),
  /** Matches of the search from this page's start, counted up to `listFieldCountCap` (then `totalCapped`). */
  total: z.number().int(),
  totalCapped: z.boolean(),
  nextCursor: z.string().nullable(),
});
export type ListFieldItems = z.infer<typeof listFieldItemsSchema>;

/**
 * Where a template's list fields may read from (the template editor's list picker): a Template
 * Library template, the List Library's active lists; a team template, the List Library lists
 * deployed to its project (`library`) and the project's own lists (`project`). Each with its
 * properties, for list-property fields.
 */
export const templateFieldListSchema = z.object({
  id,
  name: z.string(),
  origin: z.enum(['library', 'project']),
  properties: z.array(listPropertySchema),
});
export type TemplateFieldList = z.infer<typeof templateFieldListSchema>;
export const templateFieldListsSchema = z.object({ lists: z.array(templateFieldListSchema) });
export type TemplateFieldLists = z.infer<typeof templateFieldListsSchema>;
