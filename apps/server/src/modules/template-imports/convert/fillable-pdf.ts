import { type FieldInput, fieldTypeLabels } from '@formwork/shared/fields/field';
import {
  EncryptedPDFError,
  PDFButton,
  PDFCheckBox,
  PDFDocument,
  PDFDropdown,
  type PDFField,
  PDFHexString,
  PDFName,
  PDFOptionList,
  PDFRadioGroup,
  type PDFRef,
  PDFSignature,
  PDFString,
  PDFTextField,
} from 'pdf-lib';
import { ConversionRefused } from './conversion-refused.ts';
import { blankField, type Conversion, cleanLabel, humanLabel, idMaker, options } from './draft-fields.ts';
import { type Box, looksMachineMade, nearbyLabel, pageTextRuns, type TextRun } from './pdf-nearby-text.ts';

/**
 * Fillable PDF -> fields (issue 22.1): the AcroForm fields in page order (top to bottom, then left
 * to right), each as the field it asks for; labels from the field's tooltip (its alternate name),
 * else its name, or, when the name was made by the authoring tool ('Text1'), the text printed
 * beside the field. A PDF with no form fields (a scan, a printed form) is refused: reading one
 * needs a model.
 */

const noFieldsReason =
  'the PDF has no fillable form fields. A scanned or printed PDF cannot be read without a language model; upload the fillable PDF, or the Word or Excel file it was made from.';

type Placed = { field: PDFField; page: number; top: number; left: number; box?: Box };

async function load(data: Buffer): Promise<PDFDocument> {
  try {
    return await PDFDocument.load(data, { updateMetadata: false, throwOnInvalidObject: false });
  } catch (error) {
    if (error instanceof EncryptedPDFError) throw new ConversionRefused('the PDF is password-protected.');
    throw new ConversionRefused('the PDF is damaged or is not a PDF.');
  }
}

/** Page index of each annotation reference, from the pages' /Annots arrays. */
function annotationPages(doc: PDFDocument): Map<PDFRef, number> {
  const pages = new Map<PDFRef, number>();
  doc.getPages().forEach((page, index) => {
    const annots = page.node.Annots();
    if (!annots) return;
    for (let i = 0; i < annots.size(); i++) {
      const ref = annots.get(i);
      if (ref && 'objectNumber' in ref) pages.set(ref as PDFRef, index);
    }
  });
  return pages;
}

function placed(doc: PDFDocument, fields: PDFField[]): Placed[] {
  const pageOfAnnotation = annotationPages(doc);
  const pageRefs = doc.getPages().map((p) => p.ref);
  return fields.map((field) => {
    const widget = field.acroField.getWidgets()[0];
    if (!widget) return { field, page: Number.MAX_SAFE_INTEGER, top: 0, left: 0 };
    const ref = doc.context.getObjectRef(widget.dict);
    const byParent = widget.P();
    const page =
      (ref && pageOfAnnotation.get(ref)) ??
      (byParent ? pageRefs.indexOf(byParent as PDFRef) : -1) ??
      Number.MAX_SAFE_INTEGER;
    const rect = widget.getRectangle();
    return {
      field,
      page: page < 0 ? Number.MAX_SAFE_INTEGER : page,
      top: rect.y + rect.height,
      left: rect.x,
      box: rect,
    };
  });
}

/** Reading order: page, then rows top to bottom (within a few points is one row), then left to right. */
function byReadingOrder(a: Placed, b: Placed): number {
  if (a.page !== b.page) return a.page - b.page;
  if (Math.abs(a.top - b.top) > 4) return b.top - a.top;
  return a.left - b.left;
}

function alternateName(field: PDFField): string | undefined {
  const tooltip = field.acroField.dict.lookup(PDFName.of('TU'));
  if (tooltip instanceof PDFString || tooltip instanceof PDFHexString) {
    const text = cleanLabel(tooltip.decodeText());
    if (text) return text;
  }
  return undefined;
}

