import { crc32, deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { PDFDocument, PDFName, PDFString, StandardFonts } from 'pdf-lib';

/**
 * Sample documents for template import (issue 22.1), made by the tests: a fillable PDF (pdf-lib),
 * an XLSX with data validations (exceljs), DOCX files and zips written here byte by byte.
 */

/** A signature field (pdf-lib reads them but cannot add one): a /Sig widget on the page. */
function addSignatureField(doc: PDFDocument, pageIndex: number, name: string, rect: number[]) {
  const page = doc.getPage(pageIndex);
  const form = doc.getForm();
  const widget = doc.context.obj({
    Type: 'Annot',
    Subtype: 'Widget',
    FT: 'Sig',
    T: PDFString.of(name),
    Rect: rect,
    F: 4,
    P: page.ref,
  });
  const ref = doc.context.register(widget);
  page.node.addAnnot(ref);
  form.acroForm.addField(ref);
}

/** The site inspection used across the import tests: 10 fields over 2 pages, every AcroForm kind. */
export async function inspectionPdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const [one, two] = [doc.addPage([595, 842]), doc.addPage([595, 842])];
  one.drawText('Site inspection', { x: 50, y: 800, size: 18, font });
  const form = doc.getForm();
  const text = (name: string, page: typeof one, y: number, x = 200, multiline = false) => {
    const field = form.createTextField(name);
    if (multiline) field.enableMultiline();
    field.addToPage(page, { x, y, width: 150, height: multiline ? 60 : 20 });
    return field;
  };
  // Added out of reading order: the converter sorts by page, then top to bottom, then left to right.
  text('inspection_date', one, 700, 380);
  text('site_name', one, 700);
  const tooltip = text('insp_nm', one, 650);
  tooltip.acroField.dict.set(PDFName.of('TU'), PDFString.of('Inspector name'));
  form.createCheckBox('ppe_worn').addToPage(one, { x: 200, y: 600, width: 15, height: 15 });
  const weather = form.createRadioGroup('weather');
  weather.addOptionToPage('Sunny', one, { x: 200, y: 550, width: 15, height: 15 });
  weather.addOptionToPage('Rain', one, { x: 250, y: 550, width: 15, height: 15 });
  weather.addOptionToPage('Wind', one, { x: 300, y: 550, width: 15, height: 15 });
  const trade = form.createDropdown('trade');
  trade.addOptions(['Electrical', 'Plumbing', 'Carpentry']);
  trade.addToPage(one, { x: 200, y: 500, width: 150, height: 20 });
  const hazards = form.createOptionList('hazards');
  hazards.addOptions(['Height', 'Noise', 'Dust']);
  hazards.enableMultiselect();
  hazards.addToPage(two, { x: 200, y: 700, width: 150, height: 60 });
  text('notes', two, 600, 200, true);
  const crew = text('crew_count', two, 520);
  crew.setMaxLength(3);
  addSignatureField(doc, 1, 'inspector_signature', [200, 400, 350, 440]);
  form.createButton('reset').addToPage('Reset', two, { x: 200, y: 300, width: 60, height: 20 });
  return Buffer.from(await doc.save());
}

/**
 * A fillable PDF whose fields the authoring tool named (Text1..Text3, undefined) with their labels
 * printed beside them: left, left with a rule, above, and right of a checkbox; one field has a name.
 */
export async function unnamedFieldsPdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([595, 842]);
  const form = doc.getForm();
  const label = (text: string, x: number, y: number) => page.drawText(text, { x, y, size: 11, font });
  label('Daily site check', 50, 790);
  label('Site name:', 50, 706);
  form.createTextField('Text1').addToPage(page, { x: 130, y: 700, width: 200, height: 20 });
  label('Supervisor ______', 50, 656);
  form.createTextField('Text2').addToPage(page, { x: 160, y: 650, width: 200, height: 20 });
  label('Date of inspection', 50, 614);
  form.createTextField('Text3').addToPage(page, { x: 50, y: 585, width: 150, height: 20 });
  form.createCheckBox('undefined').addToPage(page, { x: 50, y: 540, width: 12, height: 12 });
  label('Permit sighted', 70, 542);
  label('Workers on site', 50, 496);
  form.createTextField('crew_count').addToPage(page, { x: 160, y: 490, width: 60, height: 20 });
  return Buffer.from(await doc.save());
}

/** A fillable PDF of `pages` pages with `fields` text fields spread over them (the bench's file). */
export async function manyFieldsPdf(pages: number, fields: number): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const form = doc.getForm();
  const perPage = Math.ceil(fields / pages);
  for (let p = 0; p < pages; p++) {
    const page = doc.addPage([595, 842]);
    for (let i = 0; i < perPage && p * perPage + i < fields; i++) {
      const n = p * perPage + i + 1;
      const y = 800 - (i % 25) * 30;
      const x = 50 + Math.floor(i / 25) * 260;
      if (n % 10 === 0) form.createCheckBox(`check_${n}`).addToPage(page, { x, y, width: 15, height: 15 });
      else form.createTextField(`field_${n}`).addToPage(page, { x, y, width: 200, height: 20 });
    }
  }
  return Buffer.from(await doc.save());
}

