import { z } from 'zod';
import {
  defaultPdfFilenameSettings,
  type PdfFilenameSettings,
  pdfFilenameSettingsSchema,
} from './fields/pdf-filename-settings.ts';

/** Spec 3: the export disclaimer a PDF's header or footer may show; the workspace may word its own. */
export const defaultExportDisclaimer =
  'This PDF is a copy of the form when it was exported; the form may have changed since.';
export const maxExportDisclaimerLength = 300;

/**
 * The workspace's PDF file name settings (spec 2.6, 9): pattern, separator, letter case and date
 * display. Form fields are a template's own, so the workspace's pattern holds metadata and text.
 */
export const workspacePdfFilenameSchema = pdfFilenameSettingsSchema.omit({ useWorkspaceSettings: true }).extend({
  parts: pdfFilenameSettingsSchema.shape.parts.refine((parts) => !parts.some((p) => p.kind === 'field'), {
    message: 'The workspace file name can use form details and text, not form fields.',
  }),
});

/**
 * Documents & Formatting (issue 23.1): the workspace's PDF file name settings, which the templates
 * that follow the workspace use (new ones do), and the wording of the export disclaimer.
 */
export const documentSettingsSchema = z.object({
  pdfFilename: workspacePdfFilenameSchema,
  exportDisclaimer: z
    .string()
    .trim()
    .max(maxExportDisclaimerLength, `The disclaimer must be ${maxExportDisclaimerLength} characters or fewer.`),
});
export type DocumentSettings = z.infer<typeof documentSettingsSchema>;

export const defaultDocumentSettings: DocumentSettings = {
  pdfFilename: {
    parts: defaultPdfFilenameSettings.parts,
    separator: defaultPdfFilenameSettings.separator,
    letterCase: defaultPdfFilenameSettings.letterCase,
    dateDisplay: defaultPdfFilenameSettings.dateDisplay,
  },
  exportDisclaimer: defaultExportDisclaimer,
};

/** The settings as stored (a JSON object): what is missing or no longer valid takes its default. */
export function readDocumentSettings(stored: unknown): DocumentSettings {
  const source = stored && typeof stored === 'object' ? (stored as Record<string, unknown>) : {};
  const pdfFilename = workspacePdfFilenameSchema.safeParse(source.pdfFilename);
  const disclaimer = documentSettingsSchema.shape.exportDisclaimer.safeParse(source.exportDisclaimer);
  return {
    pdfFilename: pdfFilename.success ? pdfFilename.data : defaultDocumentSettings.pdfFilename,
    exportDisclaimer: disclaimer.success && disclaimer.data ? disclaimer.data : defaultExportDisclaimer,
  };
}

/**
 * The PDF file name settings a form of the template is exported with: the workspace's when the
 * template follows them, else the template's own. PDFs (file name, dates) and exports read this.
 */
export function effectivePdfFilename(template: PdfFilenameSettings, workspace: DocumentSettings): PdfFilenameSettings {
  return template.useWorkspaceSettings ? { ...workspace.pdfFilename, useWorkspaceSettings: true } : template;
}
