import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import type { App } from '../src/http/types.ts';
import type { Tracing } from '../src/observability/tracing.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';

export type TestContext = { app: App; database: TestDatabase; config: Config; close(): Promise<void> };

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'formwork-test-')),
    WEB_DIST: path.join(os.tmpdir(), 'formwork-no-web-dist'),
    PUBLIC_URL: 'http://formwork.test',
    ...env,
  });
}

/** The real app over a fresh database, for HTTP tests through inject(). */
export async function createTestApp(
  options: {
    env?: Record<string, string>;
    beforeReady?: (app: App) => void;
    logStream?: Writable;
    tracing?: Tracing;
  } = {},
): Promise<TestContext> {
  const database = await createTestDatabase();
  const config = testConfig(options.env);
  const app = await buildApp({ config, database, logStream: options.logStream, tracing: options.tracing });
  options.beforeReady?.(app);
  await app.ready();
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await database.dispose();
    },
  };
}
