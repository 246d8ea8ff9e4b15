import type { FieldInput } from '@formwork/shared/fields/field';
import type { ColumnCellType } from '@formwork/shared/fields/table-fields';
import mammoth from 'mammoth';
import { ConversionRefused } from './conversion-refused.ts';
import { blankField, type Conversion, cleanLabel, idMaker, options } from './draft-fields.ts';
import { checkZip } from './zip-guard.ts';

/**
 * DOCX -> fields (issue 22.1), from the document structure mammoth reads: headings become section
 * titles (Prefilled Text), tables become Default Tables (a two-column table of labels and blanks
 * becomes those fields), "Yes / No" (and "Yes / No / N/A") questions become those fields, runs of
 * checkboxes a Multiple Choice (one checkbox: Yes/No), and "Label: ____" lines a field each. Other
 * text is shown beside the draft, not converted.
 */

type Element = { type: string; children?: Element[]; value?: string; styleName?: string | null; checked?: boolean };
type Paragraph = { kind: 'paragraph'; text: string; heading: number | null; boxes: number };
type Table = { kind: 'table'; rows: string[][] };
type Block = Paragraph | Table;

const box = /[☐□☑☒■▢]|\[\s*[xX✓]?\s*\]/;
const boxes = new RegExp(box.source, 'g');
const yesNoQuestion =
  /^(.*?)[\s:–-]*(?:[☐□☑☒▢]\s*|\[\s*\]\s*|\(\s*\)\s*)?yes\s*(?:\/|[☐□☑☒▢]|\[\s*\]|\(\s*\)|\s)\s*no\s*((?:\/|[☐□☑☒▢]|\[\s*\]|\(\s*\)|\s)\s*n\/?a)?\s*$/i;
const blankLine = /^(.{1,120}?)\s*:\s*(?:_{2,}|\.{4,}|\s*)$/;
const headingStyle = /^(?:heading\s*(\d)|title)$/i;

function textOf(element: Element): string {
  if (element.type === 'text') return element.value ?? '';
  if (element.type === 'tab') return '\t';
  if (element.type === 'checkbox') return '☐';
  if (element.type === 'break') return ' ';
  return (element.children ?? []).map(textOf).join('');
}

function blocksOf(document: Element): Block[] {
  const blocks: Block[] = [];
  const visit = (element: Element) => {
    if (element.type === 'paragraph') {
      const text = textOf(element)
        .replace(/[\u00a0\s]+/g, ' ')
        .trim();
      const level = headingStyle.exec(element.styleName ?? '');
      const heading = level ? Number(level[1] ?? 0) : null;
      if (text) blocks.push({ kind: 'paragraph', text, heading, boxes: (text.match(boxes) ?? []).length });
    } else if (element.type === 'table') {
      const rows = (element.children ?? [])
        .filter((r) => r.type === 'tableRow')
        .map((r) => (r.children ?? []).filter((c) => c.type === 'tableCell').map((c) => cleanLabel(textOf(c))));
      if (rows.length > 0) blocks.push({ kind: 'table', rows });
    } else (element.children ?? []).forEach(visit);
  };
  visit(document);
  return blocks;
}

async function readDocument(data: Buffer): Promise<Element> {
  let captured: Element | null = null;
  try {
    await mammoth.convertToHtml(
      { buffer: data },
      {
        // The structure is all that is needed: the HTML (and its embedded images) is never made.
        transformDocument: (document: Element) => {
          captured = document;
          return { ...document, children: [] };
        },
      },
    );
  } catch {
    throw new ConversionRefused('the Word document is damaged or is not a .docx file.');
  }
  if (!captured) throw new ConversionRefused('the Word document is empty.');
  return captured;
}

function cellType(heading: string): ColumnCellType {
  const field = blankField('x', heading);
  if (/^(yes\s*\/\s*no|y\s*\/\s*n)$/i.test(heading.trim())) return 'yesNo';
  if (field.type === 'date' || field.type === 'dateTime') return field.type;
  if (field.type === 'number' || field.type === 'signature') return field.type;
  return 'text';
}

/** The fields of a table: labels with blanks beside them, or a Default Table headed by its first row. */
function tableFields(table: Table, label: string, nextId: () => string): FieldInput[] {
  const labelled = table.rows.every((r) => r.length === 2 && r[0] !== '' && r[1] === '');
  if (labelled) return table.rows.map((r) => blankField(nextId(), r[0] as string));
  const headings = (table.rows[0] ?? []).slice(0, 50);
  if (headings.length === 0) return [];
  return [
    {
      id: nextId(),
      type: 'defaultTable',
      label,
      columns: headings.map((heading, i) => ({
        id: `c${i + 1}`,
        heading: heading || `Column ${i + 1}`,
        width: 'M' as const,
        cellType: cellType(heading),
      })),
    },
  ];
}

