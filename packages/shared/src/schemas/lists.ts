import { z } from 'zod';

/**
 * Lists (spec 3, 4.1, 5.1; issue 18): a list lives in the company (the List Library) or in a
 * project (that project's Lists). It has typed properties and items; each item has a label, an
 * optional colour and one value per property.
 */

const id = z.string().uuid();

export const listStates = ['active', 'archived'] as const;
export const listStateSchema = z.enum(listStates);
export type ListState = z.infer<typeof listStateSchema>;

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
