// ADR 0007's measured comparison of two pure-JS PDF libraries (pdfkit and pdf-lib) on one sample
// form: 30 fields, a table of 50 rows split across pages with its header repeated, 4 photos of
// 2,560 x 1,920 (the largest stored photo), Unicode text, page numbers. Each library lays out the
// same page; we time 20 renders (p95), and read the output back with pdf.js to check the text.
// Run: node --import tsx bench/pdf-libraries.compare.ts   (prints JSON lines)
import { createRequire } from 'node:module';
import path from 'node:path';
import { readPdf } from '@formwork/server/test/pdf-text.ts';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument as LibDocument, type PDFFont, rgb } from 'pdf-lib';
import PDFKit from 'pdfkit';
import sharp from 'sharp';
import { percentile, report } from './lib/figures.ts';

const require = createRequire(import.meta.url);
const fontDir = path.dirname(require.resolve('@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf'));
const regularFont = path.join(fontDir, 'NotoSans_400Regular.ttf');
const boldFont = path.join(fontDir, '..', '700Bold', 'NotoSans_700Bold.ttf');

const unicode = 'Überprüfung – Zürich – Ñandú – Ωmega – Привет – “quoted”';
const fields = Array.from({ length: 30 }, (_, i) => ({
  label: `Field ${i + 1}: ${i % 3 === 0 ? 'Inspection note' : 'Site check'}`,
  value:
    i % 5 === 0
      ? `${unicode}. A longer answer that wraps across the value column so line breaking is exercised as well.`
      : `Answer ${i + 1}`,
}));
const columns = ['Item', 'Location', 'Status', 'Comment'];
const rows = Array.from({ length: 50 }, (_, i) => [
  `Row ${i + 1}`,
  `Level ${(i % 7) + 1}`,
  i % 4 ? 'OK' : 'Fix',
  `Note ${i + 1}`,
]);

async function photos(): Promise<Buffer[]> {
  return Promise.all(
    [0, 1, 2, 3].map((i) =>
      // Noise scaled up: smooth areas and detail, compressing about like a site photo.
      sharp({
        create: {
          width: 160,
          height: 120,
          channels: 3,
          background: 'grey',
          noise: { type: 'gaussian', mean: 110 + i * 20, sigma: 50 },
        },
      })
        .png()
        .toBuffer()
        .then((small) => sharp(small).resize(2560, 1920, { kernel: 'cubic' }).jpeg({ quality: 82 }).toBuffer()),
    ),
  );
}

const page = { width: 595.28, height: 841.89, margin: 40 };
const photoWidth = 240;

async function withPdfkit(images: Buffer[]): Promise<Buffer> {
  const doc = new PDFKit({ size: 'A4', margin: page.margin, bufferPages: true, autoFirstPage: true });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise((resolve) => doc.on('end', resolve));
  doc.registerFont('regular', regularFont);
  doc.registerFont('bold', boldFont);
  const bottom = page.height - page.margin - 20;
  const labelWidth = 170;
  const valueWidth = page.width - 2 * page.margin - labelWidth - 10;
  doc.font('bold').fontSize(16).text('Sample inspection form');
  doc.moveDown(0.5);
  for (const f of fields) {
    doc.font('regular').fontSize(10);
    const h = Math.max(
      doc.heightOfString(f.label, { width: labelWidth }),
      doc.heightOfString(f.value, { width: valueWidth }),
    );
    if (doc.y + h > bottom) doc.addPage();
    const y = doc.y;
    doc.font('bold').text(f.label, page.margin, y, { width: labelWidth });
    doc.font('regular').text(f.value, page.margin + labelWidth + 10, y, { width: valueWidth });
    doc.y = y + h + 4;
  }
  const colWidth = (page.width - 2 * page.margin) / columns.length;
  const header = () => {
    const y = doc.y;
    doc
      .rect(page.margin, y, colWidth * columns.length, 16)
      .fill('#e8e8e8')
      .fillColor('black');
    columns.forEach((c, i) => {
      doc
        .font('bold')
        .fontSize(9)
        .text(c, page.margin + i * colWidth + 3, y + 3, { width: colWidth - 6 });
    });
    doc.y = y + 16;
  };
  doc.moveDown();
  header();
  for (const row of rows) {
    if (doc.y + 14 > bottom) {
      doc.addPage();
      header();
    }
    const y = doc.y;
    row.forEach((c, i) => {
      doc
        .font('regular')
        .fontSize(9)
        .text(c, page.margin + i * colWidth + 3, y + 2, { width: colWidth - 6 });
    });
    doc
      .moveTo(page.margin, y + 14)
      .lineTo(page.width - page.margin, y + 14)
      .strokeColor('#cccccc')
      .stroke();
    doc.y = y + 14;
  }
  let x = page.margin;
  let rowTop = doc.y + 10;
  for (const image of images) {
    const h = photoWidth * 0.75;
    if (x + photoWidth > page.width - page.margin) {
      x = page.margin;
      rowTop += h + 10;
    }
    if (rowTop + h > bottom) {
      doc.addPage();
      rowTop = page.margin;
      x = page.margin;
    }
    doc.image(image, x, rowTop, { width: photoWidth });
    x += photoWidth + 10;
  }
  const range = doc.bufferedPageRange();
  for (let i = 0; i < range.count; i++) {
    doc.switchToPage(i);
    // Writing inside the bottom margin would otherwise start a new page.
    doc.page.margins.bottom = 0;
    doc
      .font('regular')
      .fontSize(8)
      .text(`Page ${i + 1} of ${range.count}`, page.margin, page.height - page.margin, {
        width: page.width - 2 * page.margin,
        align: 'right',
        lineBreak: false,
      });
  }
  doc.end();
  await done;
  return Buffer.concat(chunks);
}

