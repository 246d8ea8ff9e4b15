// Issue 6: CSV (and XLSX) export of 100,000 forms of a 30-field template, run as the background job
// does, streamed through a cursor into file storage. Goal on PostgreSQL: CSV under 6 s, peak memory
// under 256 MB. Peak RSS is of this whole process (with PGlite it includes the embedded database).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { localDiskStorage } from '@formwork/server/src/files/storage.ts';
import { runPendingJobs } from '@formwork/server/src/jobs/runner.ts';
import { exportJobHandler, exportJobKind } from '@formwork/server/src/modules/forms/exports.service.ts';
import { report } from './lib/figures.ts';
import { seedForms } from './lib/forms-seed.ts';
import { startBenchServer } from './lib/server.ts';

const count = Number(process.env.BENCH_FORMS ?? 100_000);

async function run(driver: 'pglite' | 'pg', databaseUrl: string | null) {
  const server = await startBenchServer({ databaseUrl });
  const dir = mkdtempSync(path.join(os.tmpdir(), 'formwork-export-bench-'));
  try {
    const seed = await seedForms(server, count);
    const handlers = { [exportJobKind]: exportJobHandler(server.database.db, localDiskStorage(dir)) };
    for (const format of ['csv', 'xlsx'] as const) {
      const res = await fetch(`${server.url}/api/teams/${seed.teamId}/templates/${seed.templateId}/exports`, {
        method: 'POST',
        headers: { authorization: `Bearer ${seed.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ format }),
      });
      if (res.status !== 202) throw new Error(`export: ${res.status} ${await res.text()}`);
      const job = (await res.json()) as { exportId: string };
      global.gc?.();
      const rssBefore = process.memoryUsage().rss;
      let peak = rssBefore;
      const sampler = setInterval(() => {
        peak = Math.max(peak, process.memoryUsage().rss);
      }, 20);
      const start = performance.now();
      await runPendingJobs(server.database.db, handlers);
      const ms = performance.now() - start;
      clearInterval(sampler);
      const status = (await (
        await fetch(`${server.url}/api/teams/${seed.teamId}/exports/${job.exportId}`, {
          headers: { authorization: `Bearer ${seed.token}` },
        })
      ).json()) as { state: string; rowCount: number };
      if (status.state !== 'ready' || status.rowCount !== count) throw new Error(`export ${JSON.stringify(status)}`);
      const mb = (n: number) => Math.round(n / 1024 / 1024);
      report(`export.${format}.${driver}`, ms, 'ms', {
        driver,
        forms: count,
        rssBeforeMb: mb(rssBefore),
        peakRssMb: mb(peak),
        growthMb: mb(peak - rssBefore),
        ...(format === 'csv' && driver === 'pg' ? { goal: '< 6000 ms, peak < 256 MB' } : {}),
      });
    }
    if (driver === 'pg') await seed.cleanup();
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await server.close();
  }
}

if (process.env.DATABASE_URL) await run('pg', process.env.DATABASE_URL);
else await run('pglite', null);
