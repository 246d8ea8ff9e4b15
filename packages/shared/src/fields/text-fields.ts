import { z } from 'zod';
import { fieldBaseShape } from './field-base.ts';

export const singleLineTextFieldSchema = z.object({
  ...fieldBaseShape,
  type: z.literal('singleLineText'),
  placeholder: z.string().max(200).optional(),
  defaultValue: z.string().max(500).optional(),
  maxLength: z.number().int().min(1).max(500).optional(),
});

export const multiLineTextFieldSchema = z.object({
  ...fieldBaseShape,
  type: z.literal('multiLineText'),
  placeholder: z.string().max(200).optional(),
  maxLength: z.number().int().min(1).max(20_000).optional(),
});

/** Read-only text written in the template and shown on every form (instructions, statements). */
export const prefilledTextFieldSchema = z.object({
  ...fieldBaseShape,
  type: z.literal('prefilledText'),
  text: z.string().max(10_000).default(''),
});
