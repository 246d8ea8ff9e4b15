import type { Field } from '@formwork/shared/fields/field';
import type { PhotoSize } from '@formwork/shared/fields/field-base';
import { hiddenFieldIds } from '@formwork/shared/fields/logic';
import type { TableColumn } from '@formwork/shared/fields/table-fields';
import { computeFormulas } from '@formwork/shared/forms/compute-formulas';
import { formatDate, formatInstant } from '@formwork/shared/forms/date-text';
import { isEmptyValue } from '@formwork/shared/forms/field-values';
import { logicAnswers } from '@formwork/shared/forms/validate-form-values';
import { fieldValueText, type TextContext, tableCellText } from '@formwork/shared/forms/value-text';
import type { ActionState } from '@formwork/shared/schemas/actions';
import type { FormState } from '@formwork/shared/schemas/forms';
import { type Translate, textsIn } from '../i18n/texts.ts';
import type { FormPdfModel, PdfImage } from './form-pdf-model.ts';
import { band, drawBands } from './pdf-header-footer.ts';
import { colours, PdfFlow, sizes } from './pdf-layout.ts';

/** Spec 9: photo sizes XS to XL, as drawn widths in points (A4 body is about 515 pt wide). */
export const photoWidths: Record<PhotoSize, number> = { XS: 72, S: 110, M: 165, L: 250, XL: 515 };
const columnWeights = { XS: 0.6, S: 1, M: 1.5, L: 2, XL: 3 } as const;

const labelWidthShare = 0.34;
const gap = 10;
const pageMargin = 40;

type Renderer = {
  flow: PdfFlow;
  model: FormPdfModel;
  /** The exporter's texts (issue 26). */
  t: Translate;
  values: Record<string, unknown>;
  context: TextContext;
  pageNumberFields: { page: number; x: number; y: number; width: number }[];
};

/** What the shared value text needs: names, the workspace's time zone, the date display. */
function textContext(model: FormPdfModel, t: Translate): TextContext {
  return {
    locale: model.locale,
    words: {
      yes: t('pdf.words.yes'),
      no: t('pdf.words.no'),
      na: t('pdf.words.na'),
      signed: t('pdf.words.signed'),
      sketch: t('pdf.words.sketch'),
      expired: t('pdf.words.expired'),
      unknownPerson: t('pdf.words.unknownPerson'),
      unavailableForm: t('pdf.words.unavailableForm'),
      photos: (count) => t('pdf.words.photos', { count }),
    },
    userName: (id) => model.people.get(id),
    formTitle: (id) => model.formTitles.get(id),
    timeZone: model.timeZone,
    dateDisplay: model.dateDisplay,
    now: model.exportedAt,
  };
}

/** A field's answer as words: the one shared value text of registers, exports and history. */
function valueText(r: Renderer, field: Field, value: unknown): string {
  return fieldValueText(field, value, r.context);
}

function labelOf(field: Field): string {
  return field.label || '(no label)';
}

/** Label on the left, answer on the right; kept whole on a page unless taller than a page. */
function labelValue(r: Renderer, label: string, value: string, options: { muted?: boolean } = {}) {
  const { flow } = r;
  const labelWidth = flow.width * labelWidthShare;
  const valueWidth = flow.width - labelWidth - gap;
  const text = value || '—';
  const height = Math.max(
    flow.textHeight(label, { width: labelWidth, font: 'bold', size: sizes.label }),
    flow.textHeight(text, { width: valueWidth }),
  );
  if (height > flow.pageBodyHeight - 20) {
    flow.ensure(40);
    flow.flowText(label, { font: 'bold', size: sizes.label });
    flow.flowText(text, { x: flow.left + labelWidth + gap, width: valueWidth });
    flow.y += 6;
    return;
  }
  flow.ensure(height + 6);
  flow.text(label, flow.left, flow.y, { width: labelWidth, font: 'bold', size: sizes.label });
  flow.text(text, flow.left + labelWidth + gap, flow.y, {
    width: valueWidth,
    colour: value && !options.muted ? colours.text : colours.muted,
  });
  flow.y += height + 3;
  flow.rule(flow.y, '#eaeef2');
  flow.y += 4;
}

function blockLabel(r: Renderer, label: string, keepWith: number) {
  const { flow } = r;
  const height = flow.textHeight(label, { width: flow.width, font: 'bold', size: sizes.label });
  flow.ensure(height + keepWith);
  flow.text(label, flow.left, flow.y, { width: flow.width, font: 'bold', size: sizes.label });
  flow.y += height + 3;
}

type Cell = { text: string; image?: PdfImage; align?: 'left' | 'right' };

/**
 * A table split across pages: a row never splits, and the header row is drawn again at the top of
 * every page the table continues on.
 */
