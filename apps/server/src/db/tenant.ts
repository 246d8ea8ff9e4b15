import { type SQL, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { AppDb } from './client.ts';
import type { PreparingClient, Statement } from './prepared-client.ts';
import * as schema from './schema.ts';

export type Tx = Parameters<Parameters<AppDb['transaction']>[0]>[0];

/** The verified scope of a request: who is asking and, once checked, in which workspace. */
export type Scope = {
  userId: string | null;
  workspaceId: string | null;
  isAdmin: boolean;
};

export const appRole = 'formwork_app';

/**
 * Every application query runs here: one transaction, as the non-owner application role, with the
 * scope in transaction-local settings that the row-level security policies read.
 */
export async function inScope<T>(db: AppDb, scope: Scope, work: (tx: Tx) => Promise<T>): Promise<T> {
  const pool = postgresPool(db);
  if (pool) return inPostgresScope(db, pool, scope, work);
  return db.transaction(async (tx) => {
    await tx.execute(settingsOf(scope));
    return work(tx);
  });
}

/**
 * One read-only statement in a scope of its own, for the reads every request makes before its
 * work (the user, the route's workspace context). On a PostgreSQL server the settings and the
 * statement go in one round trip as one implicit transaction, both prepared.
 */
export async function readInScope<Row>(db: AppDb, scope: Scope, statement: SQL): Promise<Row[]> {
  const pool = postgresPool(db);
  if (!pool) return inScope(db, scope, async (tx) => (await tx.execute(statement)).rows as Row[]);
  const { text, values } = wire(db, statement);
  const connection = (await pool.connect()) as pg.PoolClient & PreparingClient;
  try {
    connection.openWith([wire(db, settingsOf(scope))]);
    return (await connection.query({ text }, values)).rows as Row[];
  } finally {
    // A failed statement ends its implicit transaction: the connection stays usable.
    connection.release();
  }
}

function wire(db: AppDb, query: SQL): Statement {
  const { sql: text, params } = (db as unknown as { dialect: PgDialect }).dialect.sqlToQuery(query);
  return { text, values: params };
}

/** The settings the row-level security policies read; set_config('role') is SET LOCAL ROLE. */
function settingsOf(scope: Scope): SQL {
  return sql`select
      set_config('app.user_id', ${scope.userId ?? ''}, true),
      set_config('app.workspace_id', ${scope.workspaceId ?? ''}, true),
      set_config('app.is_admin', ${scope.isAdmin ? 'on' : 'off'}, true),
      set_config('role', ${appRole}, true)`;
}

function postgresPool(db: AppDb): pg.Pool | undefined {
  const client = (db as unknown as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? client : undefined;
}

const connectionTx = new WeakMap<pg.PoolClient, Tx>();

/**
 * On a PostgreSQL server, the transaction's opening (begin and the scope's settings) goes in the
 * round trip of its first statement, and a transaction that ran no statement is never opened:
 * round trips were most of the server's work per request
 * (docs/decisions/0008-database-work-per-request.md).
 */
async function inPostgresScope<T>(db: AppDb, pool: pg.Pool, scope: Scope, work: (tx: Tx) => Promise<T>): Promise<T> {
  const connection = (await pool.connect()) as pg.PoolClient & PreparingClient;
  let tx = connectionTx.get(connection);
  if (!tx) {
    tx = drizzle({ client: connection, schema }) as unknown as Tx;
    connectionTx.set(connection, tx);
  }
  connection.openWith([{ text: 'begin', values: [] }, wire(db, settingsOf(scope))]);
  let result: T;
  try {
    result = await work(tx);
  } catch (error) {
    // The work's error is the one to answer; a failed rollback only retires the connection.
    await finish(connection, 'rollback').catch(() => {});
    throw error;
  }
  await finish(connection, 'commit');
  return result;
}

/**
 * Ends the transaction (never opened if no statement ran; already committed when a statement
 * carried the commit) and hands the connection back.
 */
async function finish(connection: pg.PoolClient & PreparingClient, command: 'commit' | 'rollback') {
  const ended = connection.ended;
  const opened = !connection.withdrawOpening();
  connection.reset();
  if (!opened || (ended && command === 'commit')) {
    connection.release();
    return;
  }
  try {
    // After a statement that carried the commit, a rollback ends the transaction that statement's
    // failure left aborted (or, when the work failed later, finds none: a warning, no error).
    await connection.query(command);
  } catch (error) {
    // A failed commit or rollback leaves the connection in doubt: the pool closes it.
    connection.release(error as Error);
    throw error;
  }
  connection.release();
}

/**
 * The next statement of this transaction is its last: on a PostgreSQL server its commit goes in
 * the same round trip (one round trip fewer per request, docs/decisions/0016). A statement after
 * it is refused, since it would run outside the transaction and its scope. If the statement fails,
 * nothing was committed and the transaction rolls back as usual; if the work fails after it, the
 * statement's change stays committed, so call this only when nothing that may fail follows.
 * On PGlite the transaction commits when the work returns, as always.
 */
export function commitWithNext(tx: Tx): void {
  const client = (tx as unknown as { $client?: unknown }).$client;
  if (client instanceof pg.Client && 'closeWith' in client) {
    (client as pg.Client & PreparingClient).closeWith([{ text: 'commit', values: [] }]);
  }
}

/** For work that belongs to no workspace and no person (sign-in lookups, the job runner's claim). */
export const systemScope: Scope = { userId: null, workspaceId: null, isAdmin: false };
