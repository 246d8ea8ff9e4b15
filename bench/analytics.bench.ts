// Issue 20: a chart's values over BENCH_FORMS forms (100,000 by default) of the register bench's
// 30-field template in one team, over HTTP from the production server (as `npm start` runs it):
// saved charts of a team dashboard, each answered by GET .../charts/{chartId}/values (what a
// dashboard does for each chart it shows), grouped by a field, by week, and by week split by a
// field (a stacked bar), each with one filter.
// Goals: p95 under 400 ms on PGlite (at most 100,000 forms), under 150 ms on PostgreSQL (DATABASE_URL,
// or a throwaway cluster this bench starts), under 1 s on PostgreSQL at 1,000,000 forms
// (BENCH_FORMS=1000000). The seed is the register and export benches' (a kept cluster serves all three).
import type { ChartDefinitionInput } from '@formwork/shared/schemas/analytics';
import { percentile, report } from './lib/figures.ts';
import { benchKeyedFields, seedForms } from './lib/forms-seed.ts';
import { benchForms, onEachDriver, type SeedCache } from './lib/postgres.ts';
import { prepareServerProcess } from './lib/server-process.ts';

const calls = Number(process.env.BENCH_CALLS ?? 40);
const warmup = 5;

type Case = { name: string; definition: Omit<ChartDefinitionInput, 'templateIds'> };

/** Each chart: one grouping and one filter, as the benchmark asks. */
const cases: Case[] = [
  {
    name: 'countByDropdown.filterYesNo',
    definition: {
      measure: { aggregate: 'count' },
      groupBy: { by: 'field', fieldId: 'dd1' },
      type: 'bar',
      filters: ['field:yn1:eq:yes'],
    },
  },
  {
    name: 'countByWeekOfDate.filterDropdown',
    definition: {
      measure: { aggregate: 'count' },
      groupBy: { by: 'period', date: 'field:date2', period: 'week' },
      type: 'line',
      filters: ['field:dd3:eq:opt1'],
    },
  },
  {
    name: 'sumByWeekCreated.filterNumber',
    definition: {
      measure: { aggregate: 'sum', fieldId: 'num2' },
      groupBy: { by: 'period', date: 'createdAt', period: 'week' },
      type: 'bar',
      filters: ['field:num4:lt:500'],
    },
  },
  {
    name: 'stackedWeekByDropdown.filterYesNo',
    definition: {
      measure: { aggregate: 'count' },
      groupBy: { by: 'period', date: 'field:date1', period: 'week' },
      splitBy: { by: 'field', fieldId: 'dd4' },
      type: 'stackedBar',
      filters: ['field:yn3:eq:no'],
    },
  },
  {
    name: 'avgByYesNo.filterDropdown',
    definition: {
      measure: { aggregate: 'avg', fieldId: 'num1' },
      groupBy: { by: 'field', fieldId: 'yn2' },
      type: 'pie',
      filters: ['field:dd2:eq:opt4'],
    },
  },
];

async function api<T>(url: string, token: string, method = 'GET', body?: unknown): Promise<T> {
  const res = await fetch(url, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text.slice(0, 300)}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

async function timed(url: string, token: string): Promise<{ samples: number[]; groups: number; forms: number }> {
  const samples: number[] = [];
  let groups = 0;
  let forms = 0;
  for (let i = 0; i < warmup + calls; i++) {
    const start = performance.now();
    const values = await api<{ groups: { forms: number }[] }>(url, token);
    const ms = performance.now() - start;
    groups = values.groups.length;
    forms = values.groups.reduce((sum, g) => sum + g.forms, 0);
    if (i >= warmup) samples.push(ms);
  }
  return { samples, groups, forms };
}

async function run(driver: 'pglite' | 'pg', databaseUrl: string | null, cache?: SeedCache) {
  const count = benchForms(driver);
  const server = await prepareServerProcess(databaseUrl);
  try {
    const seedStart = performance.now();
    const seed = await seedForms(server, count, benchKeyedFields, cache);
    report(`analytics.seed.${driver}`, performance.now() - seedStart, 'ms', {
      forms: count,
      cached: Boolean(cache?.ids),
    });
    await server.start();
    const base = `${server.url}/api/folders/${seed.teamId}/dashboards`;
    const dashboard = await api<{ dashboardId: string }>(base, seed.token, 'POST', { name: `Bench ${Date.now()}` });
    const goal = driver === 'pglite' ? '< 400' : count >= 1_000_000 ? '< 1000' : '< 150';
    try {
      for (const { name, definition } of cases) {
        const chart = await api<{ chartId: string }>(`${base}/${dashboard.dashboardId}/charts`, seed.token, 'POST', {
          title: name,
          definition: { ...definition, templateIds: [seed.templateId] },
        });
        const url = `${base}/${dashboard.dashboardId}/charts/${chart.chartId}/values`;
        const { samples, groups, forms } = await timed(url, seed.token);
        const extra = { driver, forms: count, calls, groups, formsCounted: forms };
        report(`analytics.${name}.${driver}.p50`, percentile(samples, 50), 'ms', extra);
        report(`analytics.${name}.${driver}.p95`, percentile(samples, 95), 'ms', { ...extra, goal });
      }
    } finally {
      // The kept cluster (or a named server) stays as it was seeded.
      await api(`${base}/${dashboard.dashboardId}`, seed.token, 'DELETE');
    }
    // A server named by DATABASE_URL is left as it was; a throwaway cluster goes as a whole.
    if (driver === 'pg' && process.env.DATABASE_URL) await seed.cleanup();
  } finally {
    await server.stop();
  }
}

await onEachDriver(run, { forms: benchForms('pg'), keyed: benchKeyedFields });
