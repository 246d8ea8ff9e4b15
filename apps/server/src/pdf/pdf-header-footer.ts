import type { HeaderFooterItem } from '@formwork/shared/fields/header-footer';
import { formatInstant } from '@formwork/shared/forms/date-text';
import { textsIn } from '../i18n/texts.ts';
import type { FormPdfModel, PdfImage } from './form-pdf-model.ts';
import { colours, PdfFlow, sizes } from './pdf-layout.ts';

type Position = 'left' | 'centre' | 'right';
type BandPiece = { kind: 'text'; text: (page: number, pages: number) => string } | { kind: 'image'; image: PdfImage };
export type Band = { pieces: Record<Position, BandPiece[]>; height: number };

const imageHeight = 30;
const imageWidth = 120;

function textPiece(text: string): BandPiece {
  return { kind: 'text', text: () => text };
}

/** The words of each header/footer item (spec 3), or its image. */
function piece(item: HeaderFooterItem, model: FormPdfModel, namesWorkspace: boolean): BandPiece | null {
  const { path, template, form } = model;
  const { t } = textsIn(model.locale);
  switch (item.type) {
    case 'logo': {
      // Without a logo image of its own the workspace's PDF logo shows; without that its name
      // stands in, unless the band already names it.
      const own = item.image?.fileId ? model.images.get(item.image.fileId) : undefined;
      const image = own ?? model.workspaceLogo ?? undefined;
      return image ? { kind: 'image', image } : namesWorkspace ? null : textPiece(path.workspace);
    }
    case 'image': {
      const image = item.image.fileId ? model.images.get(item.image.fileId) : undefined;
      return image ? { kind: 'image', image } : null;
    }
    case 'filePath':
      return textPiece(`${path.workspace} / ${path.project} / ${path.team} / ${template.name}`);
    case 'workspaceProjectTeam':
      return textPiece(`${path.workspace} - ${path.project} - ${path.team}`);
    case 'templateId':
      return textPiece(t('pdf.templateId', { code: template.templateCode }));
    case 'templateVersion':
      return textPiece(t('pdf.templateVersion', { version: template.version }));
    case 'formVersion':
      return textPiece(t('pdf.formVersion', { version: form.version }));
    case 'pdfCreationDateTime':
      return textPiece(
        t('pdf.pdfCreated', {
          when: formatInstant(model.exportedAt, { timeZone: model.timeZone, locale: model.locale }),
        }),
      );
    case 'pdfPageNumber':
      return { kind: 'text', text: (page, pages) => t('pdf.page', { page, pages }) };
    case 'exportDisclaimer':
      return textPiece(model.exportDisclaimer);
    case 'prefilledText':
      return item.text ? textPiece(item.text) : null;
  }
}

export function band(items: readonly HeaderFooterItem[], model: FormPdfModel, flow: PdfFlow): Band {
  const pieces: Band['pieces'] = { left: [], centre: [], right: [] };
  const namesWorkspace = items.some((i) => i.type === 'workspaceProjectTeam' || i.type === 'filePath');
  for (const item of items) {
    const p = piece(item, model, namesWorkspace);
    if (p) pieces[item.position].push(p);
  }
  const width = flow.width / 3 - 6;
  const heightOf = (list: BandPiece[]) =>
    list.reduce(
      (h, p) =>
        h + (p.kind === 'image' ? imageHeight : flow.textHeight(p.text(999, 999), { width, size: sizes.small })) + 2,
      0,
    );
  const height = Math.max(heightOf(pieces.left), heightOf(pieces.centre), heightOf(pieces.right));
  return { pieces, height };
}

function drawColumn(flow: PdfFlow, list: BandPiece[], position: Position, top: number, page: number, pages: number) {
  const columnWidth = flow.width / 3 - 6;
  const x =
    position === 'left'
      ? flow.left
      : position === 'centre'
        ? flow.left + flow.width / 3 + 3
        : flow.left + (2 * flow.width) / 3 + 6;
  const align = position === 'left' ? 'left' : position === 'centre' ? 'center' : 'right';
  let y = top;
  for (const p of list) {
    if (p.kind === 'image') {
      const size = PdfFlow.fitted(p.image, Math.min(imageWidth, columnWidth), imageHeight);
      const offset =
        align === 'left' ? 0 : align === 'center' ? (columnWidth - size.width) / 2 : columnWidth - size.width;
      flow.image(p.image, x + offset, y, size);
      y += imageHeight + 2;
    } else {
      const text = p.text(page, pages);
      flow.text(text, x, y, { width: columnWidth, size: sizes.small, colour: colours.muted, align });
      y += flow.textHeight(text, { width: columnWidth, size: sizes.small }) + 2;
    }
  }
}

/**
 * Draws the header and footer bands on every buffered page (so "Page n of N" knows N). The page
 * margins are lifted while drawing: text inside a margin would otherwise start a new page.
 */
export function drawBands(flow: PdfFlow, header: Band, footer: Band, layout: { headerTop: number; footerTop: number }) {
  const range = flow.doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    flow.doc.switchToPage(i);
    const saved = { ...flow.doc.page.margins };
    flow.doc.page.margins = { top: 0, bottom: 0, left: saved.left, right: saved.right };
    for (const position of ['left', 'centre', 'right'] as const) {
      drawColumn(flow, header.pieces[position], position, layout.headerTop, i + 1, range.count);
      drawColumn(flow, footer.pieces[position], position, layout.footerTop, i + 1, range.count);
    }
    if (header.height > 0) flow.rule(layout.headerTop + header.height + 2);
    if (footer.height > 0) flow.rule(layout.footerTop - 4);
    flow.doc.page.margins = saved;
  }
}
