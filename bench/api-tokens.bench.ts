// What a personal API token's authentication costs one call (issue 24.2), its rate limit included:
// the API built in this process (buildApp, app.inject: no network, no other load), on PGlite in a
// temporary directory or on PostgreSQL with DATABASE_URL. Sequential GET /api/me with an API token,
// and the same with a sign-in's JWT; median and p95 of each, and the token's extra cost per call
// (token median minus JWT median). The JWT path is the yardstick: the token's differs only in its
// lookup (and, since the limit is counted in PostgreSQL, the count).
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '@formwork/server/src/app.ts';
import { loadConfig } from '@formwork/server/src/config.ts';
import { openDatabase } from '@formwork/server/src/db/client.ts';
import { migrate } from '@formwork/server/src/db/migrate.ts';
import { loadSigningKeys } from '@formwork/server/src/idp/keys.ts';
import { createApiToken } from '@formwork/server/src/modules/integrations/api-tokens.service.ts';
import { accessTokenFor } from '@formwork/server/test/auth.ts';
import { createUser } from '@formwork/server/test/factories.ts';
import { percentile, report } from './lib/figures.ts';

const calls = Number(process.env.BENCH_CALLS ?? 2000);
const warmup = 200;
const databaseUrl = process.env.DATABASE_URL;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'formwork-bench-tokens-'));
const database = await openDatabase(
  databaseUrl ? { driver: 'pg', url: databaseUrl } : { driver: 'pglite', dataDir: path.join(dataDir, 'pglite') },
);
await migrate(database);
await loadSigningKeys(database.db);
const config = loadConfig({
  NODE_ENV: 'production',
  LOG_LEVEL: 'silent',
  DATA_DIR: dataDir,
  WEB_DIST: path.join(dataDir, 'no-web'),
  PUBLIC_URL: 'http://formwork.bench',
  // High enough that no call is refused: the cost of counting is measured, not of refusing.
  API_TOKEN_RATE_LIMIT: String(10 * (calls + warmup)),
});
const app = await buildApp({ config, database });
await app.ready();

const user = await createUser(database.db);
const signedIn = { ...user, isSso: false, isVisitorOnly: false, isAdmin: false };
const token = (await createApiToken(database.db, signedIn, { name: 'bench', access: 'read', expiresInDays: 30 }))
  .secret;
const jwt = await accessTokenFor(database.db, config, user.userId);

async function timed(credential: string): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < warmup + calls; i++) {
    const start = performance.now();
    const res = await app.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${credential}` } });
    const ms = performance.now() - start;
    if (res.statusCode !== 200) throw new Error(`GET /api/me: ${res.statusCode} ${res.body.slice(0, 200)}`);
    if (i >= warmup) samples.push(ms);
  }
  return samples;
}

try {
  const driver = databaseUrl ? 'postgres' : 'pglite';
  // Interleaved halves, so drift of the machine hits both alike.
  const tokenSamples = [...(await timed(token)), ...(await timed(token))];
  const jwtSamples = [...(await timed(jwt)), ...(await timed(jwt))];
  const tokenMedian = percentile(tokenSamples, 50);
  const jwtMedian = percentile(jwtSamples, 50);
  report('api token call median', tokenMedian, 'ms', {
    driver,
    calls: tokenSamples.length,
    p95: percentile(tokenSamples, 95),
  });
  report('sign-in call median', jwtMedian, 'ms', { driver, calls: jwtSamples.length, p95: percentile(jwtSamples, 95) });
  report('api token extra cost per call', tokenMedian - jwtMedian, 'ms', { driver });
} finally {
  await app.close();
  await database.close();
}
