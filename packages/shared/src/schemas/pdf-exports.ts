import { z } from 'zod';
import { exportStates } from './forms.ts';
import { timeZoneSchema } from './workspaces.ts';

/**
 * Contracts of PDF exports (issue 6 item 6): one form's PDF, streamed; selected forms as a ZIP of
 * PDFs built in the background (states 'Ready to download' and 'Processing failed', spec 4.1).
 */

const id = z.string().uuid();

/**
 * GET /api/teams/:teamId/forms/:formId/pdf: `timeZone` overrides the workspace's time zone, in
 * which the PDF shows times (dates "local to exporter", created, updated, the PDF creation date).
 */
export const formPdfQuerySchema = z.object({ timeZone: timeZoneSchema.optional() });
export type FormPdfQuery = z.infer<typeof formPdfQuerySchema>;

/** POST /api/teams/:teamId/forms/pdf-exports: the selected forms of the team, as one ZIP. */
export const createPdfExportBodySchema = z.object({
  formIds: z.array(id).min(1, 'Empty selection').max(500),
  timeZone: timeZoneSchema.optional(),
});
export type CreatePdfExportBody = z.infer<typeof createPdfExportBodySchema>;

export const pdfExportParamsSchema = z.object({ teamId: id, exportId: id });

export const pdfExportJobSchema = z.object({
  exportId: id,
  format: z.literal('zip'),
  state: z.enum(exportStates),
  /** Queued, Processing, Ready to download or Processing failed. */
  stateLabel: z.string(),
  /** Forms asked for, and how many were written (forms deleted meanwhile are left out). */
  formCount: z.number().int(),
  writtenCount: z.number().int().nullable(),
  fileName: z.string().nullable(),
  /** GET it (with the bearer token) once ready: the ZIP as an attachment. */
  downloadUrl: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type PdfExportJob = z.infer<typeof pdfExportJobSchema>;