function table(r: Renderer, label: string, headings: string[], weights: number[], rows: Cell[][]) {
  const { flow } = r;
  const total = weights.reduce((a, b) => a + b, 0);
  const widths = weights.map((w) => (w / total) * flow.width);
  const pad = 3;
  const rowHeight = (cells: Cell[], font: 'regular' | 'bold') =>
    Math.max(
      14,
      ...cells.map((c, i) => {
        const w = (widths[i] as number) - 2 * pad;
        const textH = c.text ? flow.textHeight(c.text, { width: w, font, size: sizes.small }) : 0;
        return (c.image ? 26 : 0) + textH + 2 * pad;
      }),
    );
  const headerCells = headings.map((h, i) => ({ text: h, align: rows[0]?.[i]?.align }));
  const headerHeight = rowHeight(headerCells, 'bold');
  const drawRow = (cells: Cell[], height: number, font: 'regular' | 'bold', fill?: string) => {
    if (fill) flow.fillRect(flow.left, flow.y, flow.width, height, fill);
    let x = flow.left;
    cells.forEach((c, i) => {
      const w = widths[i] as number;
      let y = flow.y + pad;
      if (c.image) {
        const size = PdfFlow.fitted(c.image, w - 2 * pad, 24);
        flow.image(c.image, x + pad, y, size);
        y += 26;
      }
      if (c.text) flow.text(c.text, x + pad, y, { width: w - 2 * pad, font, size: sizes.small, align: c.align });
      flow.strokeRect(x, flow.y, w, height);
      x += w;
    });
    flow.y += height;
  };
  const firstRowHeight = rows[0] ? rowHeight(rows[0], 'regular') : 14;
  blockLabel(r, label, headerHeight + firstRowHeight);
  drawRow(headerCells, headerHeight, 'bold', colours.fill);
  if (rows.length === 0) {
    drawRow([{ text: r.t('pdf.noRows') }, ...headings.slice(1).map(() => ({ text: '' }))], 14, 'regular');
  }
  for (const cells of rows) {
    const height = Math.min(rowHeight(cells, 'regular'), flow.pageBodyHeight - headerHeight - 4);
    if (flow.y + height > flow.bottom) {
      flow.newPage();
      drawRow(headerCells, headerHeight, 'bold', colours.fill);
    }
    drawRow(cells, height, 'regular');
  }
  flow.y += 8;
}

function cellOf(r: Renderer, column: TableColumn, value: unknown): Cell {
  if (value === null || value === undefined || value === '') return { text: '' };
  const text = tableCellText(column, value, r.context);
  if (column.cellType === 'signature' || column.cellType === 'manualSignature') {
    return { text, image: r.model.images.get((value as { fileId: string }).fileId) };
  }
  if (column.cellType === 'number' || column.cellType === 'formula') return { text, align: 'right' };
  return { text };
}

type TableValue = {
  rows: { id: string; cells?: Record<string, unknown>; name?: string; company?: string; signature?: unknown }[];
};

function tableField(r: Renderer, field: Extract<Field, { columns: TableColumn[] }>, value: unknown) {
  const rows = (value as TableValue | null)?.rows ?? [];
  const weights = field.columns.map((c) => columnWeights[c.width]);
  const headings = field.columns.map((c) => c.heading);
  if (field.type === 'signOnTable') {
    if (field.statement) {
      blockLabel(r, labelOf(field), 30);
      r.flow.flowText(field.statement, { colour: colours.muted });
      r.flow.y += 4;
    }
    const signature = (row: TableValue['rows'][number]): Cell => {
      const s = row.signature as { fileId: string } | null | undefined;
      return s ? { text: '', image: r.model.images.get(s.fileId) ?? undefined } : { text: '' };
    };
    table(
      r,
      field.statement ? '' : labelOf(field),
      [r.t('pdf.people.name'), r.t('pdf.people.company'), r.t('pdf.people.signature'), ...headings],
      [1.5, 1.5, 1.5, ...weights],
      rows.map((row) => [
        { text: row.name ?? '' },
        { text: row.company ?? '' },
        signature(row),
        ...field.columns.map((c) => cellOf(r, c, row.cells?.[c.id])),
      ]),
    );
    return;
  }
  const prefilled = field.type === 'prefilledTable' ? new Map(field.rows.map((row) => [row.id, row.cells])) : null;
  const cells = (row: TableValue['rows'][number]) =>
    field.columns.map((c) => {
      if (c.cellType === 'prefilledText') return { text: prefilled?.get(row.id)?.[c.id] ?? c.text ?? '' };
      return cellOf(r, c, row.cells?.[c.id]);
    });
  // A prefilled table prints every row the template wrote, answered or not.
  const shown =
    field.type === 'prefilledTable'
      ? field.rows.map((row) => rows.find((answered) => answered.id === row.id) ?? { id: row.id, cells: {} })
      : rows;
  table(r, labelOf(field), headings, weights, shown.map(cells));
}

