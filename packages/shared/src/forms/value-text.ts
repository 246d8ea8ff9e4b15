import type { Field } from '../fields/field.ts';
import type { TableColumn } from '../fields/table-fields.ts';
import { type DateDisplay, type DateTextOptions, defaultLocale, formatDate, formatDateTime } from './date-text.ts';
import { isListItemSnapshot } from './field-values.ts';

/**
 * How a value reads as plain text. The one function the register (web), CSV and XLSX exports, the
 * PDF and the history use, so a person, a date or a table reads the same everywhere. People and
 * related forms are named through the context (the APIs send the names alongside the values);
 * a name that cannot be resolved reads 'Unknown person' / 'Unavailable form', never an id.
 */
export type ValueWords = {
  yes: string;
  no: string;
  na: string;
  signed: string;
  sketch: string;
  expired: string;
  unknownPerson: string;
  unavailableForm: string;
  /** `1 photo`, `3 photos`. */
  photos: (count: number) => string;
};

/** The spec's (en-US) words; the web app passes its translations. */
export const valueWords: ValueWords = {
  yes: 'Yes',
  no: 'No',
  na: 'NA',
  signed: 'Signed',
  sketch: 'Sketch',
  expired: 'expired',
  unknownPerson: 'Unknown person',
  unavailableForm: 'Unavailable form',
  photos: (count) => (count === 1 ? '1 photo' : `${count} photos`),
};

export type TextContext = DateTextOptions & {
  userName?: (userId: string) => string | undefined;
  formTitle?: (formId: string) => string | undefined;
  /** How date-time answers show (the template's PDF filename setting); local to data entry by default. */
  dateDisplay?: DateDisplay;
  /** When given, an expiry date in the past reads `(expired)`. */
  now?: Date;
  words?: Partial<ValueWords>;
};

/** Between the items of a multi-valued answer, and between table rows and cells. */
export const itemSeparator = '; ';
export const cellSeparator = ' | ';

function wordsOf(context: TextContext): ValueWords {
  return context.words ? { ...valueWords, ...context.words } : valueWords;
}

function answerText(answer: unknown, words: ValueWords): string {
  if (answer === 'yes') return words.yes;
  if (answer === 'no') return words.no;
  if (answer === 'na') return words.na;
  return answer === null || answer === undefined ? '' : String(answer);
}

/** A number as typed (never rounded away), with at least `decimals` digits after the point. */
export function numberText(value: number, decimals: number | undefined, context: TextContext, exact = false): string {
  if (!Number.isFinite(value)) return String(value);
  const min = Math.max(0, Math.min(20, decimals ?? 0));
  return new Intl.NumberFormat(context.locale ?? defaultLocale, {
    minimumFractionDigits: min,
    maximumFractionDigits: exact ? min : 20,
    useGrouping: false,
  }).format(value);
}

function personText(id: unknown, context: TextContext): string {
  return context.userName?.(String(id)) ?? wordsOf(context).unknownPerson;
}

function dateTimeText(value: unknown, context: TextContext): string {
  return formatDateTime(String(value), context.dateDisplay ?? 'localToEntry', context);
}

function signatureText(value: unknown, context: TextContext): string {
  const v = (value ?? {}) as { signerName?: string; signedAt?: string };
  return [wordsOf(context).signed, v.signerName, v.signedAt ? dateTimeText(v.signedAt, context) : undefined]
    .filter(Boolean)
    .join(' ');
}

