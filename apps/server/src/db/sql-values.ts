import { sql } from 'drizzle-orm';

/**
 * Values between SQL and JavaScript that both drivers need alike: node-postgres returns timestamps
 * as Date, PGlite sometimes as text, and arrays of ids go in as one uuid[] parameter.
 *
 * Raw SQL declares the shape of its rows with these column types, `tx.execute<Row>(sql`...`)`,
 * and converts each row once (no `as` per column): a row type says what the driver returns.
 */

/** A timestamptz column: a Date (node-postgres) or its text (PGlite). */
export type Timestamp = Date | string;
/** An integer column: bigint and numeric arrive as text. */
export type Int = number | string;
/** A json or jsonb column: parsed by the driver, or its text. */
export type Json = unknown;

export function iso(value: Timestamp): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

/** A json column's value as the type the app wrote into it (the column is the app's own). */
export function parseJson<T>(value: Json): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

export function uuidArray(ids: readonly string[]) {
  return sql`${`{${ids.join(',')}}`}::uuid[]`;
}

/** The row of a statement that always answers one (an insert ... returning, a row by its key). */
export function onlyRow<Row>(rows: readonly Row[], statement: string): Row {
  const [row] = rows;
  if (!row) throw new Error(`${statement} answered no row`);
  return row;
}
