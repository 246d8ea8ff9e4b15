import { startPostgres } from '../../scripts/lib.mjs';

/**
 * The PostgreSQL a bench measures: DATABASE_URL when set, otherwise a throwaway cluster on
 * loopback started here (as `npm run test:pg` does; fsync on, 1 GB of shared buffers, removed when
 * the bench ends). So `npm run bench -- register|save|export` needs no manual step.
 */
export async function benchPostgres(): Promise<{ url: string; stop: () => void }> {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, stop: () => {} };
  const postgres = await startPostgres(['-c shared_buffers=1GB', '-c max_wal_size=4GB']);
  process.on('exit', () => postgres.stop());
  return postgres;
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

/** Runs `run` on PGlite, then on PostgreSQL (started here when DATABASE_URL is not set). */
export async function onEachDriver(run: (driver: 'pglite' | 'pg', databaseUrl: string | null) => Promise<void>) {
  const drivers = benchDrivers();
  if (drivers.includes('pglite')) await run('pglite', null);
  if (!drivers.includes('pg')) return;
  const postgres = await benchPostgres();
  try {
    await run('pg', postgres.url);
  } finally {
    postgres.stop();
  }
}
