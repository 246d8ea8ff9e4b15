import type { Field } from '../fields/field.ts';

/**
 * Bulk form creation from a CSV (spec 4.1, 5.3, 8.2, 9; issue 21.4): one CSV of at most 100 rows and
 * 5 MB per upload, for a template with at least one Single Line Text or Date field; a column per
 * simple field, headed by the field's name (two fields of one name block the upload). The server
 * reads each cell as its field wants it here, then checks the row as a signed-in create does.
 */

export const bulkFormMaxRows = 100;
export const bulkFormMaxBytes = 5 * 1024 * 1024;

/** The spec's messages (8.2), shown by the screen as toasts. */
export const bulkFormMessages = {
  formattingErrors: 'CSV file has formatting errors.',
  uploadFailed: 'Unable to upload CSV for bulk form creation.',
  createFailed: 'Unable to create forms. Please try again later.',
  progressFailed: 'Unable to check form creation progress.',
  reportFailed: 'Unable to download error report.',
  oneFile: 'Unable to import more than one CSV file at a time.',
} as const;

/** Why a whole file is refused before any row is read (the problem's detail and its `body.csv` error). */
export const bulkFormFileMessages = {
  noFile: 'Choose a CSV file.',
  notCsv: 'This file is not a CSV file.',
  tooLarge: `The CSV file is larger than ${bulkFormMaxBytes / 1024 / 1024} MB.`,
  tooManyRows: `The CSV file has more than ${bulkFormMaxRows} rows.`,
  empty: 'The CSV file has no rows.',
  noTextOrDateField: 'Forms can be created from a CSV only for a template with a Single Line Text or Date field.',
  duplicateFieldNames: 'Two fields of this template have the same name: rename one to create forms from a CSV.',
  header: 'The first row of the CSV file must name fields of this template (download the CSV template).',
  noValidRows: 'No row can be created: correct the rows marked and upload the file again.',
} as const;

/** Field types a CSV cell can fill (text, numbers, dates, answers and options, written as words). */
export const bulkFormFieldTypes = [
  'singleLineText',
  'multiLineText',
  'number',
  'date',
  'expiryDate',
  'dateTime',
  'yesNo',
  'yesNoNa',
  'dropdown',
  'multipleChoice',
] as const;
type BulkFieldType = (typeof bulkFormFieldTypes)[number];
export type BulkFormField = Extract<Field, { type: BulkFieldType }>;

const fillable = (field: Field): field is BulkFormField =>
  (bulkFormFieldTypes as readonly string[]).includes(field.type);

/** The template's fields a CSV fills, in the template's order: the columns of its CSV template. */
export function bulkFormColumns(fields: readonly Field[]): BulkFormField[] {
  return fields.filter(fillable);
}

/** Whether the template allows bulk creation at all (spec 5.3: a Single Line Text or Date field). */
export function allowsBulkForms(fields: readonly Field[]): boolean {
  return fields.some((f) => f.type === 'singleLineText' || f.type === 'date');
}

/** A header cell or field name as compared: trimmed, without case. */
export const columnKey = (name: string) => name.trim().toLowerCase();

/** Names that two or more of the CSV's fields share (they would make a column ambiguous). */
export function duplicateColumnNames(fields: readonly Field[]): string[] {
  const seen = new Map<string, number>();
  for (const f of bulkFormColumns(fields)) seen.set(columnKey(f.label), (seen.get(columnKey(f.label)) ?? 0) + 1);
  return bulkFormColumns(fields)
    .filter(
      (f, i, all) =>
        (seen.get(columnKey(f.label)) ?? 0) > 1 &&
        all.findIndex((g) => columnKey(g.label) === columnKey(f.label)) === i,
    )
    .map((f) => f.label);
}

export const cellMessages = {
  number: 'Enter a number',
  date: 'Enter a date as YYYY-MM-DD',
  dateTime: 'Enter a date and time as YYYY-MM-DDThh:mm with its offset, e.g. 2026-11-24T09:30+00:00',
  yesNo: 'Enter Yes or No',
  yesNoNa: 'Enter Yes, No or NA',
  option: (label: string) => `"${label}" is not an option of this field`,
} as const;

export type CellReading = { value: unknown } | { error: string } | { empty: true };

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

/**
 * One cell as its field's value: text as typed, a number, an ISO date (and time with its offset),
 * Yes/No/NA as an answer, options by their label (a multiple choice's several separated by `;`).
 * The value is then checked as any form's is (required, lengths, precision, a real date).
 */
export function readCell(field: BulkFormField, text: string): CellReading {
  const t = field.type === 'multiLineText' ? text.replace(/\r\n?/g, '\n').trim() : text.trim();
  if (t === '') return { empty: true };
  switch (field.type) {
    case 'singleLineText':
    case 'multiLineText':
      return { value: t };
    case 'number': {
      const n = Number(t.replace(/,/g, ''));
      return Number.isFinite(n) && /\d/.test(t) ? { value: n } : { error: cellMessages.number };
    }
    case 'date':
    case 'expiryDate':
      return isoDate.test(t) ? { value: t } : { error: cellMessages.date };
    case 'dateTime':
      return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(t)
        ? { value: t }
        : { error: cellMessages.dateTime };
    case 'yesNo':
    case 'yesNoNa': {
      const answer = t.toLowerCase().replace('/', '');
      const allowed = field.type === 'yesNo' ? ['yes', 'no'] : ['yes', 'no', 'na'];
      return allowed.includes(answer)
        ? { value: { answer } }
        : { error: field.type === 'yesNo' ? cellMessages.yesNo : cellMessages.yesNoNa };
    }
    case 'dropdown': {
      const option = field.options.find((o) => columnKey(o.label) === columnKey(t));
      return option ? { value: option.id } : { error: cellMessages.option(t) };
    }
    case 'multipleChoice': {
      const ids: string[] = [];
      for (const part of t
        .split(';')
        .map((p) => p.trim())
        .filter(Boolean)) {
        const option = field.options.find((o) => columnKey(o.label) === columnKey(part));
        if (!option) return { error: cellMessages.option(part) };
        ids.push(option.id);
      }
      return { value: ids };
    }
  }
}