function wrap(font: PDFFont, size: number, text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const next = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(next, size) > width && line) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

async function withPdfLib(images: Buffer[], fonts: { regular: Buffer; bold: Buffer }): Promise<Buffer> {
  const doc = await LibDocument.create();
  doc.registerFontkit(fontkit);
  const regular = await doc.embedFont(fonts.regular, { subset: true });
  const bold = await doc.embedFont(fonts.bold, { subset: true });
  let current = doc.addPage([page.width, page.height]);
  let y = page.height - page.margin;
  const bottom = page.margin + 20;
  const newPage = () => {
    current = doc.addPage([page.width, page.height]);
    y = page.height - page.margin;
  };
  current.drawText('Sample inspection form', { x: page.margin, y: y - 16, size: 16, font: bold });
  y -= 30;
  const labelWidth = 170;
  const valueWidth = page.width - 2 * page.margin - labelWidth - 10;
  for (const f of fields) {
    const labelLines = wrap(bold, 10, f.label, labelWidth);
    const valueLines = wrap(regular, 10, f.value, valueWidth);
    const h = Math.max(labelLines.length, valueLines.length) * 13;
    if (y - h < bottom) newPage();
    labelLines.forEach((l, i) => {
      current.drawText(l, { x: page.margin, y: y - 10 - i * 13, size: 10, font: bold });
    });
    valueLines.forEach((l, i) => {
      current.drawText(l, { x: page.margin + labelWidth + 10, y: y - 10 - i * 13, size: 10, font: regular });
    });
    y -= h + 4;
  }
  const colWidth = (page.width - 2 * page.margin) / columns.length;
  const header = () => {
    current.drawRectangle({
      x: page.margin,
      y: y - 16,
      width: colWidth * columns.length,
      height: 16,
      color: rgb(0.91, 0.91, 0.91),
    });
    columns.forEach((c, i) => {
      current.drawText(c, { x: page.margin + i * colWidth + 3, y: y - 12, size: 9, font: bold });
    });
    y -= 16;
  };
  y -= 10;
  header();
  for (const row of rows) {
    if (y - 14 < bottom) {
      newPage();
      header();
    }
    row.forEach((c, i) => {
      current.drawText(c, { x: page.margin + i * colWidth + 3, y: y - 11, size: 9, font: regular });
    });
    current.drawLine({
      start: { x: page.margin, y: y - 14 },
      end: { x: page.width - page.margin, y: y - 14 },
      color: rgb(0.8, 0.8, 0.8),
    });
    y -= 14;
  }
  let x = page.margin;
  let rowTop = y - 10;
  for (const bytes of images) {
    const image = await doc.embedJpg(bytes);
    const h = photoWidth * (image.height / image.width);
    if (x + photoWidth > page.width - page.margin) {
      x = page.margin;
      rowTop -= h + 10;
    }
    if (rowTop - h < bottom) {
      newPage();
      rowTop = y;
      x = page.margin;
    }
    current.drawImage(image, { x, y: rowTop - h, width: photoWidth, height: h });
    x += photoWidth + 10;
  }
  const pages = doc.getPages();
  pages.forEach((p, i) => {
    const text = `Page ${i + 1} of ${pages.length}`;
    p.drawText(text, {
      x: page.width - page.margin - regular.widthOfTextAtSize(text, 8),
      y: page.margin - 8,
      size: 8,
      font: regular,
    });
  });
  return Buffer.from(await doc.save());
}

async function measure(name: string, render: () => Promise<Buffer>) {
  for (let i = 0; i < 3; i++) await render();
  const samples: number[] = [];
  let bytes: Buffer = Buffer.alloc(0);
  for (let i = 0; i < 20; i++) {
    const started = performance.now();
    bytes = await render();
    samples.push(performance.now() - started);
  }
  const content = await readPdf(bytes);
  const tableSplit = content.pages.filter((p) => p.text.includes('Item') && p.text.includes('Comment')).length;
  report(`pdf.compare.${name}.p95`, percentile(samples, 95), 'ms', { renders: samples.length });
  report(`pdf.compare.${name}.size`, bytes.length / 1024, 'KiB', {
    pages: content.pages.length,
    photoBytesKiB: Math.round(images.reduce((n, b) => n + b.length, 0) / 1024),
  });
  report(
    `pdf.compare.${name}.text`,
    ['Überprüfung', 'Ñandú', 'Ωmega', 'Привет', '“quoted”'].every((t) => content.text.includes(t)) ? 1 : 0,
    'unicode extracted',
    {
      allRows: rows.every((r) => content.text.includes(r[0] as string)),
      pagesWithTableHeader: tableSplit,
      images: content.pages.reduce((n, p) => n + p.images, 0),
      pageNumbers: content.text.includes(`Page ${content.pages.length} of ${content.pages.length}`),
    },
  );
}

const images = await photos();
const { readFile } = await import('node:fs/promises');
const fonts = { regular: await readFile(regularFont), bold: await readFile(boldFont) };
await measure('pdfkit', () => withPdfkit(images));
await measure('pdf-lib', () => withPdfLib(images, fonts));