function withoutBoxes(text: string) {
  return cleanLabel(text.replace(boxes, ' '));
}

export async function convertDocx(data: Buffer): Promise<Conversion> {
  const names = checkZip(data);
  if (names.some((n) => /vbaProject\.bin$/i.test(n)))
    throw new ConversionRefused('files with macros (.xlsm, .docm) are not accepted; save it as .xlsx or .docx first.');
  if (!names.includes('word/document.xml')) throw new ConversionRefused('the file is not a Word document.');
  const blocks = blocksOf(await readDocument(data));
  const nextId = idMaker();
  const fields: FieldInput[] = [];
  const sourceLines: string[] = [];
  let title: string | null = null;
  let lastText: string | null = null;
  let tables = 0;
  for (let i = 0; i < blocks.length; i++) {
    const block = blocks[i] as Block;
    if (block.kind === 'table') {
      tables++;
      sourceLines.push(...block.rows.map((r) => `| ${r.join(' | ')} |`));
      fields.push(...tableFields(block, lastText ?? `Table ${tables}`, nextId));
      lastText = null;
      continue;
    }
    sourceLines.push(block.heading !== null ? `# ${block.text}` : block.text);
    if (block.heading !== null) {
      if (title === null && fields.length === 0 && block.heading <= 1) title = cleanLabel(block.text).slice(0, 200);
      else fields.push({ id: nextId(), type: 'prefilledText', label: cleanLabel(block.text), text: '' });
      lastText = null;
      continue;
    }
    const question = yesNoQuestion.exec(block.text);
    if (question && withoutBoxes(question[1] ?? '')) {
      const label = withoutBoxes(question[1] as string);
      fields.push({ id: nextId(), type: question[2] ? 'yesNoNa' : 'yesNo', label });
      lastText = null;
      continue;
    }
    if (block.boxes > 1 && !box.test(block.text.charAt(0))) {
      // "Weather: ☐ Sunny ☐ Rain ☐ Wind": the text before the first box asks, the rest are choices.
      const [ask, ...choices] = block.text.split(box);
      const choiceOptions = options(choices);
      if (choiceOptions.length > 0) {
        const label = cleanLabel((ask ?? '').replace(/:\s*$/, '')) || 'Choose';
        fields.push({ id: nextId(), type: 'multipleChoice', label, options: choiceOptions, allowMultiple: true });
        lastText = null;
        continue;
      }
    }
    if (block.boxes > 0 && box.test(block.text.charAt(0))) {
      // A run of checkbox lines: one is a Yes/No, several the choices of the question before them.
      const run: string[] = [withoutBoxes(block.text)];
      while (blocks[i + 1]?.kind === 'paragraph' && box.test((blocks[i + 1] as Paragraph).text.charAt(0))) {
        i++;
        const next = blocks[i] as Paragraph;
        sourceLines.push(next.text);
        run.push(withoutBoxes(next.text));
      }
      if (run.length === 1) fields.push({ id: nextId(), type: 'yesNo', label: run[0] as string });
      else {
        const label = cleanLabel((lastText ?? 'Checklist').replace(/[:?]?\s*$/, ''));
        fields.push({ id: nextId(), type: 'multipleChoice', label, options: options(run), allowMultiple: true });
      }
      lastText = null;
      continue;
    }
    const next = blocks[i + 1];
    if (next?.kind === 'paragraph' && next.heading === null && box.test(next.text.charAt(0))) {
      // "PPE checked:" then checkbox lines: the question of the choices below.
      lastText = cleanLabel(block.text.replace(/[:?]\s*$/, ''));
      continue;
    }
    const blank = blankLine.exec(block.text);
    if (blank?.[1]) {
      fields.push(blankField(nextId(), cleanLabel(blank[1])));
      lastText = null;
      continue;
    }
    lastText = cleanLabel(block.text.replace(/[:?]\s*$/, ''));
  }
  if (fields.length === 0)
    throw new ConversionRefused(
      'no headings, tables, Yes / No questions, checkboxes or "Label:" blanks were found in the document.',
    );
  return { fields, sourceText: sourceLines.join('\n'), notes: [], ...(title ? { title } : {}) };
}
