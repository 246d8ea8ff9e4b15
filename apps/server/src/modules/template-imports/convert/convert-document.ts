import { type TemplateImportDraft, templateImportDraftSchema } from '@formwork/shared/schemas/template-imports';
import { type TemplateImportKind, templateNameOf } from '@formwork/shared/templates/template-imports';
import { ConversionRefused } from './conversion-refused.ts';
import type { Conversion } from './draft-fields.ts';

/** The most fields a draft keeps (a template definition's own bound). */
const maxFields = 2000;

/** Runs the conversion rule of the file's kind (each loaded when first needed, not at start-up). */
export async function convertDocument(kind: TemplateImportKind, data: Buffer): Promise<Conversion> {
  switch (kind) {
    case 'pdf':
      return (await import('./fillable-pdf.ts')).convertFillablePdf(data);
    case 'xlsx':
      return (await import('./xlsx.ts')).convertXlsx(data);
    case 'docx':
      return (await import('./docx.ts')).convertDocx(data);
    case 'csv':
      return (await import('./csv.ts')).convertCsv(data);
  }
}

/**
 * The draft template of a conversion: named after the document (its title, else its file name),
 * a Template ID from the import's id (unique; the user may change it), a Timeline template.
 */
export function draftOf(
  conversion: Conversion,
  meta: { fileName: string; importId: string },
): { draft: TemplateImportDraft; notes: string[] } {
  if (conversion.fields.length === 0) throw new ConversionRefused('no form fields were found in it.');
  const notes = [...conversion.notes];
  const fields = conversion.fields.slice(0, maxFields);
  if (conversion.fields.length > maxFields)
    notes.push(`Only the first ${maxFields} of ${conversion.fields.length} fields were kept.`);
  const title = conversion.title
    ?.replace(/[/\\]+/g, ' ')
    .trim()
    .slice(0, 200);
  const name = title || templateNameOf(meta.fileName);
  const parsed = templateImportDraftSchema.safeParse({
    name,
    templateCode: `IMP-${meta.importId.slice(0, 8).toUpperCase()}`,
    formName: name,
    type: 'timeline',
    definition: { fields },
  });
  if (!parsed.success) throw new Error(`Import draft does not parse: ${parsed.error.message}`);
  return { draft: parsed.data, notes };
}
