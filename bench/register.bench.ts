// Issue 6: the register of a 30-field template with 100,000 forms in one team, over HTTP from the
// production server (as `npm start` runs it). First
// page (50 rows, sorted, filtered by one field) and a keyset page around row 50,000. Goals: p95
// under 150 ms on PGlite, under 50 ms on PostgreSQL. PGlite always; PostgreSQL with DATABASE_URL.
// Sorted by metadata or by the template's register order (both indexed); a sort by another field
// scans every form and is reported without a goal.
import { percentile, report } from './lib/figures.ts';
import { seedForms } from './lib/forms-seed.ts';
import { prepareServerProcess } from './lib/server-process.ts';

const count = Number(process.env.BENCH_FORMS ?? 100_000);
const calls = Number(process.env.BENCH_CALLS ?? 40);
const warmup = 5;

async function timed(url: string, token: string): Promise<{ samples: number[]; rows: number }> {
  const samples: number[] = [];
  let rows = 0;
  for (let i = 0; i < warmup + calls; i++) {
    const start = performance.now();
    const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    const body = await res.text();
    const ms = performance.now() - start;
    if (res.status !== 200) throw new Error(`${url}: ${res.status} ${body.slice(0, 300)}`);
    rows = (JSON.parse(body) as { rows: unknown[] }).rows.length;
    if (i >= warmup) samples.push(ms);
  }
  return { samples, rows };
}

async function run(driver: 'pglite' | 'pg', databaseUrl: string | null) {
  const server = await prepareServerProcess(databaseUrl);
  try {
    const seedStart = performance.now();
    const seed = await seedForms(server, count);
    report(`register.seed.${driver}`, performance.now() - seedStart, 'ms', { forms: count });
    await server.start();
    const base = `${server.url}/api/teams/${seed.teamId}/templates/${seed.templateId}/register`;
    const goal = driver === 'pglite' ? '< 150' : '< 50';

    const cases: [string, string][] = [
      ['firstPage.updatedDesc.filterDropdown', `${base}?limit=50&sort=updatedAt&filter=field:dd1:eq:opt2`],
      ['firstPage.numberAsc.filterNumber', `${base}?limit=50&sort=number&direction=asc&filter=field:num2:gte:500`],
      ['firstPage.registerOrder.num1', `${base}?limit=50&sort=field:num1&direction=desc&filter=field:dd3:eq:opt1`],
    ];
    // Sorting by a field other than the template's register order reads every form's value.
    const unindexed = `${base}?limit=50&sort=field:num2&direction=desc&filter=field:dd3:eq:opt1`;
    // The keyset position of row 50,000 in the default order (updated desc): the seed's updated_at
    // is 2024-01-01 + 60 s per form number (plus under 20 s), so it is computed, not queried.
    const middle = count - Math.floor(count / 2) + 1;
    const key = new Date(Date.UTC(2024, 0, 1) + (middle * 60 + (middle % 7) * 3) * 1000).toISOString();
    const cursor = Buffer.from(JSON.stringify([key, 'ffffffff-ffff-ffff-ffff-ffffffffffff'])).toString('base64url');
    cases.push(['deepPage.row50000.updatedDesc', `${base}?limit=50&sort=updatedAt&cursor=${cursor}`]);
    cases.push([
      'deepPage.row50000.filterDropdown',
      `${base}?limit=50&sort=updatedAt&filter=field:dd1:eq:opt2&cursor=${cursor}`,
    ]);

    for (const [name, url] of [...cases, ['firstPage.otherFieldSort.num2', unindexed]] as const) {
      const { samples, rows } = await timed(url, seed.token);
      const extra = { driver, forms: count, calls, rows };
      report(`register.${name}.${driver}.p50`, percentile(samples, 50), 'ms', extra);
      report(
        `register.${name}.${driver}.p95`,
        percentile(samples, 95),
        'ms',
        url === unindexed ? extra : { ...extra, goal },
      );
    }
    if (driver === 'pg') await seed.cleanup();
  } finally {
    await server.stop();
  }
}

await run('pglite', null);
if (process.env.DATABASE_URL) await run('pg', process.env.DATABASE_URL);
