import { Readable } from 'node:stream';
import { createInflateRaw } from 'node:zlib';
import ExcelJS from 'exceljs';
import { ListFileError, type SheetCell, type SheetRow, tooManyItems } from './list-import.ts';

/**
 * Reads the rows of an XLSX list file (issue 18.3) into the same rows a CSV gives, for the one
 * import step (list-import.ts). The file is checked before exceljs sees it: a ZIP with a workbook
 * and a worksheet, only stored or deflated entries, and at most `xlsxLimits.unpackedBytes` once
 * unpacked (counted while inflating, not trusted from the headers), so a ZIP bomb is refused
 * without filling memory or disk. Then exceljs's streaming steps read the first tab's sheet row by row
 * and stops after `maxItems` items.
 */
export const xlsxLimits = {
  /** What the whole package may unpack to (a 50,000 x 12 sheet is about 30 MB). */
  unpackedBytes: 200 * 1024 * 1024,
  entries: 1000,
};

export const xlsxMessages = {
  notXlsx: 'This file is not an XLSX spreadsheet. Save it as .xlsx (Excel 2007 or later) or .csv.',
  encrypted: 'This spreadsheet is encrypted or password-protected. Save it without a password.',
  tooBig: `This spreadsheet unpacks to more than ${xlsxLimits.unpackedBytes / 1024 / 1024} MB.`,
  noSheet: 'This spreadsheet has no worksheet.',
  unreadable: 'This spreadsheet could not be read. Open it in a spreadsheet app and save it again.',
};

type ZipEntry = { name: string; method: number; flags: number; offset: number; compressedSize: number };