/** A table cell as text, by the column's cell type. */
export function tableCellText(column: TableColumn, value: unknown, context: TextContext = {}): string {
  if (value === null || value === undefined || value === '') return '';
  const words = wordsOf(context);
  switch (column.cellType) {
    case 'dropdown':
      return column.options?.find((o) => o.id === value)?.label ?? String(value);
    case 'yesNo':
    case 'yesNoNa':
      return answerText(value, words);
    case 'person':
      return personText(value, context);
    case 'date':
      return formatDate(String(value), context);
    case 'dateTime':
      return dateTimeText(value, context);
    case 'number':
    case 'formula':
      return typeof value === 'number' ? numberText(value, undefined, context) : String(value);
    case 'signature':
    case 'manualSignature':
      return signatureText(value, context);
    case 'photo':
      return Array.isArray(value) ? words.photos(value.length) : '';
    case 'list':
      return isListItemSnapshot(value) ? value.label : String(value);
    default:
      return typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
}

type TableRow = { id?: string; cells?: Record<string, unknown>; name?: string; company?: string; signature?: unknown };

/** A field's answer as text; '' when not answered. */
export function fieldValueText(field: Field, value: unknown, context: TextContext = {}): string {
  if (value === null || value === undefined || value === '') return '';
  const words = wordsOf(context);
  switch (field.type) {
    case 'yesNo':
    case 'yesNoNa': {
      const v = value as { answer: string | null; text?: string };
      const answer = answerText(v.answer, words);
      return v.text ? (answer ? `${answer} - ${v.text}` : v.text) : answer;
    }
    case 'dropdown':
      return field.options.find((o) => o.id === value)?.label ?? String(value);
    case 'multipleChoice':
      return (value as string[]).map((id) => field.options.find((o) => o.id === id)?.label ?? id).join(itemSeparator);
    case 'date':
      return formatDate(String(value), context);
    case 'expiryDate': {
      const expired = context.now !== undefined && Date.parse(`${value}T23:59:59Z`) < context.now.getTime();
      return `${formatDate(String(value), context)}${expired ? ` (${words.expired})` : ''}`;
    }
    case 'dateTime':
      return dateTimeText(value, context);
    case 'dateRange': {
      const v = value as { start: string; end: string };
      return `${formatDate(v.start, context)} – ${formatDate(v.end, context)}`;
    }
    case 'dateTimeRange': {
      const v = value as { start: string; end: string };
      return `${dateTimeText(v.start, context)} – ${dateTimeText(v.end, context)}`;
    }
    case 'number': {
      if (typeof value !== 'number') return String(value);
      const n = numberText(value, field.decimals, context);
      return field.unit ? `${n} ${field.unit}` : n;
    }
    case 'formula':
      return typeof value === 'number' ? numberText(value, field.decimals, context, true) : String(value);
    case 'person':
      return (value as string[]).map((id) => personText(id, context)).join(itemSeparator);
    case 'singlePerson':
      return personText(value, context);
    case 'relationship':
      return (value as string[]).map((id) => context.formTitle?.(id) ?? words.unavailableForm).join(itemSeparator);
    case 'signature':
    case 'manualSignature':
    case 'approvalSignature':
      return signatureText(value, context);
    case 'photos':
      return words.photos((value as unknown[]).length);
    case 'sketch':
      return words.sketch;
    case 'location': {
      const v = value as { latitude: number; longitude: number; address?: string };
      const where = `${v.latitude.toFixed(6)}, ${v.longitude.toFixed(6)}`;
      return v.address ? `${v.address} (${where})` : where;
    }
    case 'list':
      return (value as unknown[]).map((v) => (isListItemSnapshot(v) ? v.label : String(v))).join(itemSeparator);
    case 'defaultTable':
    case 'prefilledTable':
    case 'signOnTable': {
      const rows = ((value as { rows?: TableRow[] }).rows ?? []) as TableRow[];
      const templateRows = new Map(field.type === 'prefilledTable' ? field.rows.map((r) => [r.id, r.cells]) : []);
      return rows
        .map((row) => {
          const written = templateRows.get(row.id ?? '');
          const cells = field.columns.map((c) => {
            const cell = row.cells?.[c.id];
            if (cell !== undefined && cell !== null && cell !== '') return tableCellText(c, cell, context);
            return written?.[c.id] ?? (c.cellType === 'prefilledText' ? (c.text ?? '') : '');
          });
          if (field.type !== 'signOnTable') return cells.join(cellSeparator);
          const signer = [
            row.name ?? '',
            row.company ?? '',
            row.signature ? signatureText(row.signature, context) : '',
          ];
          return [...signer, ...cells].join(cellSeparator);
        })
        .join(itemSeparator);
    }
    default:
      return typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
}
