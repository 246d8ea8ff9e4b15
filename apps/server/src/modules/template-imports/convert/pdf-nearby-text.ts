import { cleanLabel } from './draft-fields.ts';

/**
 * Labels for fillable PDF fields whose names were made by the authoring tool ('Text1', 'undefined',
 * 'fill_3'): the words printed just left of the field's box, else just above it (a checkbox's are
 * usually just right of it). Text positions come from pdfjs-dist's legacy build, which runs in Node
 * with its in-process worker; it is loaded only when a field needs it.
 */

/** A box in PDF user space (origin bottom left), as pdf-lib gives a widget's rectangle. */
export type Box = { x: number; y: number; width: number; height: number };

/** One printed line piece: its text and its box in the same user space. */
export type TextRun = { text: string; left: number; right: number; bottom: number; top: number };

const machineName =
  /^(undefined|untitled|text|text ?field|textbox|field|fill|form|check ?box|checkbox|radio ?button|radio|group|combo ?box|dropdown|list ?box|choice|button|signature|sig)?[\s_.-]*\d*(_\d+)?$/i;

/** True when a field's name (its last dotted part, without [0] indexes) says nothing to a person. */
export function looksMachineMade(name: string): boolean {
  const last = (name.split('.').filter(Boolean).pop() ?? name).replace(/\[\d+\]/g, '').trim();
  return last === '' || machineName.test(last);
}

const sameLineSlack = 2;
const wordGapFactor = 1.5;

/** Joins the pieces pdfjs gives into line runs: same baseline, a gap of less than a word or two. */
export function joinRuns(pieces: TextRun[]): TextRun[] {
  const sorted = pieces
    .filter((p) => p.text.trim() !== '')
    .sort((a, b) => (Math.abs(a.bottom - b.bottom) > sameLineSlack ? b.bottom - a.bottom : a.left - b.left));
  const runs: TextRun[] = [];
  for (const piece of sorted) {
    const last = runs.at(-1);
    const height = piece.top - piece.bottom || 10;
    if (
      last &&
      Math.abs(last.bottom - piece.bottom) <= sameLineSlack &&
      piece.left - last.right < height * wordGapFactor
    ) {
      const gap = piece.left - last.right > 1 && !last.text.endsWith(' ') && !piece.text.startsWith(' ');
      last.text = `${last.text}${gap ? ' ' : ''}${piece.text}`;
      last.right = Math.max(last.right, piece.right);
      last.top = Math.max(last.top, piece.top);
    } else runs.push({ ...piece });
  }
  return runs;
}

/** 'Site name:', '1. Supervisor ____' -> 'Site name', '1. Supervisor'; blanks and rules give nothing. */
function labelText(text: string): string | undefined {
  const label = cleanLabel(text.replace(/[_.…]{2,}/g, ' ').replace(/[\s:*]+$/, ''));
  return /[\p{L}\p{N}]/u.test(label) ? label : undefined;
}

const leftReach = 220;
const aboveReach = 30;
const rightReach = 220;

const overlapsRow = (run: TextRun, box: Box) => run.top > box.y && run.bottom < box.y + box.height;

function nearest(runs: TextRun[], distance: (run: TextRun) => number | undefined): string | undefined {
  let best: { label: string; distance: number } | undefined;
  for (const run of runs) {
    const d = distance(run);
    const label = d === undefined ? undefined : labelText(run.text);
    if (d !== undefined && label && (!best || d < best.distance)) best = { label, distance: d };
  }
  return best?.label;
}

/** The text just left of the box on its row, else just above it; for a checkbox, just right first. */
export function nearbyLabel(runs: TextRun[], box: Box, checkbox = false): string | undefined {
  const left = () =>
    nearest(runs, (run) => {
      const gap = box.x - run.right;
      return overlapsRow(run, box) && gap >= -2 && gap <= leftReach ? gap : undefined;
    });
  const right = () =>
    nearest(runs, (run) => {
      const gap = run.left - (box.x + box.width);
      return overlapsRow(run, box) && gap >= -2 && gap <= rightReach ? gap : undefined;
    });
  const above = () =>
    nearest(runs, (run) => {
      const gap = run.bottom - (box.y + box.height);
      const overlaps = run.left < box.x + box.width && run.right > box.x - 10;
      return overlaps && gap >= -2 && gap <= aboveReach ? gap : undefined;
    });
  return checkbox ? (right() ?? left() ?? above()) : (left() ?? above());
}

type PdfjsItem = { str?: string; width?: number; height?: number; transform?: number[] };

/**
 * The text runs of the pages asked for (0-based), read by pdfjs. A PDF pdfjs cannot read gives no
 * runs: the fields keep the labels made from their names.
 */
export async function pageTextRuns(data: Buffer, pages: Iterable<number>): Promise<Map<number, TextRun[]>> {
  const out = new Map<number, TextRun[]>();
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const task = getDocument({
    data: new Uint8Array(data),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    stopAtErrors: false,
    verbosity: 0,
  });
  try {
    const pdf = await task.promise;
    for (const index of pages) {
      if (index < 0 || index >= pdf.numPages) continue;
      const page = await pdf.getPage(index + 1);
      const content = await page.getTextContent();
      const pieces: TextRun[] = [];
      for (const item of content.items as PdfjsItem[]) {
        const [, , , scaleY = 0, x = 0, y = 0] = item.transform ?? [];
        if (!item.str) continue;
        const height = item.height || Math.abs(scaleY) || 10;
        pieces.push({ text: item.str, left: x, right: x + (item.width ?? 0), bottom: y, top: y + height });
      }
      out.set(index, joinRuns(pieces));
      page.cleanup();
    }
  } catch {
    return new Map();
  } finally {
    await task.destroy();
  }
  return out;
}
