import { CsvError, parseCsv } from '@formwork/shared/csv';
import type { FieldInput } from '@formwork/shared/fields/field';
import { ConversionRefused } from './conversion-refused.ts';
import { type Conversion, idMaker } from './draft-fields.ts';
import { columnField, describeColumn, type SheetColumn } from './spreadsheet-columns.ts';

/**
 * CSV -> fields (issue 22.1): the header row, each header a field typed by the values under it.
 * Only the start of the file is read (the header and a sample of rows), however large it is.
 */

/** The start of a CSV that is read: the job reads no more of the stored file than this (and one byte). */
export const csvSampleBytes = 1024 * 1024;
const sampleRows = 200;

export function convertCsv(data: Buffer): Conversion {
  const head = data.subarray(0, csvSampleBytes);
  if (head.includes(0)) throw new ConversionRefused('the file is not a CSV text file.');
  let text = head.toString('utf8').replace(/^\uFEFF/, '');
  if (data.length > csvSampleBytes) text = text.slice(0, Math.max(0, text.lastIndexOf('\n')));
  let rows: ReturnType<typeof parseCsv>;
  try {
    rows = parseCsv(text);
  } catch (error) {
    if (error instanceof CsvError) throw new ConversionRefused(`the CSV file cannot be read (${error.message}).`);
    throw error;
  }
  const [header, ...body] = rows;
  const names = (header?.cells ?? []).map((c) => c.trim());
  if (names.every((n) => n === '')) throw new ConversionRefused('the CSV file has no header row.');
  const nextId = idMaker();
  const fields: FieldInput[] = [];
  const lines = ['Header row 1'];
  names.forEach((name, i) => {
    if (name === '') return;
    const column: SheetColumn = { header: name, values: body.slice(0, sampleRows).map((r) => r.cells[i] ?? null) };
    const field = columnField(nextId(), column);
    fields.push(field);
    lines.push(describeColumn(column, field));
  });
  return { fields, sourceText: lines.join('\n'), notes: [] };
}
