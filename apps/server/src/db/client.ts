import { mkdirSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg, type NodePgQueryResultHKT } from 'drizzle-orm/node-postgres';
import type { PgDatabase } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { tracedStatement } from '../observability/tracing.ts';
import { PreparingClient } from './prepared-client.ts';
import * as schema from './schema.ts';

// Both drivers answer execute() with { rows }: typed as node-postgres's result.
export type AppDb = PgDatabase<NodePgQueryResultHKT, typeof schema>;

/** One database handle, whichever driver is behind it. */
export type Database = {
  db: AppDb;
  driver: 'pglite' | 'pg';
  /**
   * Runs a script of several statements as the connecting (owner) role, on one connection, rolling
   * back an open transaction on failure: migrations and test setup only.
   */
  execScript(sql: string): Promise<void>;
  close(): Promise<void>;
  /** The PostgreSQL pool's connections (PGlite has one connection and no pool). */
  poolStats?: () => { total: number; idle: number; waiting: number };
};

export type DatabaseOptions =
  | { driver: 'pg'; url: string; poolSize?: number }
  | { driver: 'pglite'; dataDir?: string; loadDataDir?: Blob };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.driver === 'pg') {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10, Client: PreparingClient });
    // A broken idle connection must not crash the process; the pool replaces it.
    pool.on('error', () => {});
    return {
      db: drizzlePg({ client: pool, schema }) as unknown as AppDb,
      driver: 'pg',
      execScript: async (script) => {
        const connection = await pool.connect();
        try {
          await connection.query(script);
        } catch (error) {
          await connection.query('rollback').catch(() => {});
          throw error;
        } finally {
          connection.release();
        }
      },
      close: () => pool.end(),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    };
  }
  // Loaded only when used: a server on PostgreSQL does not carry the embedded database in memory.
  const [{ PGlite }, { drizzle: drizzlePglite }, { pg_trgm }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
  ]);
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
    // Migration 0033_list_item_search creates the extension (0040 drops it again: see there).
    extensions: { pg_trgm },
  });
  traceStatements(client);
  return {
    db: drizzlePglite({ client, schema }) as unknown as AppDb,
    driver: 'pglite',
    execScript: async (script) => {
      await client.exec(script);
    },
    close: () => client.close(),
  };
}

type Queryable = Pick<PGlite, 'query' | 'exec'>;

/**
 * Every statement on the embedded database goes through its `query` or `exec`, on the database or
 * on one of its transactions: each is a span of the traced request (observability/tracing.ts), as
 * on PostgreSQL (prepared-client.ts).
 */
function traceStatements(client: PGlite) {
  const traceOn = (target: Queryable) => {
    const query = target.query.bind(target);
    const exec = target.exec.bind(target);
    target.query = ((text: string, ...rest: unknown[]) =>
      tracedStatement(text, () =>
        (query as (...args: unknown[]) => Promise<unknown>)(text, ...rest),
      )) as PGlite['query'];
    target.exec = ((text: string, ...rest: unknown[]) =>
      tracedStatement(text, () => (exec as (...args: unknown[]) => Promise<unknown>)(text, ...rest))) as PGlite['exec'];
  };
  traceOn(client);
  const transaction = client.transaction.bind(client);
  client.transaction = ((work: (tx: Queryable) => Promise<unknown>) =>
    transaction((tx) => {
      traceOn(tx);
      return work(tx);
    })) as PGlite['transaction'];
}

/** In-memory PGlite only: the migrated database as a tarball, for tests to load quickly. */
export async function dumpPglite(database: Database): Promise<Blob> {
  const client = (database.db as unknown as { $client: PGlite }).$client;
  return client.dumpDataDir('none');
}
