import { z } from 'zod';
import { uploadPurposes } from '../uploads.ts';

const id = z.string().uuid();

/**
 * The name of the file the user chose, as the browser gives it (`IMG_0042.jpg`): its last path
 * segment, trimmed, 1 to 255 characters, with no control characters.
 */
export const uploadFileNameSchema = z
  .string()
  .transform((name) => (name.split(/[\\/]/).pop() ?? '').trim())
  .pipe(
    z
      .string()
      .min(1, 'Enter a file name')
      .max(255, 'File names can have at most 255 characters')
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
      .regex(/^[^\u0000-\u001f\u007f]*$/, 'File names cannot contain control characters'),
  );

export const fileUploadQuerySchema = z.object({
  purpose: z.enum(uploadPurposes),
  /** The project or team folder the file is for (the company when absent). */
  folderId: id.optional(),
  /** Keep where a photo was taken (a field with location asks for it); otherwise dropped. */
  keepLocation: z.enum(['true', 'false']).default('false'),
  /** The name of the file the user chose; absent for what the app draws (signatures, sketches). */
  fileName: uploadFileNameSchema.optional(),
});

export const fileParamsSchema = z.object({ companyId: id, fileId: id });

export const storedFileSchema = z.object({
  fileId: id,
  folderId: id,
  purpose: z.enum(uploadPurposes),
  contentType: z.string(),
  byteSize: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  location: z.object({ latitude: z.number(), longitude: z.number() }).nullable(),
  /** The name of the file the user uploaded; null for drawn files and uploads made before names were kept. */
  fileName: z.string().nullable(),
  createdAt: z.string(),
  /** Where to download it (with the bearer token). */
  url: z.string(),
});
export type StoredFile = z.infer<typeof storedFileSchema>;
