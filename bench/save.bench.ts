// Issue 6: form saves per second with 50 concurrent clients over HTTP, each saving its own form
// (30 fields, validated and versioned) over its base version, then creates per second. Goal on
// PostgreSQL: at least 1,000 saves per second. PGlite always; PostgreSQL with DATABASE_URL.
import { randomUUID } from 'node:crypto';
import { percentile, report } from './lib/figures.ts';
import { seedForms } from './lib/forms-seed.ts';
import { startBenchServer } from './lib/server.ts';

const clients = Number(process.env.BENCH_CLIENTS ?? 50);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);

function values(i: number) {
  const v: Record<string, unknown> = {};
  for (let k = 1; k <= 10; k++) v[`text${k}`] = `Saved text ${i} ${k}`;
  for (let k = 1; k <= 5; k++) v[`num${k}`] = (i * k) % 1000;
  for (let k = 1; k <= 5; k++) v[`date${k}`] = `2024-0${1 + (k % 9)}-1${k % 9}`;
  for (let k = 1; k <= 5; k++) v[`dd${k}`] = `opt${1 + ((i + k) % 5)}`;
  for (let k = 1; k <= 5; k++) v[`yn${k}`] = { answer: (i + k) % 2 ? 'yes' : 'no' };
  return v;
}

async function phase(name: string, step: (client: number, i: number) => Promise<Response>) {
  const latencies: number[] = [];
  let errors = 0;
  const until = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      for (let i = 0; performance.now() < until; i++) {
        const start = performance.now();
        const res = await step(client, i);
        await res.arrayBuffer();
        if (res.status >= 300) errors++;
        else latencies.push(performance.now() - start);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  return {
    name,
    perSecond: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    errors,
  };
}

async function run(driver: 'pglite' | 'pg', databaseUrl: string | null) {
  const server = await startBenchServer({ databaseUrl });
  try {
    const seed = await seedForms(server, 1000);
    const headers = { authorization: `Bearer ${seed.token}`, 'content-type': 'application/json' };
    const forms = `${server.url}/api/teams/${seed.teamId}/forms`;
    const mine = await Promise.all(
      Array.from({ length: clients }, async (_, c) => {
        const res = await fetch(forms, {
          method: 'POST',
          headers,
          body: JSON.stringify({ formId: randomUUID(), templateId: seed.templateId, values: values(c) }),
        });
        return { formId: ((await res.json()) as { formId: string }).formId, version: 1 };
      }),
    );
    const saves = await phase('save', async (client, i) => {
      const form = mine[client] as { formId: string; version: number };
      const res = await fetch(`${forms}/${form.formId}`, {
        method: 'PUT',
        headers,
        body: JSON.stringify({ baseVersion: form.version, values: values(i) }),
      });
      if (res.status === 200) form.version++;
      return res;
    });
    const creates = await phase('create', (_client, i) =>
      fetch(forms, {
        method: 'POST',
        headers,
        body: JSON.stringify({ formId: randomUUID(), templateId: seed.templateId, values: values(i) }),
      }),
    );
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
    }
    if (driver === 'pg') await seed.cleanup();
  } finally {
    await server.close();
  }
}

await run('pglite', null);
if (process.env.DATABASE_URL) await run('pg', process.env.DATABASE_URL);
