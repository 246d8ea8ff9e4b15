import { z } from 'zod';

/** Spec 3: the 12 tab colours; a new tab is dark-blue (spec 4.3). */
export const tabStyles = [
  'red',
  'orange',
  'yellow',
  'lime',
  'green',
  'sky',
  'dark-blue',
  'light-blue',
  'purple',
  'pink',
  'grey',
  'shale',
] as const;
export const tabStyleSchema = z.enum(tabStyles);
export type TabStyle = z.infer<typeof tabStyleSchema>;
export const defaultTabStyle: TabStyle = 'dark-blue';

const id = z.string().uuid();

/** Spec 5.5: trimmed; unique among the workspace's tabs, case-insensitively (409 tabNameUsed). */
export const tabNameSchema = z.string().trim().min(1, 'Tab name is required').max(100);

/** A template tab (tag) as the sidebar shows it, ordered by sortValue. */
export const tabSchema = z.object({ id, name: z.string(), style: tabStyleSchema, sortValue: z.number().int() });
export type Tab = z.infer<typeof tabSchema>;

/**
 * Save a new tab (spec 7): `id` is optional; a client-generated uuid makes the call safe to retry
 * (the same id answers the saved tab again). The placeholder id of a local new tab is not sent.
 */
export const tabCreateSchema = z
  .object({
    id: id.optional(),
    name: tabNameSchema,
    style: tabStyleSchema.default(defaultTabStyle),
    sortValue: z.number().int().min(0).max(1_000_000).default(0),
  })
  .strict();
export type TabCreate = z.infer<typeof tabCreateSchema>;

/** Update a tab: name and colour (changing only the colour is allowed); sortValue optional. */
export const tabUpdateSchema = z
  .object({
    id: id.optional(),
    name: tabNameSchema,
    style: tabStyleSchema,
    sortValue: z.number().int().min(0).max(1_000_000).optional(),
  })
  .strict();
export type TabUpdate = z.infer<typeof tabUpdateSchema>;

export const tabDeleteSchema = z.object({ tabIds: z.array(id).max(1000) }).strict();
export const tabDeleteResultSchema = z.object({ deleted: z.array(id) });

/**
 * Save sorted tab order (spec 4.3, 7): the tabs in their new order (only `id` is read). Tabs not
 * listed keep their relative order after the listed ones.
 */
export const tabOrderSchema = z.object({ tabs: z.array(z.object({ id }).loose()).max(1000) }).strict();
export type TabOrder = z.infer<typeof tabOrderSchema>;

export const tabListSchema = z.object({ tabs: z.array(tabSchema) });

export const tabParamsSchema = z.object({ companyId: id, tabId: id });
export const templateTabParamsSchema = z.object({ templateId: id, tabId: id });

/** A template's tabs after adding or removing one. */
export const templateTabsResultSchema = z.object({ templateId: id, tabIds: z.array(id) });
