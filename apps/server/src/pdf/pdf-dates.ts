/**
 * Dates and times as a PDF prints them (en-US). "Local to data entry" prints a date-time at the
 * wall-clock time and offset it was entered with (the ISO value keeps the offset); "local to
 * exporter" converts it to the exporter's IANA time zone (spec 9, PDF filename date display).
 */
export type DateDisplay = 'localToEntry' | 'localToExporter';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

/** Whether the name is an IANA time zone this runtime knows. */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** `2025-11-22` -> `Nov 22, 2025`; anything else is printed as it is. */
export function formatDate(value: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const date = new Date(`${value}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? value : dateFormat.format(date);
}

function inZone(date: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone,
  }).format(date);
}

function zoneName(date: Date, timeZone: string): string {
  const part = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' })
    .formatToParts(date)
    .find((p) => p.type === 'timeZoneName');
  return part?.value ?? timeZone;
}

/** An instant in the exporter's zone, with the zone's short name: `Nov 22, 2025, 4:05 PM GMT+10`. */
export function formatInstant(date: Date, timeZone: string): string {
  return `${inZone(date, timeZone)} ${zoneName(date, timeZone)}`;
}

const isoWithOffset = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/** A form's date-time value, local to entry or to the exporter. */
export function formatDateTime(value: string, display: DateDisplay, exporterTimeZone: string): string {
  const match = isoWithOffset.exec(value);
  const instant = new Date(value);
  if (!match || Number.isNaN(instant.getTime())) return value;
  if (display === 'localToExporter') return formatInstant(instant, exporterTimeZone);
  const [, day = '', hours = '', minutes = '', offset = ''] = match;
  const wallClock = new Date(`${day}T${hours}:${minutes}:00Z`);
  return `${inZone(wallClock, 'UTC')} ${offset === 'Z' ? 'UTC' : `UTC${offset}`}`;
}