/** A PDF with text and no form fields (what a scanned or printed form is to a reader). */
export async function flatPdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage().drawText('Name: ________   Date: ________', { x: 50, y: 700, size: 12, font });
  return Buffer.from(await doc.save());
}

/** A plant register with a header row, list validations (inline and from another sheet), typed columns. */
export async function plantRegisterXlsx(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Plant');
  const lists = workbook.addWorksheet('Lists');
  lists.getCell('A1').value = 'Excavator';
  lists.getCell('A2').value = 'Crane';
  lists.getCell('A3').value = 'Loader';
  sheet.addRow(['Plant register']);
  sheet.addRow([]);
  sheet.addRow(['Plant item', 'Type', 'Status', 'Hours', 'Service date', 'Operator', 'Fuel level']);
  sheet.addRow(['EX-01', 'Excavator', 'In service', 1200, new Date('2026-10-01'), 'Sam', 0.5]);
  sheet.addRow(['CR-02', 'Crane', 'Out of service', 340, new Date('2026-11-12'), 'Alex', 0.75]);
  for (let r = 4; r <= 100; r++) {
    sheet.getCell(`B${r}`).dataValidation = { type: 'list', allowBlank: true, formulae: ['Lists!$A$1:$A$3'] };
    sheet.getCell(`C${r}`).dataValidation = {
      type: 'list',
      allowBlank: true,
      formulae: ['"In service,Out of service,Tagged out"'],
    };
    sheet.getCell(`D${r}`).dataValidation = { type: 'whole', operator: 'greaterThan', formulae: [0] };
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

type ZipItem = { name: string; data: Buffer | string; declaredSize?: number; stored?: boolean };

/** A zip written here (local headers with sizes, no data descriptors); `declaredSize` may lie. */
export function zipOf(items: ZipItem[]): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const item of items) {
    const data = Buffer.from(item.data);
    const body = item.stored ? data : deflateRawSync(data);
    const name = Buffer.from(item.name);
    const size = item.declaredSize ?? data.length;
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(item.stored ? 0 : 8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(item.stored ? 0 : 8, 10);
    entry.writeUInt32LE(crc, 16);
    entry.writeUInt32LE(body.length, 20);
    entry.writeUInt32LE(size, 24);
    entry.writeUInt16LE(name.length, 28);
    entry.writeUInt32LE(offset, 42);
    locals.push(local, name, body);
    central.push(entry, name);
    offset += local.length + name.length + body.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(items.length, 8);
  end.writeUInt16LE(items.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const w = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const contentTypes = `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/><Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/></Types>`;
const rootRels = `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`;
const documentRels = `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>`;
const styles = `<?xml version="1.0" encoding="UTF-8"?><w:styles xmlns:w="${w}"><w:style w:type="paragraph" w:styleId="Title"><w:name w:val="Title"/></w:style><w:style w:type="paragraph" w:styleId="Heading1"><w:name w:val="heading 1"/></w:style><w:style w:type="paragraph" w:styleId="Heading2"><w:name w:val="heading 2"/></w:style></w:styles>`;

const xmlText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
/** A paragraph, optionally in a style (Title, Heading1...). */
export const para = (text: string, style?: string) =>
  `<w:p>${style ? `<w:pPr><w:pStyle w:val="${style}"/></w:pPr>` : ''}<w:r><w:t xml:space="preserve">${xmlText(text)}</w:t></w:r></w:p>`;
/** A table of rows of cell texts. */
export const table = (rows: string[][]) =>
  `<w:tbl>${rows.map((r) => `<w:tr>${r.map((c) => `<w:tc>${para(c)}</w:tc>`).join('')}</w:tr>`).join('')}</w:tbl>`;

/** A DOCX whose body is the given paragraphs and tables; `extra` entries are added to the zip. */
export function docxOf(body: string[], extra: ZipItem[] = []): Buffer {
  const document = `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="${w}"><w:body>${body.join('')}</w:body></w:document>`;
  return zipOf([
    { name: '[Content_Types].xml', data: contentTypes },
    { name: '_rels/.rels', data: rootRels },
    { name: 'word/_rels/document.xml.rels', data: documentRels },
    { name: 'word/document.xml', data: document },
    { name: 'word/styles.xml', data: styles },
    ...extra,
  ]);
}

/** The toolbox talk used across the DOCX tests: a title, sections, a table, Yes / No, checkboxes, blanks. */
export function toolboxTalkDocx(): Buffer {
  return docxOf([
    para('Toolbox talk', 'Title'),
    para('Details', 'Heading1'),
    para('Presenter: ________'),
    para('Date:'),
    para('Safety checks', 'Heading1'),
    para('Were all workers inducted? Yes / No'),
    para('Is the first aid kit stocked? Yes / No / N/A'),
    para('PPE checked:'),
    para('☐ Hard hat'),
    para('☐ Hi-vis vest'),
    para('☐ Steel-capped boots'),
    para('Attendees'),
    table([
      ['Name', 'Company', 'Signature'],
      ['', '', ''],
    ]),
  ]);
}
