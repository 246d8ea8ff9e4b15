import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';

/**
 * What a reader gets out of a PDF: each page's text (lines joined by newlines), its image count
 * and the colours its lines are drawn in (`#rrggbb`).
 */
export type PdfContent = { pages: { text: string; images: number; strokeColours: string[] }[]; text: string };

/** Extracts text and counts drawn images with pdf.js (pure JS, no system tools). */
export async function readPdf(bytes: Uint8Array | Buffer): Promise<PdfContent> {
  const document = await getDocument({
    data: new Uint8Array(bytes),
    disableFontFace: true,
    useSystemFonts: false,
    isEvalSupported: false,
    verbosity: 0,
  }).promise;
  const pages: PdfContent['pages'] = [];
  for (let n = 1; n <= document.numPages; n++) {
    const page = await document.getPage(n);
    const content = await page.getTextContent();
    let text = '';
    for (const item of content.items) {
      if (!('str' in item)) continue;
      text += item.str + (item.hasEOL ? '\n' : '');
    }
    const operators = await page.getOperatorList();
    const images = operators.fnArray.filter(
      (op) => op === OPS.paintImageXObject || op === OPS.paintInlineImageXObject,
    ).length;
    const strokeColours = new Set<string>();
    operators.fnArray.forEach((op, i) => {
      const colour = operators.argsArray[i]?.[0];
      if (op === OPS.setStrokeRGBColor && typeof colour === 'string') strokeColours.add(colour);
    });
    pages.push({ text, images, strokeColours: [...strokeColours] });
  }
  await document.destroy();
  return { pages, text: pages.map((p) => p.text).join('\n') };
}
