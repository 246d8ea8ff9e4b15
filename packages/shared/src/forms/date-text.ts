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
  // Looked up first by the value itself under its locale, with no key to build: an export asks
  // for millions of dates. Only a value not seen yet is checked and formatted.
  const texts = kept(dateTexts, options.locale ?? defaultLocale, () => new Map<string, string>());
  const known = texts.get(value);
  if (known !== undefined) return known;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const locale = options.locale ?? defaultLocale;
  return kept(texts, value, () => {
    const date = new Date(`${value}T00:00:00Z`);
    return Number.isNaN(date.getTime()) ? value : dayText(locale, Math.floor(date.getTime() / dayMs));
  });
}

/**
 * Exports print millions of dates, and Intl takes tens of microseconds for each; so each text is
 * put together from kept parts: a day's text, a minute of the day's text, and the zone's offset
 * and name for the UTC day (or, on a day the clocks change, for the quarter hour: offsets have been
 * whole quarter hours since the 1970s). A part is checked against Intl's own text at both ends of
 * its stretch when first kept; where the parts do not add up (another locale's pattern, a historic
 * offset in seconds), Intl formats the whole instant. The caches are emptied when full, so a
 * long-running server's memory stays bounded.
 */
const dayMs = 86_400_000;
const minuteMs = 60_000;
const quarterHourMs = 15 * minuteMs;
const cacheLimit = 50_000;

function kept<K, V>(cache: Map<K, V>, key: K, make: () => V): V {
  let value = cache.get(key);
  if (value === undefined) {
    if (cache.size >= cacheLimit) cache.clear();
    value = make();
    cache.set(key, value);
  }
  return value;
}

// Keyed by locale, then by number: an export formats two instants a row, and building a string
// key per lookup was most of the time these caches took.
const dayTexts = new Map<string, Map<number, string>>();
/** Per locale: a date's text by its `YYYY-MM-DD` value. */
const dateTexts = new Map<string, Map<string, string>>();

/** `Nov 22, 2025` for day number `day` (days since 1970-01-01). */
function dayText(locale: string, day: number): string {
  return kept(
    kept(dayTexts, locale, () => new Map()),
    day,
    () => format(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(day * dayMs)),
  );
}

const minuteTexts = new Map<string, string[]>();

/** `4:05 PM` for minute `minute` of a day. */
function minuteText(locale: string, minute: number): string {
  const texts = kept(minuteTexts, locale, () => []);
  let text = texts[minute];
  if (text === undefined) {
    text = format(locale, { timeStyle: 'short', timeZone: 'UTC' }).format(new Date(minute * minuteMs));
    texts[minute] = text;
  }
  return text;
}

function directInstantText(date: Date, locale: string, timeZone: string): string {
  const text = format(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(date);
  const name = format(locale, { timeZone, timeZoneName: 'short' })
    .formatToParts(date)
    .find((p) => p.type === 'timeZoneName')?.value;
  return `${text} ${name ?? timeZone}`;
}

/** How a stretch of time in a zone is printed: its offset and the text between day and time. */
type ZonePart = { offsetMs: number; separator: string; zoneName: string };

/** A stretch whose offset changes (a daylight-saving day), or whose parts do not add up. */
type Unkept = 'changes' | 'intl';

/** The parts of one locale and zone, by UTC day and by quarter hour (their start in ms). */
type ZoneCaches = { days: Map<number, ZonePart | Unkept>; quarterHours: Map<number, ZonePart | Unkept> };
const zoneCaches = new Map<string, ZoneCaches>();
let lastZone: { locale: string; timeZone: string; caches: ZoneCaches } | undefined;

/** The caches of a locale and zone; the pair asked last is found without building its key. */
function cachesOf(locale: string, timeZone: string): ZoneCaches {
  if (lastZone?.locale === locale && lastZone.timeZone === timeZone) return lastZone.caches;
  const caches = kept(zoneCaches, `${locale}|${timeZone}`, () => ({ days: new Map(), quarterHours: new Map() }));
  lastZone = { locale, timeZone, caches };
  return caches;
}

function offsetMsOf(date: Date, timeZone: string): number | null {
  const name = format('en-US', { timeZone, timeZoneName: 'longOffset' })
    .formatToParts(date)
    .find((p) => p.type === 'timeZoneName')?.value;
  if (name === 'GMT') return 0;
  const match = /^GMT([+-])(\d{2}):(\d{2})$/.exec(name ?? '');
  if (!match) return null;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return (match[1] === '-' ? -minutes : minutes) * minuteMs;
}

function composed(ms: number, locale: string, part: ZonePart): string {
  const local = ms + part.offsetMs;
  const day = Math.floor(local / dayMs);
  const minute = Math.floor((local - day * dayMs) / minuteMs);
  return `${dayText(locale, day)}${part.separator}${minuteText(locale, minute)} ${part.zoneName}`;
}

/** The part for [start, start + length), checked against Intl at both ends. */
function zonePart(start: number, length: number, locale: string, timeZone: string): ZonePart | Unkept {
  const first = new Date(start);
  const last = new Date(start + length - 1);
  const offsetMs = offsetMsOf(first, timeZone);
  if (offsetMs === null) return 'intl';
  if (offsetMsOf(last, timeZone) !== offsetMs) return 'changes';
  const whole = directInstantText(first, locale, timeZone);
  const zoneName = whole.slice(whole.lastIndexOf(' ') + 1);
  const local = start + offsetMs;
  const dayNumber = Math.floor(local / dayMs);
  const day = dayText(locale, dayNumber);
  const time = minuteText(locale, Math.floor((local - dayNumber * dayMs) / minuteMs));
  const dateTime = whole.slice(0, whole.length - zoneName.length - 1);
  if (!dateTime.startsWith(day) || !dateTime.endsWith(time)) return 'intl';
  const part = { offsetMs, zoneName, separator: dateTime.slice(day.length, dateTime.length - time.length) };
  return composed(last.getTime(), locale, part) === directInstantText(last, locale, timeZone) ? part : 'intl';
}

/** A whole UTC day's part, or on a day the clocks change, its quarter hour's. */
function zonePartAt(ms: number, locale: string, timeZone: string): ZonePart | Unkept {
  const caches = cachesOf(locale, timeZone);
  const day = Math.floor(ms / dayMs) * dayMs;
  const whole = kept(caches.days, day, () => zonePart(day, dayMs, locale, timeZone));
  if (whole !== 'changes') return whole;
  const start = Math.floor(ms / quarterHourMs) * quarterHourMs;
  const part = kept(caches.quarterHours, start, () => zonePart(start, quarterHourMs, locale, timeZone));
  return part === 'changes' ? 'intl' : part;
}

/** An instant in the zone, with the zone's short name: `Nov 22, 2025, 4:05 PM GMT+10`. */
export function formatInstant(instant: Date | string, options: DateTextOptions = {}): string {
  const date = typeof instant === 'string' ? new Date(instant) : instant;
  const ms = date.getTime();
  if (Number.isNaN(ms)) return String(instant);
  const locale = options.locale ?? defaultLocale;
  const timeZone = options.timeZone ?? 'UTC';
  const part = zonePartAt(ms, locale, timeZone);
  return part === 'intl' || part === 'changes' ? directInstantText(date, locale, timeZone) : composed(ms, locale, part);
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
