import { createHash } from 'node:crypto';
import pg from 'pg';

/** Per connection, at most this many statements stay prepared; later new ones are planned each time. */
const maxPreparedPerConnection = 500;

// biome-ignore lint/suspicious/noExplicitAny: pg's query() is overloaded; this passes its arguments through.
const query = pg.Client.prototype.query as (this: pg.Client, ...args: any[]) => any;

/**
 * A PostgreSQL connection that prepares every parameterised statement once, named by its text,
 * so the server parses and plans it once per connection instead of on every call. Planning was
 * most of the database's work on a form save (row-level security policies make plans costly):
 * docs/decisions/0008-database-work-per-request.md has the figures.
 */
export class PreparingClient extends pg.Client {
  readonly #prepared = new Set<string>();

  // biome-ignore lint/suspicious/noExplicitAny: pg's query() is overloaded; this passes its arguments through.
  override query(config: any, values?: any, callback?: any): any {
    if (isParameterised(config, values)) {
      const name = statementName(config.text);
      if (this.#prepared.has(name) || this.#prepared.size < maxPreparedPerConnection) {
        this.#prepared.add(name);
        return query.call(this, { ...config, name }, values, callback);
      }
    }
    return query.call(this, config, values, callback);
  }
}

function isParameterised(config: unknown, values: unknown): config is { text: string; name?: string } {
  return (
    typeof config === 'object' &&
    config !== null &&
    typeof (config as { text?: unknown }).text === 'string' &&
    !(config as { name?: unknown }).name &&
    typeof (config as { submit?: unknown }).submit !== 'function' &&
    Array.isArray(values) &&
    values.length > 0
  );
}

const names = new Map<string, string>();

function statementName(text: string): string {
  let name = names.get(text);
  if (!name) {
    name = `fw_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    // The texts are the application's own statements: a bounded set, but guard against growth.
    if (names.size >= 10_000) names.clear();
    names.set(text, name);
  }
  return name;
}
