import { CsvError, parseCsv } from '@formwork/shared/csv';
import {
  hexColourPattern,
  type ListImportPreview,
  type ListProperty,
  type ListPropertyType,
  listPropertyTypeWords,
  listValueError,
  normaliseListValue,
} from '@formwork/shared/schemas/lists';
import { csvField } from '../../files/csv.ts';

/** One property of an imported file: an existing property of the same name keeps its id. */
export type ImportedProperty = { name: string; type: ListPropertyType; existingId: string | null; column: number };
export type ImportedItem = { label: string; colour: string | null; values: string[] };
export type ParsedImport = {
  properties: ImportedProperty[];
  items: ImportedItem[];
  errors: { line: number; message: string }[];
};

const colourHeaders = new Set(['colour', 'color']);
const maxErrors = 100;

/** "Next service [Date with expiry]" -> its name and type, if it says one. */
function headerOf(text: string): { name: string; type: ListPropertyType | null; badType: string | null } {
  const match = /^(.*?)\s*\[([^\]]*)\]\s*$/.exec(text.trim());
  if (!match) return { name: text.trim(), type: null, badType: null };
  const word = (match[2] ?? '').trim().toLowerCase();
  const type = listPropertyTypeWords[word] ?? null;
  return { name: (match[1] ?? '').trim(), type, badType: type ? null : (match[2] ?? '') };
}

/** Issue 18.3: the most items one import may hold (a larger file is refused before it is compared). */
export const listImportMaxItems = 100_000;

/**
 * One cell of an imported file: CSV cells are text; an XLSX cell may also be a number, a date, a
 * boolean or an error value (a formula's saved result, never the formula).
 */
export type SheetCell = string | number | boolean | Date | null | { error: string };
export type SheetRow = { line: number; cells: readonly SheetCell[] };

/** A file the import refuses whole (not a spreadsheet, too large unpacked, too many rows). */
export class ListFileError extends Error {}

export function tooManyItems(max: number): ListFileError {
  return new ListFileError(`The file has more than ${max.toLocaleString('en-US')} items.`);
}

/** Excel's number as a person reads it: 15 significant digits, no exponent for small decimals. */
function numberText(value: number): string {
  const rounded = Number(value.toPrecision(15));
  const text = String(rounded);
  return /e-/i.test(text) ? rounded.toFixed(10).replace(/\.?0+$/, '') : text;
}

function dateText(value: Date, withTime: boolean): string {
  if (Number.isNaN(value.getTime())) return '';
  const iso = value.toISOString();
  return withTime && !iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 16).replace('T', ' ') : iso.slice(0, 10);
}

/** The largest day Excel knows (9999-12-31) as a serial day number. */
const lastSerialDay = 2_958_465;

/**
 * A cell as the text a property of `type` stores (null: the item or colour column): dates as
 * YYYY-MM-DD (a day number in a date column is Excel's serial date), numbers as written,
 * booleans as TRUE or FALSE.
 */
export function cellText(cell: SheetCell | undefined, type: ListPropertyType | null): string | { error: string } {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'string') return cell;
  if (typeof cell === 'boolean') return cell ? 'TRUE' : 'FALSE';
  const isDate = type === 'date' || type === 'expiry_date';
  if (typeof cell === 'number') {
    if (isDate && cell >= 1 && cell <= lastSerialDay) {
      return dateText(new Date(Math.round((cell - 25_569) * 86_400_000)), false);
    }
    return numberText(cell);
  }
  if (cell instanceof Date) return dateText(cell, !isDate);
  return cell;
}

/**
 * Reads a list file's rows (issue 18.3), CSV or XLSX alike: the first row names the columns, the
 * first column is the item, a column named Colour is the item's colour, every other column a
 * property (its type in brackets, else the type of the existing property of that name, else
 * Text). Every row's errors are collected (up to 100), so the whole file can be fixed at once.
 * More than `listImportMaxItems` items are refused whole (ListFileError).
 */
