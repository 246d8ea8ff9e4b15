import { z } from 'zod';
import { fieldBaseShape } from './field-base.ts';

/** Several people of the workspace (names unique among person fields, spec 5.1). */
export const personFieldSchema = z.object({
  ...fieldBaseShape,
  type: z.literal('person'),
  teamMembersOnly: z.boolean().default(false),
});

export const singlePersonFieldSchema = z.object({
  ...fieldBaseShape,
  type: z.literal('singlePerson'),
  teamMembersOnly: z.boolean().default(false),
});

/** Actions raised from the form (draft, assigned, completed). */
export const actionsFieldSchema = z.object({ ...fieldBaseShape, type: z.literal('actions') });

/** Links to forms of another template; null until chosen in the editor. */
export const relationshipFieldSchema = z.object({
  ...fieldBaseShape,
  type: z.literal('relationship'),
  relatedTemplateId: z.string().uuid().nullable().default(null),
});

/** A map location (a plan limit, spec 5.2). Cannot be cloned to a new form. */
export const locationFieldSchema = z.object({
  ...fieldBaseShape,
  type: z.literal('location'),
  captureGps: z.boolean().default(true),
});
