import { z } from 'zod';
import { bulkFormFileMessages, bulkFormMaxBytes } from '../forms/bulk-forms.ts';

/** Bulk form creation from a CSV (issue 21.4; spec 4.1, 5.3, 8.2, 9). */

const id = z.string().uuid();

export const bulkFormParamsSchema = z.object({ teamId: id, templateId: id });
export const bulkFormBatchParamsSchema = z.object({ teamId: id, templateId: id, batchId: id });

/**
 * The uploaded CSV's text. `create: false` (the preview) reads and checks every row and changes
 * nothing; `create: true` checks again and queues a job that creates the rows without problems.
 * `batchId` is chosen by the client once per upload: a retried create answers the batch the first
 * one queued and never makes a second set of forms.
 */
export const bulkFormBodySchema = z.object({
  csv: z
    .string()
    .max(bulkFormMaxBytes, bulkFormFileMessages.tooLarge)
    .meta({ examples: ['Company\nSparks Electrical\n'] }),
  batchId: id,
  create: z.boolean().default(false),
});
export type BulkFormBody = z.infer<typeof bulkFormBodySchema>;

/** One problem of a row: the column (a field's name) it is in, or null for the row as a whole. */
export const bulkFormProblemSchema = z.object({ column: z.string().nullable(), message: z.string() });
export type BulkFormProblem = z.infer<typeof bulkFormProblemSchema>;

export const bulkFormRowSchema = z.object({
  /** The row's line in the file (the header is line 1). */
  line: z.number().int(),
  /** The row's cells under `columns`, as in the file. */
  cells: z.array(z.string()),
  problems: z.array(bulkFormProblemSchema),
});
export type BulkFormRow = z.infer<typeof bulkFormRowSchema>;

export const bulkFormPreviewSchema = z.object({
  /** The file's columns: the template's field names, as the header wrote them. */
  columns: z.array(z.string()),
  rows: z.array(bulkFormRowSchema),
  /** Rows that can be created (no problems). */
  valid: z.number().int(),
  rejected: z.number().int(),
});
export type BulkFormPreview = z.infer<typeof bulkFormPreviewSchema>;

export const bulkFormBatchStates = ['queued', 'running', 'done', 'failed'] as const;

/**
 * A started bulk creation: a job creates its valid rows in chunks, each with its forms and their
 * audit events; the screen polls this for the progress. `rejected` counts the rows not created
 * (refused at upload, or by the checks when their chunk ran); the report lists them with why.
 */
export const bulkFormBatchSchema = z.object({
  batchId: id,
  templateId: id,
  state: z.enum(bulkFormBatchStates),
  total: z.number().int(),
  processed: z.number().int(),
  created: z.number().int(),
  rejected: z.number().int(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type BulkFormBatch = z.infer<typeof bulkFormBatchSchema>;
