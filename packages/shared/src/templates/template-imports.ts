/**
 * Template import from documents (issue 22.1; spec 2.5, 2.6, 8.2, 9): the limits, the kinds of file
 * taken and the messages of each refusal, shared by the import dialog and the server.
 */

/** Spec 9: AI import takes 10 files at a time, 100MB each. */
export const templateImportMaxFiles = 10;
export const templateImportMaxBytes = 100 * 1024 * 1024;

/** The kinds of document a template can be made from, by the file name's extension. */
export const templateImportKinds = { pdf: ['pdf'], xlsx: ['xlsx'], csv: ['csv'], docx: ['docx'] } as const;
export type TemplateImportKind = keyof typeof templateImportKinds;

/** What the file picker offers (the server sniffs the bytes; the name alone is never trusted). */
export const templateImportAccept = {
  'application/pdf': ['.pdf'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['.xlsx'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['.docx'],
  'text/csv': ['.csv'],
} as const;

/** Spec 8.2 (AI import), en-US. */
export const templateImportMessages = {
  dropzone: 'Unable to set up the file drop area. Please reload the page and try again.',
  tooManyFiles: `Unable to import more than ${templateImportMaxFiles} files at a time.`,
  unsupportedType: 'Unsupported file type. Please upload a PDF, Word (.docx), Excel (.xlsx) or CSV file.',
  tooLarge: `Unable to upload files over ${templateImportMaxBytes / 1024 / 1024}MB.`,
  uploadFailed: 'Unable to upload the file. Please try again.',
  processingFailed: 'Unable to process the file. Please try again.',
  unableToConvert: 'Unable to convert this file into a template:',
} as const;

/** 'Unable to convert this file into a template:' and the reason. */
export const cannotConvert = (reason: string) => `${templateImportMessages.unableToConvert} ${reason}`;

/** The kind a file name claims, or null for a type that is not taken. */
export function templateImportKindOf(fileName: string): TemplateImportKind | null {
  const extension = /\.([a-z0-9]+)$/i.exec(fileName.trim())?.[1]?.toLowerCase();
  if (!extension) return null;
  for (const [kind, extensions] of Object.entries(templateImportKinds)) {
    if ((extensions as readonly string[]).includes(extension)) return kind as TemplateImportKind;
  }
  return null;
}

/** Macro-enabled Office files are never opened (they are refused with their own reason). */
export const macroExtensions = ['xlsm', 'xltm', 'docm', 'dotm', 'xlsb'] as const;
export const macroReason = 'files with macros (.xlsm, .docm) are not accepted; save it as .xlsx or .docx first.';
export const imageReason =
  'it is an image; a photo or scan of a paper form cannot be read without a language model. Upload a fillable PDF, Word or Excel file instead.';

/** The file name's template name: the name without its extension, without slashes (spec 5.1). */
export function templateNameOf(fileName: string): string {
  const base = fileName.replace(/\.[a-z0-9]+$/i, '').replace(/[/\\]+/g, ' ');
  const name = base.replace(/[_]+/g, ' ').replace(/\s+/g, ' ').trim();
  return (name || 'Imported template').slice(0, 200);
}
