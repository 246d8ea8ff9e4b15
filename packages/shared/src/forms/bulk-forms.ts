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

/**
 * Field types a CSV cell can fill (text, numbers, dates and ranges, answers, options and list items
 * written as words), and the single person field that the Assignee column fills.
 */
export const bulkFormFieldTypes = [
  'singleLineText',
  'multiLineText',
  'number',
  'date',
  'expiryDate',
  'dateTime',
  'dateRange',
  'dateTimeRange',
  'yesNo',
  'yesNoNa',
  'dropdown',
  'multipleChoice',
  'list',
] as const;
type BulkFieldType = (typeof bulkFormFieldTypes)[number] | 'singlePerson';
export type BulkFormField = Extract<Field, { type: BulkFieldType }>;

/**
 * The column that names who a form is for: the e-mail of a person who can see the team, filling
 * the template's first Single Person field (forms themselves have no assignee; actions do).
 */
export const assigneeColumn = 'Assignee';

const fillable = (field: Field): field is BulkFormField =>
  (bulkFormFieldTypes as readonly string[]).includes(field.type);

/**
 * The template's fields a CSV fills, in the template's order: the columns of its CSV template. The
 * first Single Person field is the Assignee column (headed `Assignee`, whatever the field's name).
 */
export function bulkFormColumns(fields: readonly Field[]): BulkFormField[] {
  const assignee = fields.find((f) => f.type === 'singlePerson');
  return fields.flatMap((f): BulkFormField[] => {
    if (f === assignee && f.type === 'singlePerson') return [{ ...f, label: assigneeColumn }];
    return fillable(f) ? [f] : [];
  });
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
  dateRange: 'Enter a date range as YYYY-MM-DD/YYYY-MM-DD',
  dateTimeRange:
    'Enter a date and time range as start/end, each YYYY-MM-DDThh:mm with its offset, e.g. 2026-11-24T07:00+00:00/2026-11-24T15:30+00:00',
  assignee: 'Enter the e-mail of a person who can see this team',
  assigneeUnknown: (email: string) => `${email} is not a person who can see this team`,
  listItem: (name: string) => `"${name}" is not an item of this field's list`,
} as const;

export type CellReading = { value: unknown } | { error: string } | { empty: true };

const isoDate = /^\d{4}-\d{2}-\d{2}$/;
const isoDateTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;
const email = /^[^\s@;,]+@[^\s@;,]+\.[^\s@;,]+$/;

/** A date and time as forms keep it: with its seconds (`09:30+00:00` is `09:30:00+00:00`). */
const withSeconds = (t: string) => t.replace(/(T\d{2}:\d{2})(Z|[+-])/, '$1:00$2');

/** Several words of one cell, separated by `;`. */
const parts = (t: string) =>
  t
    .split(';')
    .map((p) => p.trim())
    .filter(Boolean);

/** A range written `start/end` (ISO 8601's interval), each end as `point` wants. */
function readRange(t: string, point: RegExp, error: string, write = (p: string) => p): CellReading {
  const [start, end, ...more] = t.split('/').map((p) => p.trim());
  return start && end && more.length === 0 && point.test(start) && point.test(end)
    ? { value: { start: write(start), end: write(end) } }
    : { error };
}

/**
 * One cell as its field's value: text as typed, a number, an ISO date (and time with its offset),
 * ranges as `start/end`, Yes/No/NA as an answer, options by their label (a multiple choice's
 * several separated by `;`). List items are read as their names and the assignee as an e-mail
 * (lower-cased): the server finds them (`listItemNames`, `assigneeEmail`). The value is then checked
 * as any form's is (required, lengths, precision, a real date, the end not before the start).
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
      return isoDateTime.test(t) ? { value: withSeconds(t) } : { error: cellMessages.dateTime };
    case 'dateRange':
      return readRange(t, isoDate, cellMessages.dateRange);
    case 'dateTimeRange':
      return readRange(t, isoDateTime, cellMessages.dateTimeRange, withSeconds);
    case 'list':
      return { value: { listItemNames: parts(t) } };
    case 'singlePerson':
      return email.test(t) ? { value: { assigneeEmail: t.toLowerCase() } } : { error: cellMessages.assignee };
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
      for (const part of parts(t)) {
        const option = field.options.find((o) => columnKey(o.label) === columnKey(part));
        if (!option) return { error: cellMessages.option(part) };
        ids.push(option.id);
      }
      return { value: ids };
    }
  }
}
