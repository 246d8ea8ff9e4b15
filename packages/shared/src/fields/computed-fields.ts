import { z } from 'zod';
import { fieldBaseShape, itemIdSchema } from './field-base.ts';

export const numberFieldSchema = z.object({
  ...fieldBaseShape,
  type: z.literal('number'),
  /**
   * The precision the template sets: a value with more decimals is refused, never rounded.
   * Unset (the default): numbers keep what was typed.
   */
  decimals: z.number().int().min(0).max(10).optional(),
  min: z.number().optional(),
  max: z.number().optional(),
  unit: z.string().max(20).optional(),
});

/** Computed from other fields; the expression names them by field id. */
export const formulaFieldSchema = z.object({
  ...fieldBaseShape,
  type: z.literal('formula'),
  expression: z.string().max(2000).default(''),
  decimals: z.number().int().min(0).max(10).default(2),
});

/** A property of the item picked in a list field (a plan limit, spec 5.2). */
export const listPropertyFieldSchema = z.object({
  ...fieldBaseShape,
  type: z.literal('listProperty'),
  sourceFieldId: itemIdSchema.nullable().default(null),
  property: z.string().max(200).default(''),
});

export const templateIdFieldSchema = z.object({ ...fieldBaseShape, type: z.literal('templateId') });
export const templateVersionFieldSchema = z.object({ ...fieldBaseShape, type: z.literal('templateVersion') });
export const pdfPageNumberFieldSchema = z.object({ ...fieldBaseShape, type: z.literal('pdfPageNumber') });
