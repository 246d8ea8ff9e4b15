import { z } from 'zod';

/**
 * Keyset cursors: one codec and one schema for every keyset-paged endpoint (My actions, team
 * actions, the timeline, registers, activity). A cursor is the base64url text of a JSON array: the
 * sort key(s) of the last row shown and its id. Clients pass `nextCursor` back unchanged; the
 * endpoint's query schema decodes it and checks every part, so a cursor that does not decode, or
 * holds a value the database cannot compare (a date outside the years 0001-9999, a number beyond a
 * 32-bit integer), is refused as 400 with a field error on `cursor` and never reaches SQL.
 */

export type CursorPart = string | number;

function toBase64Url(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): string | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return undefined;
  try {
    const binary = atob(text.replaceAll('-', '+').replaceAll('_', '/'));
    return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
  } catch {
    return undefined;
  }
}

/** The cursor of a page's last row: its sort key(s) and id, in the order the keyset compares them. */
export function encodeCursor(parts: readonly CursorPart[]): string {
  return toBase64Url(JSON.stringify(parts));
}

/** The parts of a cursor, or undefined when it is not one this codec wrote. Unchecked: parse with a schema. */
export function decodeCursor(cursor: string): unknown {
  const text = fromBase64Url(cursor);
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** A timestamp as PostgreSQL writes it (`2026-11-23 08:15:00.123456+00`) or as ISO 8601, years 0001-9999. */
const timestampPattern = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?(Z|[+-]\d{2}(?::?\d{2})?)$/;

function validTimestamp(text: string): boolean {
  const match = timestampPattern.exec(text);
  if (!match) return false;
  const [year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0] = match.slice(1, 7).map(Number);
  if (year < 1 || hour > 23 || minute > 59 || second > 59) return false;
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function validJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

const int32 = 2 ** 31;

/** The kinds of value a cursor holds; a keyset's schema is a tuple of them. */
export const cursorPart = {
  id: z.string().uuid(),
  timestamp: z.string().max(40).refine(validTimestamp),
  /** An integer sort key as the database writes it (text). */
  integer: z
    .string()
    .regex(/^-?\d{1,10}$/)
    .refine((t) => Number(t) >= -int32 && Number(t) < int32),
  text: z.string().max(2000),
  /** A JSON sort key as the database writes it (text). */
  json: z.string().max(2000).refine(validJson),
  /** A bigint serial id (an event id). */
  serial: z.string().regex(/^[0-9]{1,18}$/),
} as const;

export const invalidCursorMessage = 'Invalid cursor: start again from the first page';

/**
 * The query parameter of a keyset-paged endpoint: the opaque text, decoded and checked against
 * `parts` (a tuple of `cursorPart`s). Parses to the checked parts; anything else is one issue on
 * the parameter itself.
 */
export function keysetCursor<T extends z.ZodType<readonly CursorPart[]>>(parts: T) {
  return z
    .string()
    .max(4000)
    .transform((text, ctx): z.output<T> => {
      const result = parts.safeParse(decodeCursor(text));
      if (!result.success) {
        ctx.addIssue({ code: 'custom', message: invalidCursorMessage, input: text });
        return z.NEVER;
      }
      return result.data;
    });
}