/** Photos in a grid at the field's size (XS-XL), captions below, a row never split. */
function images(r: Renderer, label: string, list: { image: PdfImage | undefined; caption?: string }[], width: number) {
  const { flow } = r;
  const placed = list.map((p) => ({
    ...p,
    size: p.image
      ? PdfFlow.fitted(p.image, width, Math.min(width * 1.4, flow.pageBodyHeight - 60))
      : { width, height: 30 },
  }));
  const firstHeight = placed[0]?.size.height ?? 0;
  blockLabel(r, label, firstHeight + 16);
  let x = flow.left;
  let rowHeight = 0;
  for (const p of placed) {
    const captionHeight = p.caption ? flow.textHeight(p.caption, { width: p.size.width, size: sizes.small }) + 2 : 0;
    const height = p.size.height + captionHeight;
    if (x + p.size.width > flow.left + flow.width + 0.5) {
      flow.y += rowHeight + 8;
      x = flow.left;
      rowHeight = 0;
    }
    if (flow.y + height > flow.bottom) {
      flow.newPage();
      x = flow.left;
      rowHeight = 0;
    }
    if (p.image) flow.image(p.image, x, flow.y, p.size);
    else {
      flow.strokeRect(x, flow.y, p.size.width, p.size.height);
      flow.text(r.t('pdf.imageUnavailable'), x + 4, flow.y + 8, {
        width: p.size.width - 8,
        size: sizes.small,
        colour: colours.muted,
      });
    }
    if (p.caption)
      flow.text(p.caption, x, flow.y + p.size.height + 2, {
        width: p.size.width,
        size: sizes.small,
        colour: colours.muted,
      });
    x += p.size.width + 8;
    rowHeight = Math.max(rowHeight, height);
  }
  flow.y += rowHeight + 10;
}

function signatureField(r: Renderer, field: Field, value: unknown) {
  const v = value as { fileId: string; signerName?: string; signedAt?: string };
  const image = r.model.images.get(v.fileId);
  images(r, labelOf(field), [{ image, caption: fieldValueText(field, v, r.context) }], 180);
}

function actionsField(r: Renderer, field: Field) {
  const list = r.model.actions.filter((a) => a.fieldId === field.id);
  if (list.length === 0) {
    labelValue(r, labelOf(field), '');
    return;
  }
  table(
    r,
    labelOf(field),
    [r.t('pdf.actions.action'), r.t('pdf.actions.state'), r.t('pdf.actions.assignee'), r.t('pdf.actions.due')],
    [3, 1, 1.5, 1],
    list.map((a) => [
      { text: a.title },
      { text: r.t(`pdf.actionStates.${a.state as ActionState}`) },
      { text: a.assigneeName ?? '' },
      { text: a.dueDate ? formatDate(a.dueDate, r.context) : '' },
    ]),
  );
}

function field(r: Renderer, f: Field) {
  const { model, flow } = r;
  const value = r.values[f.id];
  const textCell = model.form.textCells[f.id];
  if (textCell !== undefined && isEmptyValue(value)) {
    labelValue(r, labelOf(f), textCell);
    return;
  }
  switch (f.type) {
    case 'pageBreak':
      flow.newPage();
      return;
    case 'prefilledText':
      if (f.label) blockLabel(r, f.label, 20);
      flow.ensure(20);
      flow.flowText(f.text, {});
      flow.y += 8;
      return;
    case 'defaultTable':
    case 'prefilledTable':
    case 'signOnTable':
      tableField(r, f, value);
      return;
    case 'photos': {
      if (isEmptyValue(value)) break;
      const photos = value as { fileId: string; caption?: string }[];
      const list = photos.map((p) => ({ image: model.images.get(p.fileId), caption: p.caption }));
      images(r, labelOf(f), list, photoWidths[f.size]);
      return;
    }
    case 'sketch': {
      if (isEmptyValue(value)) break;
      images(r, labelOf(f), [{ image: model.images.get((value as { fileId: string }).fileId) }], photoWidths.M);
      return;
    }
    case 'signature':
    case 'manualSignature':
    case 'approvalSignature':
      if (isEmptyValue(value)) break;
      signatureField(r, f, value);
      return;
    case 'logo': {
      const image = f.image?.fileId ? model.images.get(f.image.fileId) : undefined;
      if (image) images(r, f.label, [{ image }], 120);
      else labelValue(r, labelOf(f), model.path.workspace);
      return;
    }
    case 'filePath':
      labelValue(r, labelOf(f), `${model.path.workspace} / ${model.path.project} / ${model.path.team}`);
      return;
    case 'templateId':
      labelValue(r, labelOf(f), model.template.templateCode);
      return;
    case 'templateVersion':
      labelValue(r, labelOf(f), String(model.template.version));
      return;
    case 'pdfPageNumber': {
      // The page count is known only at the end: the number is written then (see renderFormPdf).
      flow.ensure(24);
      const labelWidth = flow.width * labelWidthShare;
      r.pageNumberFields.push({
        page: flow.doc.bufferedPageRange().count - 1,
        x: flow.left + labelWidth + gap,
        y: flow.y,
        width: flow.width - labelWidth - gap,
      });
      labelValue(r, labelOf(f), ' ');
      return;
    }
    case 'actions':
      actionsField(r, f);
      return;
    default:
      break;
  }
  labelValue(r, labelOf(f), isEmptyValue(value) ? '' : valueText(r, f, value));
}

