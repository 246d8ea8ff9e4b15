import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { AppDb } from './client.ts';
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
  const client = (db as unknown as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) return inPostgresScope(client, scope, work);
  return db.transaction(async (tx) => {
    // set_config('role') is SET LOCAL ROLE.
    await tx.execute(sql`select
      set_config('app.user_id', ${scope.userId ?? ''}, true),
      set_config('app.workspace_id', ${scope.workspaceId ?? ''}, true),
      set_config('app.is_admin', ${scope.isAdmin ? 'on' : 'off'}, true),
      set_config('role', ${appRole}, true)`);
    return work(tx);
  });
}

const connectionTx = new WeakMap<pg.PoolClient, Tx>();

/**
 * On a PostgreSQL server, the transaction opens with its settings in one round trip (a simple
 * query of two statements, values quoted by the driver): on a form save this was worth a fifth of
 * the throughput (docs/decisions/0008-database-work-per-request.md).
 */
async function inPostgresScope<T>(pool: pg.Pool, scope: Scope, work: (tx: Tx) => Promise<T>): Promise<T> {
  const connection = await pool.connect();
  let tx = connectionTx.get(connection);
  if (!tx) {
    tx = drizzle({ client: connection, schema }) as unknown as Tx;
    connectionTx.set(connection, tx);
  }
  const quote = (value: string) => connection.escapeLiteral(value);
  try {
    await connection.query(`begin; select
      set_config('app.user_id', ${quote(scope.userId ?? '')}, true),
      set_config('app.workspace_id', ${quote(scope.workspaceId ?? '')}, true),
      set_config('app.is_admin', ${scope.isAdmin ? "'on'" : "'off'"}, true),
      set_config('role', ${quote(appRole)}, true)`);
  } catch (error) {
    connection.release(error as Error);
    throw error;
  }
  let result: T;
  try {
    result = await work(tx);
  } catch (error) {
    await connection.query('rollback').then(
      () => connection.release(),
      (rollbackError: Error) => connection.release(rollbackError),
    );
    throw error;
  }
  try {
    await connection.query('commit');
  } catch (error) {
    // A failed commit leaves the connection in doubt: the pool closes it instead of reusing it.
    connection.release(error as Error);
    throw error;
  }
  connection.release();
  return result;
}

/** For work that belongs to no workspace and no person (sign-in lookups, the job runner's claim). */
export const systemScope: Scope = { userId: null, workspaceId: null, isAdmin: false };
