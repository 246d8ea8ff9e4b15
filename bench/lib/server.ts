import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '@formwork/server/src/app.ts';
import { loadConfig } from '@formwork/server/src/config.ts';
import { openDatabase } from '@formwork/server/src/db/client.ts';
import { migrate } from '@formwork/server/src/db/migrate.ts';

/**
 * The full app on a migrated in-memory PGlite (or DATABASE_URL), listening on a loopback port.
 * `databaseUrl: null` forces PGlite even when DATABASE_URL is set (to compare both in one run).
 */
export async function startBenchServer(options: { databaseUrl?: string | null; webDist?: string } = {}) {
  const databaseUrl = options.databaseUrl === undefined ? process.env.DATABASE_URL : options.databaseUrl;
  // A known port, so the identity provider's addresses (PUBLIC_URL) are right for a browser.
  const port = await freePort();
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    HOST: '127.0.0.1',
    WEB_DIST: options.webDist ?? path.join(os.tmpdir(), 'formwork-bench-no-web'),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const database = await openDatabase(
    config.databaseUrl
      ? { driver: 'pg', url: config.databaseUrl, poolSize: config.databasePoolSize }
      : { driver: 'pglite' },
  );
  await migrate(database);
  const app = await buildApp({ config, database });
  await app.listen({ port, host: '127.0.0.1' });
  return {
    app,
    database,
    config,
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
