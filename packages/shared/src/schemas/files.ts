import { z } from 'zod';
import { uploadPurposes } from '../uploads.ts';

const id = z.string().uuid();

export const fileUploadQuerySchema = z.object({
  purpose: z.enum(uploadPurposes),
  /** The project or team folder the file is for (the company when absent). */
  folderId: id.optional(),
  /** Keep where a photo was taken (a field with location asks for it); otherwise dropped. */
  keepLocation: z.enum(['true', 'false']).default('false'),
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
  createdAt: z.string(),
  /** Where to download it (with the bearer token). */
  url: z.string(),
});
export type StoredFile = z.infer<typeof storedFileSchema>;
