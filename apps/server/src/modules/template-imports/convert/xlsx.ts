import { Readable } from 'node:stream';
import type { FieldInput } from '@formwork/shared/fields/field';
import ExcelJS from 'exceljs';
import { ConversionRefused } from './conversion-refused.ts';
import { type Conversion, idMaker } from './draft-fields.ts';
import {
  type CellValue,
  type ColumnRule,
  columnField,
  describeColumn,
  type SheetColumn,
} from './spreadsheet-columns.ts';
import { type ColumnValidation, columnNumber, type ListSource, readValidations } from './xlsx-validations.ts';
import { checkZip } from './zip-guard.ts';

/**
 * XLSX -> fields (issue 22.1): the first worksheet's header row (its first non-empty row among the
 * first 20), each header a field typed by its data validation or by the values under it. The zip is
 * checked first (zip-guard); the cells are streamed (exceljs's reader), so only the sampled rows are
 * kept in memory.
 */

const sampleRows = 200;
const headerSearchRows = 20;
const listRows = 2000;

function plain(value: unknown): CellValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return value;
  if (typeof value === 'object') {
    const v = value as { richText?: { text: string }[]; result?: unknown; text?: unknown };
    if (v.richText) return v.richText.map((r) => r.text).join('');
    if ('result' in v) return plain(v.result);
    if (typeof v.text === 'string') return v.text;
  }
  return null;
}

type Sheet = { name: string; rows: Map<number, CellValue[]> };

async function readSheets(data: Buffer, wanted: (sheetIndex: number, name: string, row: number) => boolean) {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([data]), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  const sheets: Sheet[] = [];
  try {
    for await (const worksheet of reader) {
      const ws = worksheet as unknown as AsyncIterable<{ number: number; values: unknown[] }> & { name: string };
      const sheet: Sheet = { name: ws.name, rows: new Map() };
      const index = sheets.push(sheet) - 1;
      for await (const row of ws) {
        if (!wanted(index, sheet.name, row.number)) continue;
        sheet.rows.set(row.number, (row.values ?? []).map(plain));
      }
    }
  } catch (error) {
    if (error instanceof ConversionRefused) throw error;
    throw new ConversionRefused('the spreadsheet is damaged or is not an Excel workbook.');
  }
  return sheets;
}

function listChoices(source: ListSource, sheets: Sheet[]): string[] | null {
  if ('inline' in source) return source.inline;
  const sheet = source.sheet === null ? sheets[0] : sheets.find((s) => s.name === source.sheet);
  if (!sheet) return null;
  const column = columnNumber(source.column);
  const choices: string[] = [];
  for (let r = source.fromRow; r <= Math.min(source.toRow, source.fromRow + listRows); r++) {
    const value = sheet.rows.get(r)?.[column];
    if (value !== null && value !== undefined && value !== '')
      choices.push(value instanceof Date ? value.toISOString().slice(0, 10) : String(value));
  }
  return choices;
}

function ruleOf(validation: ColumnValidation | undefined, sheets: Sheet[]): ColumnRule | undefined {
  if (!validation) return undefined;
  if (validation.kind !== 'list') return validation;
  const choices = listChoices(validation.source, sheets);
  return choices && choices.length > 0 ? { kind: 'list', choices } : undefined;
}

export async function convertXlsx(data: Buffer): Promise<Conversion> {
  let validations = new Map<number, ColumnValidation>();
  const names = checkZip(data, (name, content) => {
    if (name === 'xl/worksheets/sheet1.xml') validations = readValidations(content);
  });
  if (names.some((n) => /vbaProject\.bin$/i.test(n)))
    throw new ConversionRefused('files with macros (.xlsm, .docm) are not accepted; save it as .xlsx or .docx first.');
  if (!names.includes('xl/workbook.xml')) throw new ConversionRefused('the file is not an Excel workbook.');
  const listSheets = new Set(
    [...validations.values()].flatMap((v) =>
      v.kind === 'list' && 'sheet' in v.source && v.source.sheet ? [v.source.sheet] : [],
    ),
  );
  const sheets = await readSheets(data, (index, name, row) =>
    index === 0 ? row <= Math.max(headerSearchRows + sampleRows, listRows) : listSheets.has(name) && row <= listRows,
  );
  const first = sheets[0];
  if (!first) throw new ConversionRefused('the workbook has no worksheet.');
  // The header: the first of the top rows with the most cells filled (a title row above it has one).
  const filled = (r: number) => (first.rows.get(r) ?? []).filter((v) => v !== null && String(v).trim() !== '').length;
  const top = [...first.rows.keys()].filter((r) => r <= headerSearchRows).sort((a, b) => a - b);
  const most = Math.max(0, ...top.map(filled));
  const headerRow = most > 0 ? top.find((r) => filled(r) === most) : undefined;
  if (headerRow === undefined)
    throw new ConversionRefused('the first worksheet has no header row in its first 20 rows.');
  const header = first.rows.get(headerRow) ?? [];
  const nextId = idMaker();
  const fields: FieldInput[] = [];
  const lines = [`Worksheet "${first.name}", header row ${headerRow}`];
  header.forEach((cell, column) => {
    if (cell === null || String(cell).trim() === '') return;
    const values: CellValue[] = [];
    for (let r = headerRow + 1; r <= headerRow + sampleRows; r++) values.push(first.rows.get(r)?.[column] ?? null);
    const sheetColumn: SheetColumn = {
      header: cell instanceof Date ? cell.toISOString().slice(0, 10) : String(cell),
      values,
      rule: ruleOf(validations.get(column), sheets),
    };
    const field = columnField(nextId(), sheetColumn);
    fields.push(field);
    lines.push(describeColumn(sheetColumn, field));
  });
  const notes = sheets.length > 1 ? [`Only the first worksheet ("${first.name}") was read.`] : [];
  return { fields, sourceText: lines.join('\n'), notes };
}
