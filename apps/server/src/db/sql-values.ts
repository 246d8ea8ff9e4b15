import { sql } from 'drizzle-orm';

/**
 * Values between SQL and JavaScript that both drivers need alike: node-postgres returns timestamps
 * as Date, PGlite sometimes as text, and arrays of ids go in as one uuid[] parameter.
 */
export function iso(value: unknown): string {
  return (value instanceof Date ? value : new Date(value as string)).toISOString();
}

export function uuidArray(ids: readonly string[]) {
  return sql`${`{${ids.join(',')}}`}::uuid[]`;
}
