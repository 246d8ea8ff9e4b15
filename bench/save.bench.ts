// Issue 6: form saves per second with 50 concurrent clients over HTTP, each saving its own form
// (30 fields, validated and versioned) over its base version, then creates per second. Goal on
// PostgreSQL: at least 1,000 saves per second. PGlite, then PostgreSQL (DATABASE_URL, or a
// throwaway cluster this bench starts; BENCH_DRIVER picks one). BENCH_FORMS forms (1,000 by
// default) are in the register the clients save into, as many as a big register has. The
// server is the production server in a process of its own (as `npm start` runs it), so one
// driver's run does not weigh on the other's.
// Beside the rate, the CPU time one request took in the server process and (on PostgreSQL) in the
// database's processes: on a machine shared with other work the rate follows the load, while the
// CPU time per request changes far less, so a change is judged by both.
import { randomUUID } from 'node:crypto';
import { report } from './lib/figures.ts';
import { seedForms } from './lib/forms-seed.ts';
import { runInWorker } from './lib/in-worker.ts';
import { onEachDriver, type SeedCache } from './lib/postgres.ts';
import { formValues, type SavePhaseInput, type SavePhaseResult } from './lib/save-client.ts';
import { prepareServerProcess, processCpuMs } from './lib/server-process.ts';

const clients = Number(process.env.BENCH_CLIENTS ?? 50);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const count = Number(process.env.BENCH_FORMS ?? 1000);

async function run(driver: 'pglite' | 'pg', databaseUrl: string | null, cache?: SeedCache) {
  const server = await prepareServerProcess(databaseUrl);
  try {
    const seed = await seedForms(server, driver === 'pglite' ? Math.min(count, 100_000) : count, [], cache);
    await server.start();
    const headers = { authorization: `Bearer ${seed.token}`, 'content-type': 'application/json' };
    const forms = `${server.url}/api/teams/${seed.teamId}/forms`;
    const mine = await Promise.all(
      Array.from({ length: clients }, async (_, c) => {
        const res = await fetch(forms, {
          method: 'POST',
          headers,
          body: JSON.stringify({ formId: randomUUID(), templateId: seed.templateId, values: formValues(c) }),
        });
        return { formId: ((await res.json()) as { formId: string }).formId, version: 1 };
      }),
    );
    // The database's processes (on PostgreSQL): every backend, the pool's and the background ones.
    const databaseCpuMs = async () => {
      if (driver !== 'pg') return 0;
      const { rows } = await server.database.db.execute<{ pid: number }>('select pid from pg_stat_activity');
      return rows.reduce((sum, row) => sum + processCpuMs(Number(row.pid)), 0);
    };
    // The clients run in a worker thread, apart from this process's other work.
    const phase = async (name: SavePhaseInput['phase']) => {
      const before = { server: server.cpuMs(), database: await databaseCpuMs() };
      const result = await runInWorker<SavePhaseInput, SavePhaseResult>(
        new URL('./lib/save-client.ts', import.meta.url),
        'runSavePhase',
        {
          phase: name,
          formsUrl: forms,
          token: seed.token,
          templateId: seed.templateId,
          forms: mine,
          clients,
          seconds,
        },
      );
      const perRequest = (ms: number) => Number((ms / Math.max(1, result.count + result.errors)).toFixed(3));
      return {
        name,
        ...result,
        serverCpu: perRequest(server.cpuMs() - before.server),
        databaseCpu: perRequest((await databaseCpuMs()) - before.database),
      };
    };
    const saves = await phase('save');
    const creates = await phase('create');
    for (const r of [saves, creates]) {
      report(`forms.${r.name}.${driver}.perSecond`, r.perSecond, 'req/s', {
        driver,
        clients,
        seconds,
        p50: Number(r.p50.toFixed(2)),
        p99: Number(r.p99.toFixed(2)),
        errors: r.errors,
        ...(r.name === 'save' && driver === 'pg' ? { goal: '>= 1000' } : {}),
      });
      report(`forms.${r.name}.${driver}.serverCpuPerRequest`, r.serverCpu, 'ms', { driver });
      if (driver === 'pg') report(`forms.${r.name}.${driver}.databaseCpuPerRequest`, r.databaseCpu, 'ms', { driver });
    }
    // A server named by DATABASE_URL is left as it was; a throwaway cluster goes as a whole.
    if (driver === 'pg' && process.env.DATABASE_URL) await seed.cleanup();
  } finally {
    await server.stop();
  }
}

await onEachDriver(run, { forms: count, keyed: [] });
