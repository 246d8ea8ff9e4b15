import { z } from 'zod';
import { fieldBaseShape, imageRefSchema, photoSizes } from './field-base.ts';

export const photosFieldSchema = z.object({
  ...fieldBaseShape,
  type: z.literal('photos'),
  size: z.enum(photoSizes).default('M'),
  maxPhotos: z.number().int().min(1).max(100).optional(),
});

export const sketchFieldSchema = z.object({
  ...fieldBaseShape,
  type: z.literal('sketch'),
  backgroundImage: imageRefSchema.nullable().default(null),
});

/** The workspace logo (image null) or an uploaded one (under 50Kb, spec 9). */
export const logoFieldSchema = z.object({
  ...fieldBaseShape,
  type: z.literal('logo'),
  image: imageRefSchema.nullable().default(null),
});

/** The folder path of the form (workspace > project > team), filled in automatically. */
export const filePathFieldSchema = z.object({ ...fieldBaseShape, type: z.literal('filePath') });
