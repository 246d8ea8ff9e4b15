import { z } from 'zod';
import { listItemSnapshotSchema } from '../forms/field-values.ts';
import { cursorPart, keysetCursor } from './cursor.ts';

/**
 * Fields that read lists (issue 18.5): a form's list field offers the items of the list its
 * template names, as the form's project has it (the project's deployed copy, else the company
 * list). The typeahead asks a page at a time; each item comes as the snapshot the form keeps.
 */

const id = z.string().uuid();

export const listFieldParamsSchema = z.object({ teamId: id, listId: id });

/** The most matches a typeahead counts; beyond it says "1,000+". */
export const listFieldCountCap = 1000;

export const listFieldItemsQuerySchema = z.object({
  search: z.string().trim().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: keysetCursor(z.tuple([z.number().finite(), cursorPart.id])).optional(),
});

export const listFieldItemsSchema = z.object({
  items: z.array(listItemSnapshotSchema),
  /** Matches of the search from this page's start, counted up to `listFieldCountCap` (then `totalCapped`). */
  total: z.number().int(),
  totalCapped: z.boolean(),
  nextCursor: z.string().nullable(),
});
export type ListFieldItems = z.infer<typeof listFieldItemsSchema>;
