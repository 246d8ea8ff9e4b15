import { createRequire } from 'node:module';
import path from 'node:path';
import PDFDocument from 'pdfkit';
import type { PdfImage } from './form-pdf-model.ts';

const require = createRequire(import.meta.url);
const fontRoot = path.dirname(
  path.dirname(require.resolve('@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf')),
);
/** Noto Sans (OFL), embedded as subsets: Latin, Greek and Cyrillic print and copy out as text. */
export const fonts = {
  regular: path.join(fontRoot, '400Regular', 'NotoSans_400Regular.ttf'),
  bold: path.join(fontRoot, '700Bold', 'NotoSans_700Bold.ttf'),
};

export const colours = { text: '#1f2328', muted: '#59636e', rule: '#d1d9e0', fill: '#f0f3f6', accent: '#0b5cad' };
export const sizes = { title: 16, subtitle: 11, body: 9.5, small: 8, label: 9.5 };

export type Margins = { top: number; bottom: number; left: number; right: number };

/**
 * A page flow over pdfkit: a cursor `y` inside the body area (between the header and footer
 * bands), blocks that move to a new page when they do not fit, and the drawing primitives the
 * form renderer needs. Pages are buffered, so header and footer are drawn at the end with N known.
 */
export class PdfFlow {
  readonly doc: PDFKit.PDFDocument;
  margins: Margins;
  y: number;

  constructor(options: { margins: Margins; info: PDFKit.DocumentInfo }) {
    this.margins = options.margins;
    this.doc = new PDFDocument({
      size: 'A4',
      margins: options.margins,
      bufferPages: true,
      info: options.info,
      // The PDF's own compression of page content; images are copied as stored.
      compress: true,
    });
    this.doc.registerFont('regular', fonts.regular);
    this.doc.registerFont('bold', fonts.bold);
    this.doc.font('regular').fontSize(sizes.body).fillColor(colours.text);
    this.y = options.margins.top;
  }

  /** Changes the margins of this page and the pages to come (once the header and footer are measured). */
  setMargins(margins: Margins): void {
    this.margins = margins;
    this.doc.page.margins = { ...margins };
    (this.doc.options as { margins?: Margins }).margins = { ...margins };
    this.y = margins.top;
  }

  get left(): number {
    return this.margins.left;
  }

  get width(): number {
    return this.doc.page.width - this.margins.left - this.margins.right;
  }

  get bottom(): number {
    return this.doc.page.height - this.margins.bottom;
  }

  /** The body height of a page: a block taller than this is split rather than moved. */
  get pageBodyHeight(): number {
    return this.doc.page.height - this.margins.top - this.margins.bottom;
  }

  newPage(): void {
    this.doc.addPage();
    this.y = this.margins.top;
  }

  /** Moves to a new page unless `height` fits below the cursor (and the cursor is not at the top already). */
  ensure(height: number): void {
    if (this.y + height > this.bottom && this.y > this.margins.top) this.newPage();
  }

  textHeight(text: string, options: { width: number; font?: 'regular' | 'bold'; size?: number }): number {
    this.doc.font(options.font ?? 'regular').fontSize(options.size ?? sizes.body);
    return this.doc.heightOfString(text || ' ', { width: options.width, lineGap: 1 });
  }

  text(
    text: string,
    x: number,
    y: number,
    options: {
      width: number;
      font?: 'regular' | 'bold';
      size?: number;
      colour?: string;
      align?: 'left' | 'center' | 'right';
    },
  ): void {
    this.doc
      .font(options.font ?? 'regular')
      .fontSize(options.size ?? sizes.body)
      .fillColor(options.colour ?? colours.text)
      .text(text, x, y, { width: options.width, align: options.align ?? 'left', lineGap: 1 });
  }

  /**
   * Text at the cursor that may run over several pages (a long answer): pdfkit continues it on new
   * pages inside the margins; the cursor follows to where it ended.
   */
  flowText(
    text: string,
    options: { x?: number; width?: number; font?: 'regular' | 'bold'; size?: number; colour?: string },
  ) {
    this.text(text, options.x ?? this.left, this.y, { width: options.width ?? this.width, ...options });
    this.y = this.doc.y;
  }

  rule(y: number, colour = colours.rule): void {
    this.doc
      .moveTo(this.left, y)
      .lineTo(this.left + this.width, y)
      .lineWidth(0.5)
      .strokeColor(colour)
      .stroke();
  }

  fillRect(x: number, y: number, width: number, height: number, colour: string): void {
    this.doc.rect(x, y, width, height).fillColor(colour).fill();
    this.doc.fillColor(colours.text);
  }

  strokeRect(x: number, y: number, width: number, height: number, colour = colours.rule): void {
    this.doc.rect(x, y, width, height).lineWidth(0.5).strokeColor(colour).stroke();
  }

  /** The drawn size of an image fitted into a box, keeping its proportions, never enlarged past 2x. */
  static fitted(image: PdfImage, maxWidth: number, maxHeight: number): { width: number; height: number } {
    const scale = Math.min(maxWidth / image.width, maxHeight / image.height, 2);
    return { width: image.width * scale, height: image.height * scale };
  }

  image(image: PdfImage, x: number, y: number, size: { width: number; height: number }): void {
    this.doc.image(image.data, x, y, { width: size.width, height: size.height });
  }
}
