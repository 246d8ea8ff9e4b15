/**
 * The data validations of a worksheet's XML, read here rather than by exceljs: exceljs expands
 * every validated range into one entry per cell, so a hostile "A1:XFD1048576" would never end.
 * Only what a column needs is kept: its letter, the kind, and the list's source.
 */

export type ListSource =
  | { inline: string[] }
  | { sheet: string | null; column: string; fromRow: number; toRow: number };
export type ColumnValidation =
  | { kind: 'list'; source: ListSource }
  | { kind: 'number'; whole: boolean }
  | { kind: 'date' };

const entities: Record<string, string> = { quot: '"', amp: '&', lt: '<', gt: '>', apos: "'" };
const decode = (text: string) => text.replace(/&(quot|amp|lt|gt|apos);/g, (_, name: string) => entities[name] ?? '');

export function columnNumber(letters: string): number {
  let n = 0;
  for (const c of letters.toUpperCase()) n = n * 26 + (c.charCodeAt(0) - 64);
  return n;
}

function listSource(formula: string): ListSource | null {
  const text = formula.trim();
  if (text.startsWith('"') && text.endsWith('"')) return { inline: text.slice(1, -1).split(',') };
  const ref = /^(?:'((?:[^']|'')+)'|([^!'"]+))?!?\$?([A-Z]{1,3})\$?(\d+)(?::\$?([A-Z]{1,3})\$?(\d+))?$/i.exec(text);
  if (!ref) return null;
  const sheet = (ref[1]?.replace(/''/g, "'") ?? ref[2] ?? null) || null;
  const fromRow = Number(ref[4]);
  return { sheet, column: (ref[3] as string).toUpperCase(), fromRow, toRow: Number(ref[6] ?? fromRow) };
}

function attribute(attributes: string, name: string): string | undefined {
  return new RegExp(`\\b${name}="([^"]*)"`).exec(attributes)?.[1];
}

/** Validations by column number (1 = A); the first rule of a column wins. */
export function readValidations(sheetXml: Buffer): Map<number, ColumnValidation> {
  const found = new Map<number, ColumnValidation>();
  const start = sheetXml.indexOf('<dataValidations');
  if (start < 0) return found;
  const end = sheetXml.indexOf('</dataValidations>', start);
  const xml = sheetXml.toString('utf8', start, end < 0 ? sheetXml.length : end);
  for (const match of xml.matchAll(/<dataValidation\b([^>]*?)(?:\/>|>([\s\S]*?)<\/dataValidation>)/g)) {
    const attributes = match[1] ?? '';
    const type = attribute(attributes, 'type');
    const sqref = attribute(attributes, 'sqref') ?? '';
    const formula = decode(
      /<(?:x14:)?formula1>(?:<xm:f>)?([\s\S]*?)(?:<\/xm:f>)?<\/(?:x14:)?formula1>/.exec(match[2] ?? '')?.[1] ?? '',
    );
    let rule: ColumnValidation | null = null;
    if (type === 'list') {
      const source = listSource(formula);
      if (source) rule = { kind: 'list', source };
    } else if (type === 'whole' || type === 'decimal') rule = { kind: 'number', whole: type === 'whole' };
    else if (type === 'date') rule = { kind: 'date' };
    if (!rule) continue;
    for (const range of sqref.split(/\s+/).filter(Boolean)) {
      const cols = /^([A-Z]{1,3})\d*(?::([A-Z]{1,3})\d*)?$/i.exec(range);
      if (!cols) continue;
      const from = columnNumber(cols[1] as string);
      const to = Math.min(columnNumber((cols[2] ?? cols[1]) as string), from + 200);
      for (let c = from; c <= to; c++) if (!found.has(c)) found.set(c, rule);
    }
  }
  return found;
}
