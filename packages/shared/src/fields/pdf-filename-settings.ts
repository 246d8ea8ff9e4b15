import { z } from 'zod';
import { itemIdSchema } from './field-base.ts';

/** Spec 3, 9: ordered parts, separator, letter case and date display of PDF file names. */
export const pdfFilenameSeparators = ['hyphens', 'spaces', 'underscores'] as const;
export const pdfFilenameCases = ['lowercase', 'uppercase', 'titleCase'] as const;
export const pdfFilenameDateDisplays = ['localToEntry', 'localToExporter'] as const;

/** Standard metadata a part may show. */
export const pdfFilenameMetadata = [
  'templateName',
  'templateId',
  'formName',
  'formNumber',
  'formVersion',
  'createdDate',
  'exportedDate',
  'workspaceName',
  'projectName',
  'teamName',
] as const;
export type PdfFilenameMetadata = (typeof pdfFilenameMetadata)[number];

export const pdfFilenamePartSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('metadata'), key: z.enum(pdfFilenameMetadata) }),
  z.object({ kind: z.literal('static'), text: z.string().max(100) }),
  /** A form field's answer; these are the plan-limited custom fields (spec 5.2). */
  z.object({ kind: z.literal('field'), fieldId: itemIdSchema }),
]);
export type PdfFilenamePart = z.infer<typeof pdfFilenamePartSchema>;

export const pdfFilenameSettingsSchema = z.object({
  parts: z.array(pdfFilenamePartSchema).max(30).default([]),
  separator: z.enum(pdfFilenameSeparators).default('hyphens'),
  letterCase: z.enum(pdfFilenameCases).default('lowercase'),
  dateDisplay: z.enum(pdfFilenameDateDisplays).default('localToEntry'),
  /**
   * The template follows its workspace's Documents & Formatting settings (file name pattern,
   * separator, letter case, date display) instead of its own: new templates do; absent (templates
   * made before issue 23.1) means its own.
   */
  useWorkspaceSettings: z.boolean().optional(),
});
export type PdfFilenameSettings = z.infer<typeof pdfFilenameSettingsSchema>;

/**
 * Before a template chooses its own: the form name and the form number, so every form of a ZIP
 * has a name of its own (`site-diary-12.pdf`); hyphens, lowercase and dates local to entry (spec 9).
 */
export const defaultPdfFilenameSettings: PdfFilenameSettings = {
  parts: [
    { kind: 'metadata', key: 'formName' },
    { kind: 'metadata', key: 'formNumber' },
  ],
  separator: 'hyphens',
  letterCase: 'lowercase',
  dateDisplay: 'localToEntry',
};