/** The entries of a ZIP's central directory (no ZIP64: an XLSX of at most 10 MB needs none). */
function zipEntries(data: Buffer): ZipEntry[] {
  if (data.length < 22 || data.readUInt32LE(0) !== 0x04034b50) throw new ListFileError(xlsxMessages.notXlsx);
  let end = -1;
  for (let i = data.length - 22; i >= Math.max(0, data.length - 22 - 0xffff); i--) {
    if (data.readUInt32LE(i) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) throw new ListFileError(xlsxMessages.notXlsx);
  const count = data.readUInt16LE(end + 10);
  if (count > xlsxLimits.entries) throw new ListFileError(xlsxMessages.notXlsx);
  let at = data.readUInt32LE(end + 16);
  const entries: ZipEntry[] = [];
  for (let n = 0; n < count; n++) {
    if (at + 46 > data.length || data.readUInt32LE(at) !== 0x02014b50) throw new ListFileError(xlsxMessages.notXlsx);
    const nameLength = data.readUInt16LE(at + 28);
    const extraLength = data.readUInt16LE(at + 30);
    const commentLength = data.readUInt16LE(at + 32);
    entries.push({
      flags: data.readUInt16LE(at + 8),
      method: data.readUInt16LE(at + 10),
      compressedSize: data.readUInt32LE(at + 20),
      offset: data.readUInt32LE(at + 42),
      name: data.toString('utf8', at + 46, at + 46 + nameLength),
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** How many bytes one deflated entry really unpacks to, stopping once past `budget`. */
function inflatedSize(compressed: Buffer, budget: number): Promise<number> {
  return new Promise((resolve, reject) => {
    let total = 0;
    const inflate = createInflateRaw();
    inflate.on('data', (chunk: Buffer) => {
      total += chunk.length;
      if (total > budget) {
        inflate.destroy();
        resolve(total);
      }
    });
    inflate.on('end', () => resolve(total));
    inflate.on('error', () => reject(new ListFileError(xlsxMessages.notXlsx)));
    inflate.end(compressed);
  });
}

type ZipPart = { method: number; body: Buffer };

/**
 * Refuses what is not a readable, reasonably sized XLSX package before any XML is parsed, and
 * answers its parts by name.
 */
async function checkPackage(data: Buffer): Promise<Map<string, ZipPart>> {
  const entries = zipEntries(data);
  const parts = new Map<string, ZipPart>();
  let unpacked = 0;
  for (const entry of entries) {
    if (entry.flags & 0x1) throw new ListFileError(xlsxMessages.encrypted);
    const local = entry.offset;
    if (local + 30 > data.length || data.readUInt32LE(local) !== 0x04034b50)
      throw new ListFileError(xlsxMessages.notXlsx);
    const start = local + 30 + data.readUInt16LE(local + 26) + data.readUInt16LE(local + 28);
    const body = data.subarray(start, start + entry.compressedSize);
    if (body.length !== entry.compressedSize) throw new ListFileError(xlsxMessages.notXlsx);
    if (entry.method === 0) unpacked += body.length;
    else if (entry.method === 8) unpacked += await inflatedSize(body, xlsxLimits.unpackedBytes - unpacked);
    else throw new ListFileError(xlsxMessages.notXlsx);
    if (unpacked > xlsxLimits.unpackedBytes) throw new ListFileError(xlsxMessages.tooBig);
    parts.set(entry.name, { method: entry.method, body });
  }
  if (!parts.has('xl/workbook.xml')) throw new ListFileError(xlsxMessages.notXlsx);
  if (![...parts.keys()].some((n) => /^xl\/worksheets\/[^/]+\.xml$/.test(n)))
    throw new ListFileError(xlsxMessages.noSheet);
  return parts;
}

/** One part's unpacked bytes as a stream. */
function partStream(part: ZipPart): Readable {
  const raw = Readable.from([part.body]);
  return part.method === 8 ? raw.pipe(createInflateRaw()) : raw;
}

type ExcelValue = ExcelJS.CellValue | undefined;

/** Excel's display formats that show a date (d, m, y, h, s outside quotes and brackets). */
function isDateFormat(format: string | undefined): boolean {
  if (!format || format === 'General') return false;
  return /[dmyhs]/i.test(format.replace(/"[^"]*"|\[[^\]]*\]|\\./g, ''));
}

/** An Excel serial day number as a date (1900 system, or 1904). */
function serialDate(serial: number, date1904: boolean): Date {
  return new Date(Math.round((serial - (date1904 ? 24_107 : 25_569)) * 86_400_000));
}

/** One cell as the import reads it: text, a number, a date, a boolean, nothing, or an error. */
function cellOf(value: ExcelValue, numFmt: string | undefined, date1904: boolean): SheetCell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return value;
  if ('richText' in value) return value.richText.map((r) => r.text).join('');
  if ('error' in value) return { error: String(value.error) };
  if ('formula' in value || 'sharedFormula' in value) {
    // The value the spreadsheet saved with the file (the formula itself is never run here).
    const result = (value as { result?: unknown }).result;
    if (result === undefined) return { error: 'a formula without a saved value' };
    if (typeof result === 'number') {
      if (Number.isNaN(result)) return { error: 'a formula error' };
      return isDateFormat(numFmt) ? serialDate(result, date1904) : result;
    }
    if (typeof result === 'string' || typeof result === 'boolean' || result instanceof Date) return result;
    if (result && typeof result === 'object' && 'error' in result) return { error: String(result.error) };
    return null;
  }
  if ('text' in value) return String(value.text);
  return null;
}

/**
 * The steps of exceljs's streaming WorkbookReader that read one part each. Its own `parse()` reads
 * the package in one pass of unzipper's streaming parser, which ends its output as soon as the input
 * is read, dropping parts its reader had not yet taken (exceljs#3064): the workbook part, which
 * Excel and exceljs store last, went missing now and then and a good file read as unreadable. So the
 * parts are taken from the ZIP's central directory here and handed to these steps in the order
 * they need: relationships, workbook, shared strings, styles, then the one sheet.
 */
type PartReader = {
  workbookRels?: { Id: string; Target: string }[];
  model?: { sheets?: { name: string; rId: string }[] };
  properties?: { date1904?: boolean; model?: { date1904?: boolean } };
  _parseRels(part: Readable): Promise<void>;
  _parseWorkbook(part: Readable): Promise<void>;
  _parseSharedStrings(part: Readable): AsyncIterable<unknown>;
  _parseStyles(part: Readable): Promise<void>;
  _parseWorksheet(rows: Readable, sheetNo: string): Iterable<{ value: AsyncIterable<ExcelJS.Row> }>;
};

/** The worksheet part of the first tab, by the workbook's relationships. */
function firstSheetPart(reader: PartReader): string | undefined {
  const first = reader.model?.sheets?.[0];
  const target = reader.workbookRels?.find((r) => r.Id === first?.rId)?.Target;
  return target === undefined ? undefined : `xl/${target.replace(/^\/?(xl\/)?/, '')}`;
}

/**
 * The rows of the first sheet (the first tab), with their row numbers; empty rows are skipped as
 * in a CSV. More than `maxItems` items (rows after the header) are refused as soon as one more is
 * read.
 */
export async function readXlsxRows(data: Buffer, maxItems: number): Promise<SheetRow[]> {
  const parts = await checkPackage(data);
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([]), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  }) as unknown as PartReader;
  const open: Readable[] = [];
  const stream = (name: string): Readable | undefined => {
    const part = parts.get(name);
    if (!part) return undefined;
    const opened = partStream(part);
    open.push(opened);
    return opened;
  };
  const rows: SheetRow[] = [];
  try {
    const rels = stream('xl/_rels/workbook.xml.rels');
    if (rels) await reader._parseRels(rels);
    await reader._parseWorkbook(stream('xl/workbook.xml') as Readable);
    const sharedStrings = stream('xl/sharedStrings.xml');
    if (sharedStrings) for await (const _ of reader._parseSharedStrings(sharedStrings));
    const styles = stream('xl/styles.xml');
    if (styles) await reader._parseStyles(styles);
    const sheetName = firstSheetPart(reader);
    const sheet = sheetName === undefined ? undefined : stream(sheetName);
    if (sheetName === undefined || !sheet) throw new ListFileError(xlsxMessages.noSheet);
    const date1904 = Boolean(reader.properties?.date1904 ?? reader.properties?.model?.date1904);
    for (const { value: worksheet } of reader._parseWorksheet(sheet, /(\d+)\.xml$/.exec(sheetName)?.[1] ?? '1')) {
      for await (const row of worksheet) {
        const values = row.values as ExcelValue[];
        const cells: SheetCell[] = [];
        for (let column = 1; column < values.length; column++) {
          cells.push(cellOf(values[column], row.getCell(column).numFmt, date1904));
        }
        if (!cells.some((c) => c !== null && c !== '')) continue;
        if (rows.length > maxItems) throw tooManyItems(maxItems);
        rows.push({ line: row.number, cells });
      }
    }
  } catch (error) {
    if (error instanceof ListFileError) throw error;
    throw new ListFileError(xlsxMessages.unreadable);
  } finally {
    for (const opened of open) opened.destroy();
  }
  return rows;
}
