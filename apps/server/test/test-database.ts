import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../src/db/client.ts';

export type TestDatabaseSource =
  | { driver: 'pglite'; dumpPath: string }
  | { driver: 'pg'; adminUrl: string; template: string };

export type TestDatabase = Database & { url?: string; dispose(): Promise<void> };

/**
 * A fresh, migrated database for one test file: PGlite loaded from the migrated dump, or a
 * PostgreSQL database copied from the migrated template (TEST_DATABASE_URL).
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const source = inject('testDatabase');
  if (source.driver === 'pglite') {
    const dump = new Blob([readFileSync(source.dumpPath)]);
    const database = await openDatabase({ driver: 'pglite', loadDataDir: dump });
    return { ...database, dispose: () => database.close() };
  }
  const name = `formwork_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: source.adminUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${source.template}`);
  await admin.end();
  const url = new URL(source.adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ driver: 'pg', url: url.toString() });
  return {
    ...database,
    url: url.toString(),
    dispose: async () => {
      await database.close();
      const cleanup = new pg.Client({ connectionString: source.adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