export function parseListRows(
  rows: readonly SheetRow[],
  existing: ListProperty[],
  maxProperties: number,
): ParsedImport {
  const errors: ParsedImport['errors'] = [];
  const fail = (line: number, message: string) => {
    if (errors.length < maxErrors) errors.push({ line, message });
  };
  if (rows.length - 1 > listImportMaxItems) throw tooManyItems(listImportMaxItems);
  const [header, ...data] = rows;
  if (!header) return { properties: [], items: [], errors: [{ line: 1, message: 'The file has no header row.' }] };

  const byName = new Map(existing.map((p) => [p.name.toLowerCase(), p]));
  const properties: ImportedProperty[] = [];
  let colourColumn: number | null = null;
  const seen = new Set<string>();
  for (const [column, cell] of header.cells.entries()) {
    if (column === 0) continue;
    const text = cellText(cell, null);
    if (typeof text !== 'string') {
      fail(header.line, `Column ${column + 1} shows the error ${text.error}.`);
      continue;
    }
    const { name, type, badType } = headerOf(text);
    if (!name) {
      fail(header.line, `Column ${column + 1} has no name.`);
      continue;
    }
    if (name.length > 100) {
      fail(header.line, `Column ${column + 1}: a property name is at most 100 characters.`);
      continue;
    }
    if (badType !== null) {
      fail(header.line, `Column ${name}: unknown type "${badType}" (Text, Number, Date, Date with expiry or Colour).`);
      continue;
    }
    const key = name.toLowerCase();
    if (seen.has(key)) {
      fail(header.line, `Column ${name} appears twice.`);
      continue;
    }
    seen.add(key);
    if (colourHeaders.has(key) && type === null && colourColumn === null) {
      colourColumn = column;
      continue;
    }
    const before = byName.get(key);
    properties.push({ name, type: type ?? before?.type ?? 'text', existingId: before?.id ?? null, column });
  }
  if (properties.length > maxProperties) {
    fail(header.line, `The file has ${properties.length} properties; your plan allows ${maxProperties} per list.`);
  }

  const items: ImportedItem[] = [];
  const labels = new Set<string>();
  for (const row of data) {
    const text = (cell: SheetCell | undefined, type: ListPropertyType | null, column: string) => {
      const value = cellText(cell, type);
      if (typeof value === 'string') return value;
      fail(row.line, `${column}: the cell shows the error ${value.error}.`);
      return '';
    };
    const label = text(row.cells[0], null, 'Item').trim();
    if (!label) {
      fail(row.line, 'The item (first column) is empty.');
      continue;
    }
    if (label.length > 500) fail(row.line, 'The item is longer than 500 characters.');
    if (labels.has(label.toLowerCase())) fail(row.line, `The item ${label} appears more than once.`);
    labels.add(label.toLowerCase());
    if (row.cells.slice(header.cells.length).some((c) => c !== null && String(c).trim() !== '')) {
      fail(row.line, 'The row has more cells than the header has columns.');
    }
    let colour: string | null = null;
    if (colourColumn !== null) {
      const raw = text(row.cells[colourColumn], null, 'Colour').trim();
      if (raw && !hexColourPattern.test(raw)) fail(row.line, `Colour: "${raw}" is not a colour as #RRGGBB.`);
      else colour = raw ? raw.toLowerCase() : null;
    }
    const values = properties.map((p) => {
      const value = normaliseListValue(p.type, text(row.cells[p.column], p.type, p.name));
      const problem = listValueError(p.type, value);
      if (problem) fail(row.line, `${p.name}: ${problem}.`);
      return value;
    });
    items.push({ label, colour, values });
  }
  return { properties, items, errors };
}

/** A list CSV's rows through the same step; text that is not CSV is the file's one error. */
export function parseListCsv(csv: string, existing: ListProperty[], maxProperties: number): ParsedImport {
  let rows: SheetRow[];
  try {
    rows = parseCsv(csv);
  } catch (error) {
    if (error instanceof CsvError) return { properties: [], items: [], errors: [{ line: 1, message: error.message }] };
    throw error;
  }
  return parseListRows(rows, existing, maxProperties);
}

/** The item as compared across an import: colour and values by property name. */
export type ComparableItem = { id: string; label: string; colour: string | null; values: Record<string, string> };

/** What replacing `existing` with the parsed file changes (issue 18.3). */
export function previewImport(
  parsed: ParsedImport,
  existingProperties: ListProperty[],
  existingItems: ComparableItem[],
): ListImportPreview {
  const kept = new Set(parsed.properties.map((p) => p.existingId).filter(Boolean));
  const nameOfId = new Map(existingProperties.map((p) => [p.id, p.name.toLowerCase()]));
  const byLabel = new Map(existingItems.map((i) => [i.label.toLowerCase(), i]));
  const examples = { added: [] as string[], changed: [] as string[], removed: [] as string[] };
  const counts = { added: 0, changed: 0, removed: 0, unchanged: 0 };
  const note = (kind: 'added' | 'changed' | 'removed', label: string) => {
    counts[kind]++;
    if (examples[kind].length < 20) examples[kind].push(label);
  };
  const matched = new Set<string>();
  for (const item of parsed.items) {
    const before = byLabel.get(item.label.toLowerCase());
    if (!before) {
      note('added', item.label);
      continue;
    }
    matched.add(before.id);
    const beforeValues = new Map(Object.entries(before.values).map(([id, v]) => [nameOfId.get(id) ?? id, v] as const));
    const same =
      before.label === item.label &&
      before.colour === item.colour &&
      parsed.properties.every((p, n) => (beforeValues.get(p.name.toLowerCase()) ?? '') === item.values[n]) &&
      [...beforeValues.keys()].every((name) => parsed.properties.some((p) => p.name.toLowerCase() === name));
    if (same) counts.unchanged++;
    else note('changed', item.label);
  }
  for (const item of existingItems) if (!matched.has(item.id)) note('removed', item.label);
  return {
    properties: [
      ...parsed.properties.map(
        (p) => ({ name: p.name, type: p.type, change: p.existingId ? 'kept' : 'added' }) as const,
      ),
      ...existingProperties
        .filter((p) => !kept.has(p.id))
        .map((p) => ({ name: p.name, type: p.type, change: 'removed' }) as const),
    ],
    counts,
    examples,
    errors: parsed.errors,
  };
}

const typeWord: Record<ListPropertyType, string> = {
  text: 'Text',
  number: 'Number',
  date: 'Date',
  expiry_date: 'Date with expiry',
  colour: 'Colour',
};

/**
 * The list as a CSV the import reads back (issue 18.3): Item, Colour, then each property with its
 * type in brackets; UTF-8 with a byte-order mark so spreadsheets read accents.
 */
export function listCsv(properties: ListProperty[], items: Omit<ComparableItem, 'id'>[]): string {
  const header = ['Item', 'Colour', ...properties.map((p) => `${p.name} [${typeWord[p.type]}]`)];
  const lines = [header.map((h) => csvField(h)).join(',')];
  for (const item of items) {
    lines.push(
      [
        csvField(item.label),
        item.colour ?? '',
        ...properties.map((p) => csvField(item.values[p.id] ?? '', p.type === 'text')),
      ].join(','),
    );
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