/** Labels for the fields with neither a tooltip nor a name a person would write, from the printed text. */
async function nearbyLabels(data: Buffer, items: Placed[]): Promise<Map<PDFField, string>> {
  const unnamed = items.filter(
    (item) => item.box && !alternateName(item.field) && looksMachineMade(item.field.getName()),
  );
  const labels = new Map<PDFField, string>();
  if (unnamed.length === 0) return labels;
  const runs = await pageTextRuns(data, new Set(unnamed.map((item) => item.page)));
  for (const item of unnamed) {
    const pageRuns: TextRun[] = runs.get(item.page) ?? [];
    const label = item.box && nearbyLabel(pageRuns, item.box, item.field instanceof PDFCheckBox);
    if (label) labels.set(item.field, label);
  }
  return labels;
}

function choiceField(id: string, label: string, labels: string[], allowMultiple: boolean): FieldInput {
  const choices = options(labels);
  const words = choices.map((c) => c.label.toLowerCase()).sort();
  if (!allowMultiple && words.join('|') === 'no|yes') return { id, type: 'yesNo', label };
  if (
    !allowMultiple &&
    words.length === 3 &&
    words.includes('yes') &&
    words.includes('no') &&
    /^n\/?a$/.test(words[0] ?? '')
  )
    return { id, type: 'yesNoNa', label };
  if (choices.length === 0) return { id, type: 'singleLineText', label };
  return { id, type: 'multipleChoice', label, options: choices, allowMultiple };
}

function fieldOf(field: PDFField, id: string, label: string): FieldInput | null {
  if (field instanceof PDFTextField) {
    const made = blankField(id, label, field.isMultiline());
    const maxLength = field.getMaxLength();
    if (made.type === 'singleLineText' && maxLength && maxLength <= 500) return { ...made, maxLength };
    return made;
  }
  if (field instanceof PDFCheckBox) return { id, type: 'yesNo', label };
  if (field instanceof PDFRadioGroup) return choiceField(id, label, field.getOptions(), false);
  if (field instanceof PDFDropdown) {
    const choices = options(field.getOptions());
    return choices.length > 0
      ? { id, type: 'dropdown', label, options: choices }
      : { id, type: 'singleLineText', label };
  }
  if (field instanceof PDFOptionList) return choiceField(id, label, field.getOptions(), field.isMultiselect());
  if (field instanceof PDFSignature) return { id, type: 'signature', label };
  return null;
}

export async function convertFillablePdf(data: Buffer): Promise<Conversion> {
  if (data.subarray(0, 1024).indexOf('%PDF-') < 0) throw new ConversionRefused('the file is not a PDF.');
  const doc = await load(data);
  let fields: PDFField[];
  try {
    fields = doc.getForm().getFields();
  } catch {
    throw new ConversionRefused('the PDF form is damaged.');
  }
  if (fields.length === 0) throw new ConversionRefused(noFieldsReason);
  const nextId = idMaker();
  const made: FieldInput[] = [];
  const lines: string[] = [];
  const notes: string[] = [];
  let page = -1;
  const ordered = placed(doc, fields).sort(byReadingOrder);
  const printedLabels = await nearbyLabels(data, ordered);
  for (const item of ordered) {
    const { field } = item;
    if (field instanceof PDFButton) {
      notes.push(`Button "${field.getName()}" left out: buttons are not form fields.`);
      continue;
    }
    const label = alternateName(field) ?? printedLabels.get(field) ?? humanLabel(field.getName());
    const converted = fieldOf(field, nextId(), label);
    if (!converted) {
      notes.push(`Field "${field.getName()}" left out: its kind is not known.`);
      continue;
    }
    if (item.page !== page && item.page !== Number.MAX_SAFE_INTEGER) {
      page = item.page;
      lines.push(`Page ${page + 1}`);
    }
    lines.push(`  ${label} (${fieldTypeLabels[converted.type]}) from "${field.getName()}"`);
    made.push(converted);
  }
  if (made.length === 0) throw new ConversionRefused(noFieldsReason);
  return { fields: made, sourceText: lines.join('\n'), notes };
}
