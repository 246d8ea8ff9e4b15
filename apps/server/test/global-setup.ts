import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { dumpPglite, openDatabase } from '../src/db/client.ts';
import { migrate, migrationFiles } from '../src/db/migrate.ts';
import type { TestDatabaseSource } from './test-database.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const migrationsDir = path.resolve(import.meta.dirname, '../src/db/migrations');

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabase: TestDatabaseSource;
  }
}

/** A hash of the migrations: the cached migrated database is reused until they change. */
function migrationsHash(): string {
  const hash = createHash('sha256');
  for (const file of migrationFiles()) hash.update(file).update(readFileSync(path.join(migrationsDir, file)));
  return hash.digest('hex').slice(0, 16);
}

async function preparePglite(): Promise<TestDatabaseSource> {
  const dumpPath = path.join(repoRoot, '.tmp', 'test-db', `migrated-${migrationsHash()}.tar`);
  if (!existsSync(dumpPath)) {
    mkdirSync(path.dirname(dumpPath), { recursive: true });
    const database = await openDatabase({ driver: 'pglite' });
    await migrate(database);
    const blob = await dumpPglite(database);
    writeFileSync(dumpPath, Buffer.from(await blob.arrayBuffer()));
    await database.close();
  }
  return { driver: 'pglite', dumpPath };
}

async function preparePostgres(adminUrl: string): Promise<TestDatabaseSource> {
  const template = 'formwork_test_template';
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${template} with (force)`);
  await admin.query(`create database ${template}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${template}`;
  const database = await openDatabase({ driver: 'pg', url: url.toString(), poolSize: 1 });
  await migrate(database);
  await database.close();
  return { driver: 'pg', adminUrl, template };
}

export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  project.provide('testDatabase', adminUrl ? await preparePostgres(adminUrl) : await preparePglite());
}
