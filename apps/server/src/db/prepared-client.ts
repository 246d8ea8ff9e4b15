import { createHash } from 'node:crypto';
import pg from 'pg';

/** Per connection, at most this many statements stay prepared; later new ones are planned each time. */
const maxPreparedPerConnection = 500;

// biome-ignore lint/suspicious/noExplicitAny: pg's query() is overloaded; this passes its arguments through.
const query = pg.Client.prototype.query as (this: pg.Client, ...args: any[]) => any;

/** A statement as the wire protocol takes it: text with $n placeholders and their values. */
export type Statement = { text: string; values: unknown[] };

/**
 * A PostgreSQL connection that prepares every parameterised statement once, named by its text,
 * so the server parses and plans it once per connection instead of on every call. Planning was
 * most of the database's work on a form save (row-level security policies make plans costly):
 * docs/decisions/0008-database-work-per-request.md has the figures.
 *
 * It can also hold back a transaction's opening statements (begin, the scope's settings) and send
 * them in the round trip of the transaction's first statement.
 */
export class PreparingClient extends pg.Client {
  readonly #prepared = new Set<string>();
  #opening: Statement[] | undefined;

  /** The next statement is sent after these, in the same round trip. */
  openWith(statements: Statement[]) {
    this.#opening = statements;
  }

  /** Takes back an opening no statement has carried yet; true when there was one (nothing ran). */
  withdrawOpening(): boolean {
    const pending = this.#opening !== undefined;
    this.#opening = undefined;
    return pending;
  }

  // biome-ignore lint/suspicious/noExplicitAny: pg's query() is overloaded; this passes its arguments through.
  override query(config: any, values?: any, callback?: any): any {
    const opening = this.#opening;
    this.#opening = undefined;
    const name = isParameterised(config, values) ? this.#nameFor(config.text) : undefined;
    if (opening) {
      if (name !== undefined && !callback) return runAfter(this, opening, { ...config, name, values });
      if (callback || typeof config?.submit === 'function') throw new Error('A scope opens with a plain query');
      // A statement without values (FETCH from a cursor, say) goes as a simple query, after the
      // opening written out in it: one implicit transaction, one round trip.
      const text = typeof config === 'string' ? config : (config as { text: string }).text;
      const combined = typeof config === 'string' ? { text } : { ...config };
      combined.text = `${inlined(opening)}; ${text}`;
      return (query.call(this, combined) as Promise<pg.QueryResult[]>).then((results) => results.at(-1));
    }
    return query.call(this, name ? { ...config, name } : config, values, callback);
  }

  /** The statement's name, or '' (planned each time) once this connection holds the most it may. */
  #nameFor(text: string): string {
    const name = statementName(text);
    if (this.#prepared.has(name) || this.#prepared.size < maxPreparedPerConnection) {
      this.#prepared.add(name);
      return name;
    }
    return '';
  }
}

/** Statements as one simple query, their values written in as quoted literals. */
function inlined(statements: Statement[]): string {
  return statements
    .map(({ text, values }) =>
      text.replace(/\$(\d+)/g, (_, n: string) => {
        const value = values[Number(n) - 1];
        if (typeof value !== 'string') throw new Error('Only text values can be written in as literals');
        return pg.escapeLiteral(value);
      }),
    )
    .join('; ');
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

type Connection = {
  parsedStatements: Record<string, string>;
  submittedNamedStatements: Record<string, string>;
  parse(config: { text: string; name: string; types: unknown[] }): void;
  bind(config: { portal: string; statement: string; values: unknown[] }): void;
  describe(config: { type: 'P'; name: string }): void;
  execute(config: { portal: string; rows: number }): void;
  close(config: { type: 'S'; name: string }): void;
};
// pg's Query: the protocol steps of one statement, which StatementAfter puts others before.
const PgQuery = pg.Query as unknown as new (
  config: object,
) => {
  name: string;
  prepare(connection: Connection): void;
  handleError(error: Error, connection: Connection): void;
};

/** Per connection: statements an error left in doubt (parsed or not), closed before the next parse. */
const inDoubt = new WeakMap<Connection, Set<string>>();

/**
 * A statement sent after others (a transaction's begin, a scope's settings) in one round trip.
 * PostgreSQL runs what comes before one Sync message in order and as one implicit transaction when
 * no transaction is open, so transaction-local settings hold for the statement; the statement
 * itself stays prepared. The leading statements are unnamed: planning them is trivial.
 */
class StatementAfter extends PgQuery {
  readonly #leading: Statement[];
  #parsing = false;

  constructor(
    leading: Statement[],
    statement: Statement & { name: string },
    callback: (error: Error | null, results: unknown) => void,
  ) {
    super({ ...statement, callback });
    this.#leading = leading;
  }

  override prepare(connection: Connection) {
    for (const { text, values } of this.#leading) {
      connection.parse({ text, name: '', types: [] });
      connection.bind({ portal: '', statement: '', values });
      connection.describe({ type: 'P', name: '' });
      connection.execute({ portal: '', rows: 0 });
    }
    if (this.name) {
      if (inDoubt.get(connection)?.delete(this.name)) connection.close({ type: 'S', name: this.name });
      this.#parsing =
        !(this.name in connection.parsedStatements) && !(this.name in connection.submittedNamedStatements);
    }
    super.prepare(connection);
  }

  override handleError(error: Error, connection: Connection) {
    // pg records a statement as parsed on the first ParseComplete, which here may be a leading
    // statement's: after an error it is not known whether this statement was parsed.
    if (this.#parsing) {
      delete connection.parsedStatements[this.name];
      delete connection.submittedNamedStatements[this.name];
      const doubtful = inDoubt.get(connection) ?? new Set<string>();
      doubtful.add(this.name);
      inDoubt.set(connection, doubtful);
    }
    super.handleError(error, connection);
  }
}

/** Runs `leading` then `statement` in one round trip; the statement's result. */
function runAfter(client: pg.Client, leading: Statement[], statement: Statement & { name: string }) {
  return new Promise<pg.QueryResult>((resolve, reject) => {
    const submitted = new StatementAfter(leading, statement, (error, results) => {
      if (error) reject(error);
      else resolve((results as pg.QueryResult[]).at(-1) as pg.QueryResult);
    });
    query.call(client, submitted);
  });
}
