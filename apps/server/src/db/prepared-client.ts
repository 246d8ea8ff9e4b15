import { createHash } from 'node:crypto';
import pg from 'pg';
import { statementSpan } from '../observability/tracing.ts';

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
  #closing: Statement[] | undefined;
  #ended = false;

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

  /**
   * The next statement is followed by these (a transaction's commit) in the same round trip; after
   * it the transaction has ended, and any further statement is refused until `reset()`.
   */
  closeWith(statements: Statement[]) {
    this.#closing = statements;
  }

  /** Whether a statement carried the transaction's closing (see closeWith). */
  get ended(): boolean {
    return this.#ended;
  }

  /** Forgets the transaction's opening, closing and end: the connection goes back to its pool. */
  reset() {
    this.#opening = undefined;
    this.#closing = undefined;
    this.#ended = false;
  }

  // biome-ignore lint/suspicious/noExplicitAny: pg's query() is overloaded; this passes its arguments through.
  override query(config: any, values?: any, callback?: any): any {
    // Each statement of a traced request is a span (observability/tracing.ts); a submittable
    // query (a cursor's reads) is not.
    const text: unknown = typeof config === 'string' ? config : config?.text;
    const end = typeof text === 'string' && typeof config?.submit !== 'function' ? statementSpan(text) : undefined;
    if (!end) return this.#query(config, values, callback);
    const ending =
      (answer: (error: Error | null, result?: unknown) => void) => (error: Error | null, result?: unknown) => {
        end(error ?? undefined);
        answer(error, result);
      };
    if (typeof callback === 'function') return this.#query(config, values, ending(callback));
    if (typeof values === 'function') return this.#query(config, ending(values));
    return (this.#query(config, values) as Promise<unknown>).then(
      (result) => {
        end();
        return result;
      },
      (error: unknown) => {
        end(error);
        throw error;
      },
    );
  }

  // biome-ignore lint/suspicious/noExplicitAny: pg's query() is overloaded; this passes its arguments through.
  #query(config: any, values?: any, callback?: any): any {
    if (this.#ended) {
      const refused = new Error('The transaction has ended: no statement may run after its commit');
      if (callback) return void process.nextTick(callback, refused);
      return Promise.reject(refused);
    }
    const opening = this.#opening;
    const closing = this.#closing;
    this.#opening = undefined;
    this.#closing = undefined;
    const name = isParameterised(config, values) ? this.#nameFor(config.text) : undefined;
    if (closing) {
      if (name === undefined || callback) throw new Error('A transaction closes with a statement that has values');
      this.#ended = true;
      return runAround(this, opening ?? [], { ...config, name, values }, closing);
    }
    if (opening) {
      if (name !== undefined && !callback) return runAround(this, opening, { ...config, name, values }, []);
      if (callback || typeof config?.submit === 'function') throw new Error('A scope opens with a plain query');
      // A statement without values (FETCH from a cursor, say) goes as a simple query, after the
      // opening written out in it: one implicit transaction, one round trip.
      const statement: { text: string } = typeof config === 'string' ? { text: config } : config;
      const combined = { ...statement, text: `${inlined(opening)}; ${statement.text}` };
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
  sync(): void;
  on(event: 'parseComplete', listener: () => void): void;
  off(event: 'parseComplete', listener: () => void): void;
};
// pg's Query: the protocol steps of one statement, which StatementAmong puts others around.
const PgQuery = pg.Query as unknown as new (
  config: object,
) => {
  name: string;
  prepare(connection: Connection): void;
  handleError(error: Error, connection: Connection): void;
  handleReadyForQuery(connection: Connection): void;
};

/**
 * A statement sent after others (a transaction's begin, a scope's settings) in one round trip.
 * PostgreSQL runs what comes before one Sync message in order and as one implicit transaction when
 * no transaction is open, so transaction-local settings hold for the statement; the statement
 * itself stays prepared. The leading statements are unnamed: planning them is trivial.
 */
class StatementAmong extends PgQuery {
  readonly #leading: Statement[];
  readonly #trailing: Statement[];
  readonly #text: string;
  /** ParseComplete messages seen, while this statement's own parse is among those sent. */
  #parses: number | undefined;
  #countParse = () => {
    if (this.#parses !== undefined) this.#parses++;
  };

  constructor(
    leading: Statement[],
    statement: Statement & { name: string },
    trailing: Statement[],
    callback: (error: Error | null, results: unknown) => void,
  ) {
    super({ ...statement, callback });
    this.#leading = leading;
    this.#trailing = trailing;
    this.#text = statement.text;
  }

  override prepare(connection: Connection) {
    for (const statement of this.#leading) unnamed(connection, statement);
    if (
      this.name &&
      !(this.name in connection.parsedStatements) &&
      !(this.name in connection.submittedNamedStatements)
    ) {
      this.#parses = 0;
      connection.on('parseComplete', this.#countParse);
    }
    super.prepare(connection);
  }

  // pg's Query ends its steps with Execute and Sync; the trailing statements go between the two.
  _getRows(connection: Connection, rows: number | undefined) {
    if (rows) throw new Error('A statement among others reads all its rows');
    connection.execute({ portal: '', rows: 0 });
    for (const statement of this.#trailing) unnamed(connection, statement);
    connection.sync();
  }

  override handleError(error: Error, connection: Connection) {
    // pg records a statement as parsed on the first ParseComplete, which here is a leading
    // statement's: after an error, whether this one was parsed is told by the count.
    if (this.#parses !== undefined) {
      if (this.#parses > this.#leading.length) connection.parsedStatements[this.name] = this.#text;
      else delete connection.parsedStatements[this.name];
      delete connection.submittedNamedStatements[this.name];
    }
    this.#stopCounting(connection);
    super.handleError(error, connection);
  }

  override handleReadyForQuery(connection: Connection) {
    this.#stopCounting(connection);
    super.handleReadyForQuery(connection);
  }

  #stopCounting(connection: Connection) {
    if (this.#parses === undefined) return;
    connection.off('parseComplete', this.#countParse);
    this.#parses = undefined;
  }
}

/** An unnamed statement's protocol steps (planning a begin, settings or commit is trivial). */
function unnamed(connection: Connection, { text, values }: Statement) {
  connection.parse({ text, name: '', types: [] });
  connection.bind({ portal: '', statement: '', values });
  connection.describe({ type: 'P', name: '' });
  connection.execute({ portal: '', rows: 0 });
}

/**
 * Runs `leading`, `statement`, then `trailing` in one round trip; the statement's result. An error
 * of any of them skips the rest (PostgreSQL ignores what follows until the Sync).
 */
function runAround(
  client: pg.Client,
  leading: Statement[],
  statement: Statement & { name: string },
  trailing: Statement[],
) {
  return new Promise<pg.QueryResult>((resolve, reject) => {
    const submitted = new StatementAmong(leading, statement, trailing, (error, results) => {
      if (error) reject(error);
      else resolve((Array.isArray(results) ? results[leading.length] : results) as pg.QueryResult);
    });
    query.call(client, submitted);
  });
}
