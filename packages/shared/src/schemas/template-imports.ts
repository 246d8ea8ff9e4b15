import { z } from 'zod';
import { templateDefinitionSchema, templateTypeSchema } from '../templates/template-definition.ts';
import { templateImportKinds } from '../templates/template-imports.ts';

/** Template import from documents (issue 22.1; spec 2.5, 2.6, 8.2, 9). */

const id = z.string().uuid();

export const templateImportParamsSchema = z.object({ importId: id });
export const companyImportParamsSchema = z.object({ companyId: id, importId: id });
export const teamImportParamsSchema = z.object({ teamId: id, importId: id });

/** The upload's body is the raw bytes of one file; its name comes in the query. */
export const templateImportUploadQuerySchema = z.object({
  fileName: z.string().trim().min(1).max(255),
});

export const templateImportStates = ['queued', 'processing', 'ready', 'failed'] as const;
export type TemplateImportState = (typeof templateImportStates)[number];

export const templateImportSummarySchema = z.object({
  importId: id,
  folderId: id,
  fileName: z.string(),
  kind: z.enum(Object.keys(templateImportKinds) as [keyof typeof templateImportKinds]),
  sizeBytes: z.number().int(),
  /** queued and processing: listed with their progress; ready: a draft to review; failed: `error` says why. */
  state: z.enum(templateImportStates),
  /** 0 to 100. */
  progress: z.number().int().min(0).max(100),
  error: z.string().nullable(),
  /** The draft's field count once ready. */
  fieldCount: z.number().int().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TemplateImportSummary = z.infer<typeof templateImportSummarySchema>;

export const templateImportListSchema = z.object({ imports: z.array(templateImportSummarySchema) });
export type TemplateImportList = z.infer<typeof templateImportListSchema>;

/**
 * What a file became: a template as the editor creates one (saved through the ordinary create, so
 * the same validation applies), the text read from the source to show beside it, and notes on what
 * was left out.
 */
export const templateImportDraftSchema = z.object({
  name: z.string(),
  templateCode: z.string(),
  formName: z.string(),
  type: templateTypeSchema,
  definition: templateDefinitionSchema,
});
export type TemplateImportDraft = z.infer<typeof templateImportDraftSchema>;

export const templateImportSchema = templateImportSummarySchema.extend({
  draft: templateImportDraftSchema.nullable(),
  sourceText: z.string(),
  notes: z.array(z.string()),
});
export type TemplateImport = z.infer<typeof templateImportSchema>;