function title(r: Renderer) {
  const { flow, model } = r;
  const { form, template } = model;
  flow.text(template.name, flow.left, flow.y, { width: flow.width, font: 'bold', size: sizes.title });
  flow.y += flow.textHeight(template.name, { width: flow.width, font: 'bold', size: sizes.title }) + 2;
  const { t } = r;
  const heading = form.title.endsWith(` ${form.number}`)
    ? form.title
    : t('pdf.numbered', { title: form.title, number: form.number });
  flow.text(heading, flow.left, flow.y, { width: flow.width, size: sizes.subtitle });
  flow.y += flow.textHeight(heading, { width: flow.width, size: sizes.subtitle }) + 4;
  const when = (instant: string) => formatInstant(instant, { timeZone: model.timeZone, locale: model.locale });
  const facts = [
    t('pdf.facts', {
      type: t(`pdf.templateTypes.${template.type}`),
      code: template.templateCode,
      version: template.version,
      formVersion: form.version,
    }),
    form.createdByName
      ? t('pdf.createdAtBy', { when: when(form.createdAt), name: form.createdByName })
      : t('pdf.createdAt', { when: when(form.createdAt) }),
    form.updatedByName
      ? t('pdf.updatedAtBy', { when: when(form.updatedAt), name: form.updatedByName })
      : t('pdf.updatedAt', { when: when(form.updatedAt) }),
    ...(form.workflowColumnName ? [t('pdf.workflowColumn', { column: form.workflowColumnName })] : []),
    ...(form.state !== 'active' ? [t('pdf.formState', { state: t(`pdf.formStates.${form.state as FormState}`) })] : []),
  ].join('\n');
  flow.text(facts, flow.left, flow.y, { width: flow.width, size: sizes.small, colour: colours.muted });
  flow.y += flow.textHeight(facts, { width: flow.width, size: sizes.small }) + 6;
  flow.rule(flow.y, model.brandColour ?? colours.accent);
  flow.y += 10;
}

/**
 * Renders one form: the title block, every field the logic shows (by type, with its label and
 * answer; formulas computed with the shared engine), tables split across pages with their header
 * repeated, photos and signatures from storage; then the template's header and footer items on
 * every page. Returns the pdfkit document, already ended: a stream of the PDF's bytes.
 */
export function renderFormPdf(model: FormPdfModel): PDFKit.PDFDocument {
  const { definition } = model.template;
  const { t } = textsIn(model.locale);
  const flow = new PdfFlow({
    margins: { top: pageMargin, bottom: pageMargin, left: pageMargin, right: pageMargin },
    info: {
      Title: `${model.template.name} - ${model.form.title}`,
      Subject: t('pdf.subject', { number: model.form.number, version: model.form.version }),
      Creator: 'Formwork',
    },
  });
  const header = band(definition.header.items, model, flow);
  const footer = band(definition.footer.items, model, flow);
  const headerTop = 24;
  const footerHeight = footer.height;
  flow.setMargins({
    top: header.height > 0 ? headerTop + header.height + 12 : pageMargin,
    bottom: footerHeight > 0 ? footerHeight + 24 + 16 : pageMargin,
    left: pageMargin,
    right: pageMargin,
  });
  const values = computeFormulas(definition.fields, model.form.values).values;
  const hidden = hiddenFieldIds(definition.logic, logicAnswers(definition.fields, values));
  const r: Renderer = { flow, model, t, values, context: textContext(model, t), pageNumberFields: [] };
  title(r);
  for (const f of definition.fields) {
    if (hidden.has(f.id)) continue;
    field(r, f);
  }
  const pages = flow.doc.bufferedPageRange().count;
  for (const p of r.pageNumberFields) {
    flow.doc.switchToPage(p.page);
    flow.text(t('pdf.page', { page: p.page + 1, pages }), p.x, p.y, { width: p.width });
  }
  drawBands(flow, header, footer, {
    headerTop,
    footerTop: flow.doc.page.height - 24 - footerHeight,
  });
  flow.doc.end();
  return flow.doc;
}
