import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot, startPostgres } from '../../scripts/lib.mjs';
import type { SeedIds } from './forms-seed.ts';

/** What the forms seed is asked for; with the migrations and the seed's code, a cached cluster's key. */
export type SeedRequest = { forms: number; keyed: string[] };

/**
 * A seeded cluster kept between runs (BENCH_CACHE_DIR): `ids` when this cluster was started from
 * one, else `store` keeps this cluster once seeded.
 */
export type SeedCache = { ids?: SeedIds; store(ids: SeedIds): void };

const settings = ['-c shared_buffers=1GB', '-c max_wal_size=4GB'];

/**
 * The PostgreSQL a bench measures: DATABASE_URL when set, otherwise a throwaway cluster on
 * loopback started here (as `npm run test:pg` does; fsync on, 1 GB of shared buffers, removed when
 * the bench ends). So `npm run bench -- register|save|export` needs no manual step.
 *
 * With BENCH_CACHE_DIR and a `seed`, the cluster seeded for it is kept there (a base backup, keyed
 * by the migrations, the seed's code and the request) and the next run with the same key starts
 * from a copy of it instead of seeding again (ADR 0016).
 */
export async function benchPostgres(seed?: SeedRequest): Promise<{ url: string; stop: () => void; cache?: SeedCache }> {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, stop: () => {} };
  const cacheRoot = process.env.BENCH_CACHE_DIR;
  const entry = seed && cacheRoot ? path.join(path.resolve(cacheRoot), cacheName(seed)) : undefined;
  const idsFile = entry && path.join(entry, 'seed.json');
  const hit = idsFile && existsSync(idsFile) ? (JSON.parse(readFileSync(idsFile, 'utf8')) as SeedIds) : undefined;
  const postgres = await startPostgres(settings, hit && entry ? { from: path.join(entry, 'data') } : {});
  process.on('exit', () => postgres.stop());
  if (!entry || !idsFile || !cacheRoot || !seed) return postgres;
  if (hit) {
    process.stderr.write(`bench: PostgreSQL started from the seeded copy ${entry}\n`);
    return { ...postgres, cache: { ids: hit, store: () => {} } };
  }
  const store = (ids: SeedIds) => {
    // One kept cluster per seed request: older keys of the same request (other migrations) go.
    const prefix = cacheName(seed).replace(/-[0-9a-f]+$/, '-');
    mkdirSync(cacheRoot, { recursive: true });
    for (const name of readdirSync(cacheRoot)) {
      if (name.startsWith(prefix)) rmSync(path.join(cacheRoot, name), { recursive: true, force: true });
    }
    mkdirSync(entry, { recursive: true });
    // The backup runs as the cluster's user (postgres when this runs as root).
    chmodSync(entry, 0o777);
    const started = performance.now();
    postgres.backup(path.join(entry, 'data'));
    writeFileSync(idsFile, JSON.stringify(ids));
    process.stderr.write(`bench: seeded cluster kept in ${entry} (${Math.round(performance.now() - started)} ms)\n`);
  };
  return { ...postgres, cache: { store } };
}

/** forms-<count>-<keyed fields>-<hash of the migrations, the seed's code and PostgreSQL's version>. */
function cacheName(seed: SeedRequest): string {
  const hash = createHash('sha256');
  const migrations = path.join(repoRoot, 'apps/server/src/db/migrations');
  for (const name of readdirSync(migrations).sort()) {
    hash.update(name);
    hash.update(readFileSync(path.join(migrations, name)));
  }
  hash.update(readFileSync(path.join(import.meta.dirname, 'forms-seed.ts')));
  const versions = '/usr/lib/postgresql';
  hash.update(existsSync(versions) ? readdirSync(versions).sort().join(',') : '');
  return `forms-${seed.forms}-${seed.keyed.join('.') || 'none'}-${hash.digest('hex').slice(0, 16)}`;
}

/** How many forms the bench seeds: BENCH_FORMS (100,000 by default); PGlite at most `pgliteMax`. */
export function benchForms(driver: 'pglite' | 'pg', pgliteMax = 100_000): number {
  const count = Number(process.env.BENCH_FORMS ?? 100_000);
  return driver === 'pglite' ? Math.min(count, pgliteMax) : count;
}

/** The drivers a bench runs: BENCH_DRIVER (pglite, pg or both, comma-separated), both by default. */
export function benchDrivers(): ('pglite' | 'pg')[] {
  const wanted = (process.env.BENCH_DRIVER ?? 'pglite,pg').split(',');
  return (['pglite', 'pg'] as const).filter((d) => wanted.includes(d));
}

/**
 * Runs `run` on PGlite, then on PostgreSQL (started here when DATABASE_URL is not set; from a kept
 * seeded cluster when BENCH_CACHE_DIR has one for `seed`).
 */
export async function onEachDriver(
  run: (driver: 'pglite' | 'pg', databaseUrl: string | null, cache?: SeedCache) => Promise<void>,
  seed?: SeedRequest,
) {
  const drivers = benchDrivers();
  if (drivers.includes('pglite')) await run('pglite', null);
  if (!drivers.includes('pg')) return;
  const postgres = await benchPostgres(seed);
  try {
    await run('pg', postgres.url, postgres.cache);
  } finally {
    postgres.stop();
  }
}
