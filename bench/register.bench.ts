// Issues 6 and 15.5: the register of a 30-field template with BENCH_FORMS forms (100,000 by
// default) in one team, over HTTP from the production server (as `npm start` runs it): first pages
// (50 rows) sorted by metadata and by fields of every kind, filtered by one field, and keyset pages
// half-way down. Goals: p95 under 150 ms on PGlite (at most 100,000 forms), under 50 ms on
// PostgreSQL (DATABASE_URL, or a throwaway cluster this bench starts). Every sort is indexed
// (ADR 0015): a field sort walks the form_sort_keys index.
import { percentile, report } from './lib/figures.ts';
import { benchKeyedFields, seedForms } from './lib/forms-seed.ts';
import { benchForms, onEachDriver, type SeedCache } from './lib/postgres.ts';
import { prepareServerProcess } from './lib/server-process.ts';

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

async function run(driver: 'pglite' | 'pg', databaseUrl: string | null, cache?: SeedCache) {
  const count = benchForms(driver);
  const server = await prepareServerProcess(databaseUrl);
  try {
    const seedStart = performance.now();
    const seed = await seedForms(server, count, benchKeyedFields, cache);
    report(`register.seed.${driver}`, performance.now() - seedStart, 'ms', {
      forms: count,
      cached: Boolean(cache?.ids),
    });
    await server.start();
    const base = `${server.url}/api/teams/${seed.teamId}/templates/${seed.templateId}/register`;
    const goal = driver === 'pglite' ? '< 150' : '< 50';

    const cases: [string, string][] = [
      ['firstPage.updatedDesc.filterDropdown', `${base}?limit=50&sort=updatedAt&filter=field:dd1:eq:opt2`],
      ['firstPage.numberAsc.filterNumber', `${base}?limit=50&sort=number&direction=asc&filter=field:num2:gte:500`],
      ['firstPage.registerOrder.num1', `${base}?limit=50&sort=field:num1&direction=desc&filter=field:dd3:eq:opt1`],
      ['firstPage.otherFieldSort.num2', `${base}?limit=50&sort=field:num2&direction=desc&filter=field:dd3:eq:opt1`],
      ['firstPage.textSort.text3', `${base}?limit=50&sort=field:text3&direction=asc&filter=field:num4:lt:500`],
      ['firstPage.dateSort.date2', `${base}?limit=50&sort=field:date2&direction=desc&filter=field:yn1:eq:yes`],
      ['firstPage.yesNoSort.yn2', `${base}?limit=50&sort=field:yn2&direction=asc&filter=field:text5:contains:7`],
    ];
    // The keyset position of row 50,000 in the default order (updated desc): the seed's updated_at
    // is 2024-01-01 + 60 s per form number (plus under 20 s), so it is computed, not queried.
    const middle = count - Math.floor(count / 2) + 1;
    const key = new Date(Date.UTC(2024, 0, 1) + (middle * 60 + (middle % 7) * 3) * 1000).toISOString();
    const cursor = Buffer.from(JSON.stringify(['updatedAt', key, 'ffffffff-ffff-ffff-ffff-ffffffffffff'])).toString(
      'base64url',
    );
    cases.push(['deepPage.row50000.updatedDesc', `${base}?limit=50&sort=updatedAt&cursor=${cursor}`]);
    cases.push([
      'deepPage.row50000.filterDropdown',
      `${base}?limit=50&sort=updatedAt&filter=field:dd1:eq:opt2&cursor=${cursor}`,
    ]);
    // Half-way down a field sort: the seed's num2 is (2 * i) % 1000, so the middle key is 500.
    const fieldCursor = (sort: string, key: unknown) =>
      Buffer.from(JSON.stringify([sort, JSON.stringify(key), 'ffffffff-ffff-ffff-ffff-ffffffffffff'])).toString(
        'base64url',
      );
    cases.push([
      'deepPage.middle.num2Desc.filterDropdown',
      `${base}?limit=50&sort=field:num2&direction=desc&filter=field:dd3:eq:opt1&cursor=${fieldCursor('field:num2', 500)}`,
    ]);
    cases.push([
      'deepPage.middle.text3Asc',
      `${base}?limit=50&sort=field:text3&direction=asc&cursor=${fieldCursor('field:text3', 'text value 5 of field 3')}`,
    ]);

    for (const [name, url] of cases) {
      const { samples, rows } = await timed(url, seed.token);
      const extra = { driver, forms: count, calls, rows };
      report(`register.${name}.${driver}.p50`, percentile(samples, 50), 'ms', extra);
      report(`register.${name}.${driver}.p95`, percentile(samples, 95), 'ms', { ...extra, goal });
    }
    // A server named by DATABASE_URL is left as it was; a throwaway cluster goes as a whole.
    if (driver === 'pg' && process.env.DATABASE_URL) await seed.cleanup();
  } finally {
    await server.stop();
  }
}

await onEachDriver(run, { forms: benchForms('pg'), keyed: benchKeyedFields });
