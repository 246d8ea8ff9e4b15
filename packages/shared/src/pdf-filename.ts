import type { PdfFilenameMetadata, PdfFilenameSettings } from './fields/pdf-filename-settings.ts';

export type PdfFilenameValue = string | number | boolean | Date | readonly string[] | null | undefined;

export type PdfFilenameContext = {
  /** Standard metadata of the form being exported; dates as instants. */
  metadata: Partial<Record<PdfFilenameMetadata, PdfFilenameValue>>;
  /** Field id -> the form's answer (text, number, date, picked option labels...). */
  fieldValues: Readonly<Record<string, PdfFilenameValue>>;
  /** IANA time zone where the form was filled in, and the exporter's. */
  entryTimeZone: string;
  exporterTimeZone: string;
};

export const separatorChar = { hyphens: '-', spaces: ' ', underscores: '_' } as const;
/** File-system-unsafe characters, control characters included. */
const unsafe = /[\\/:*?"<>|\p{Cc}]+/gu;
export const maxPdfFilenameLength = 200;

function formatDate(date: Date, timeZone: string): string {
  // en-CA formats as YYYY-MM-DD, which sorts well in file lists.
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(date);
}

function text(value: PdfFilenameValue, timeZone: string): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : formatDate(value, timeZone);
  if (Array.isArray(value)) return value.join(' ');
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return String(value);
}

function applyCase(word: string, letterCase: PdfFilenameSettings['letterCase']): string {
  if (letterCase === 'lowercase') return word.toLowerCase();
  if (letterCase === 'uppercase') return word.toUpperCase();
  return word.charAt(0).toUpperCase() + word.slice(1).toLowerCase();
}

/**
 * The PDF file name of a form (spec 3, 9): the parts in order, empty ones skipped, words joined
 * by the separator, in the letter case; dates shown in the entry's or the exporter's time zone.
 * Always ends in `.pdf`; falls back to `form.pdf` when every part is empty.
 */
export function buildPdfFilename(settings: PdfFilenameSettings, context: PdfFilenameContext): string {
  const timeZone = settings.dateDisplay === 'localToEntry' ? context.entryTimeZone : context.exporterTimeZone;
  const words: string[] = [];
  for (const part of settings.parts) {
    const raw =
      part.kind === 'static'
        ? part.text
        : part.kind === 'metadata'
          ? text(context.metadata[part.key], timeZone)
          : text(context.fieldValues[part.fieldId], timeZone);
    for (const word of raw.replace(unsafe, ' ').split(/\s+/)) {
      if (word) words.push(applyCase(word, settings.letterCase));
    }
  }
  const name = words
    .join(separatorChar[settings.separator])
    .slice(0, maxPdfFilenameLength)
    .replace(/[-_ .]+$/, '');
  return `${name || 'form'}.pdf`;
}

/** A form's PDF in a ZIP: its built file name, its number and the separator its template uses. */
export type ZipPdfName = { fileName: string; formNumber: number; separator: PdfFilenameSettings['separator'] };

const key = (name: string) => name.toLowerCase();

/**
 * File names that stay unique inside a ZIP, whatever the order and the case-insensitive file
 * system it is unpacked on: names shared by several forms get the form number
 * (`site-diary-2026-11-23-12.pdf`), unless the name already ends in it; any name still taken
 * then gets ` (2)`, ` (3)`... in the order given. Names used once stay as they are.
 */
export function uniquePdfFilenames(entries: readonly ZipPdfName[]): string[] {
  const counts = new Map<string, number>();
  for (const e of entries) counts.set(key(e.fileName), (counts.get(key(e.fileName)) ?? 0) + 1);
  const named = entries.map((e) => {
    if ((counts.get(key(e.fileName)) ?? 0) < 2) return e.fileName;
    const base = e.fileName.replace(/\.pdf$/, '');
    const sep = separatorChar[e.separator];
    return base.endsWith(`${sep}${e.formNumber}`) ? e.fileName : `${base}${sep}${e.formNumber}.pdf`;
  });
  const taken = new Set<string>();
  // Names nobody else has are reserved first, so a ` (2)` never lands on one of them.
  const seen = new Map<string, number>();
  for (const name of named) seen.set(key(name), (seen.get(key(name)) ?? 0) + 1);
  for (const name of named) if (seen.get(key(name)) === 1) taken.add(key(name));
  return named.map((name) => {
    if (seen.get(key(name)) === 1) return name;
    let candidate = name;
    for (let n = 2; taken.has(key(candidate)); n++) candidate = name.replace(/\.pdf$/, ` (${n}).pdf`);
    taken.add(key(candidate));
    return candidate;
  });
}
