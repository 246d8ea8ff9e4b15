import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '@formwork/server/src/config.ts';
import { openDatabase } from '@formwork/server/src/db/client.ts';
import { migrate } from '@formwork/server/src/db/migrate.ts';
import { buildApp } from '@formwork/server/src/http/app.ts';

/**
 * The full app on a migrated in-memory PGlite (or DATABASE_URL), listening on a loopback port.
 * `databaseUrl: null` forces PGlite even when DATABASE_URL is set (to compare both in one run).
 */
export async function startBenchServer(options: { databaseUrl?: string | null } = {}) {
  const databaseUrl = options.databaseUrl === undefined ? process.env.DATABASE_URL : options.databaseUrl;
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    PORT: '0',
    HOST: '127.0.0.1',
    WEB_DIST: path.join(os.tmpdir(), 'formwork-bench-no-web'),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const database = await openDatabase(
    config.databaseUrl
      ? { driver: 'pg', url: config.databaseUrl, poolSize: config.databasePoolSize }
      : { driver: 'pglite' },
  );
  await migrate(database);
  const app = await buildApp({ config, database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    app,
    database,
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
