/**
 * Dates and times as every surface prints them (register, CSV/XLSX, PDF, history): one format per
 * locale. Calendar dates (`2025-11-22`) are days, not instants, and never shift with a time zone.
 * Instants (created, updated, a date-time answer shown "local to exporter") are shown in the
 * workspace's IANA time zone with the zone's short name. "Local to data entry" (spec 9, the
 * default) shows a date-time answer at the wall-clock time and offset it was entered with.
 */
export type DateDisplay = 'localToEntry' | 'localToExporter';

export type DateTextOptions = {
  /** BCP 47 locale; en-US (the spec's wording) when absent. */
  locale?: string;
  /** IANA zone instants are shown in; UTC when absent. */
  timeZone?: string;
};

export const defaultLocale = 'en-US';

const formats = new Map<string, Intl.DateTimeFormat>();

function format(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let found = formats.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(locale, options);
    formats.set(key, found);
  }
  return found;
}

/** Whether the name is an IANA time zone this runtime knows. */
export function isTimeZone(name: string): boolean {
  if (name.length === 0 || name.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** `2025-11-22` -> `Nov 22, 2025` (en-US); anything else is printed as it is. */
export function formatDate(value: string, options: DateTextOptions = {}): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const date = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return value;
  return format(options.locale ?? defaultLocale, { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
}

function zoneName(date: Date, locale: string, timeZone: string): string {
  const part = format(locale, { timeZone, timeZoneName: 'short' })
    .formatToParts(date)
    .find((p) => p.type === 'timeZoneName');
  return part?.value ?? timeZone;
}

/** An instant in the zone, with the zone's short name: `Nov 22, 2025, 4:05 PM GMT+10`. */
export function formatInstant(instant: Date | string, options: DateTextOptions = {}): string {
  const date = typeof instant === 'string' ? new Date(instant) : instant;
  if (Number.isNaN(date.getTime())) return String(instant);
  const locale = options.locale ?? defaultLocale;
  const timeZone = options.timeZone ?? 'UTC';
  const text = format(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(date);
  return `${text} ${zoneName(date, locale, timeZone)}`;
}

const isoWithOffset = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/** A date-time answer, local to data entry (its own offset) or to the exporter (the zone given). */
export function formatDateTime(value: string, display: DateDisplay, options: DateTextOptions = {}): string {
  const match = isoWithOffset.exec(value);
  const instant = new Date(value);
  if (!match || Number.isNaN(instant.getTime())) return value;
  if (display === 'localToExporter') return formatInstant(instant, options);
  const [, day = '', hours = '', minutes = '', offset = ''] = match;
  const wallClock = new Date(`${day}T${hours}:${minutes}:00Z`);
  const text = format(options.locale ?? defaultLocale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
  return `${text.format(wallClock)} ${offset === 'Z' ? 'UTC' : `UTC${offset}`}`;
}

/** A calendar day as `YYYY-MM-DD` in the zone (file names sort well by it). */
export function isoDay(instant: Date, timeZone: string): string {
  return format('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);
}

/** The time of day of an instant in the zone: `4:05 PM` (under a day heading that names the day). */
export function formatTime(instant: Date | string, options: DateTextOptions = {}): string {
  const date = typeof instant === 'string' ? new Date(instant) : instant;
  if (Number.isNaN(date.getTime())) return String(instant);
  return format(options.locale ?? defaultLocale, { timeStyle: 'short', timeZone: options.timeZone ?? 'UTC' }).format(
    date,
  );
}

/** A calendar day `YYYY-MM-DD` written out as a heading: `Tuesday, November 24, 2026` (en-US). */
export function formatDayHeading(day: string, options: Pick<DateTextOptions, 'locale'> = {}): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return day;
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return format(options.locale ?? defaultLocale, { dateStyle: 'full', timeZone: 'UTC' }).format(date);
}

/** The calendar day before `YYYY-MM-DD`. */
export function previousDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
}
