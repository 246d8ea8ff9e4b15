import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from './client.ts';

const migrationsDir = path.join(import.meta.dirname, 'migrations');
const fileNamePattern = /^\d{4}_[a-z0-9_]+\.sql$/;

export function migrationFiles(): string[] {
  const files = readdirSync(migrationsDir)
    .filter((f) => f.endsWith('.sql'))
    .sort();
  for (const f of files) {
    if (!fileNamePattern.test(f)) throw new Error(`Migration file name ${f} must look like 0001_name.sql`);
  }
  return files;
}

async function appliedMigrations(database: Database): Promise<Set<string>> {
  const result = await database.db.execute<{ name: string }>(sql`select name from formwork_meta.migrations`);
  return new Set(result.rows.map((r) => r.name));
}

/**
 * Forward-only: applies each migration file not yet recorded, in name order, each in one
 * transaction with its record. Several processes may start at once against one server: the
 * advisory lock makes them take turns, and the record's primary key stops a second application.
 */
export async function migrate(database: Database): Promise<string[]> {
  await database.execScript(`
    create schema if not exists formwork_meta;
    create table if not exists formwork_meta.migrations (
      name text primary key,
      applied_at timestamptz not null default now()
    );
  `);
  const applied: string[] = [];
  for (const file of migrationFiles()) {
    if ((await appliedMigrations(database)).has(file)) continue;
    const script = readFileSync(path.join(migrationsDir, file), 'utf8');
    try {
      await database.execScript(
        `begin;
         select pg_advisory_xact_lock(7041207);
         insert into formwork_meta.migrations (name) values ('${file}');
         ${script}
         ;
         commit;`,
      );
      applied.push(file);
    } catch (error) {
      if ((await appliedMigrations(database)).has(file)) continue; // another process applied it
      throw new Error(`Migration ${file} failed: ${(error as Error).message}`, { cause: error });
    }
  }
  return applied;
}
