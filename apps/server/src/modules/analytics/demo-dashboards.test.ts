import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { personaFor } from '../../../test/factories.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { seedDemo } from '../../seed/demo.ts';

let ctx: TestContext;
let teamId: string;
let companyId: string;

async function headersOf(email: string) {
  const user = await ctx.database.db.execute<{ user_id: string }>(
    sql`select user_id from users where email = ${email}`,
  );
  return personaFor(ctx, { userId: user.rows[0]?.user_id as string, email }).headers();
}

beforeAll(async () => {
  ctx = await createTestApp();
  await seedDemo(ctx.database, ctx.config);
  const team = await ctx.database.db.execute<{ folder_id: string; workspace_id: string }>(sql`
    select t.folder_id, t.workspace_id from folders t join folders p on p.workspace_id = t.workspace_id and p.folder_id = t.parent_id
      join workspaces w on w.workspace_id = t.workspace_id
     where w.name = 'Acme Construction' and p.name = 'Riverside Apartments' and t.name = 'Civil Works'`);
  teamId = team.rows[0]?.folder_id as string;
  companyId = team.rows[0]?.workspace_id as string;
});
afterAll(() => ctx.close());

async function dashboardValues(folderId: string, email: string, name: string) {
  const headers = await headersOf(email);
  const list = await ctx.app.inject({ method: 'GET', url: `/api/folders/${folderId}/dashboards`, headers });
  expect(list.statusCode, list.body).toBe(200);
  const dashboard = list.json().dashboards.find((d: { name: string }) => d.name === name);
  expect(dashboard, name).toBeDefined();
  const detail = await ctx.app.inject({
    method: 'GET',
    url: `/api/folders/${folderId}/dashboards/${dashboard.dashboardId}`,
    headers,
  });
  const charts: { chartId: string; title: string }[] = detail.json().charts;
  const values: Record<string, number> = {};
  const parts: Record<string, (string | null)[]> = {};
  for (const chart of charts) {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/folders/${folderId}/dashboards/${dashboard.dashboardId}/charts/${chart.chartId}/values`,
      headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    values[chart.title] = res.json().groups.reduce((sum: number, g: { forms: number }) => sum + g.forms, 0);
    parts[chart.title] = [
      ...new Set<string | null>(res.json().groups.map((g: { seriesLabel: string | null }) => g.seriesLabel)),
    ];
  }
  return { values, parts };
}

describe('demo seed: dashboards (issue 20)', () => {
  it('Civil Works has a team dashboard over its inspections', async () => {
    const { values, parts } = await dashboardValues(teamId, 'team.controller@acme.example', 'Site inspections');
    expect(Object.keys(values)).toEqual([
      'Inspections by area',
      'Inspections per week',
      'Access and egress clear',
      'Inspections by inspector and area',
      'Diaries and toolbox talks per week',
    ]);
    for (const forms of Object.values(values)) expect(forms).toBeGreaterThan(0);
    expect(parts['Diaries and toolbox talks per week']?.sort()).toEqual(['Daily Site Diary', 'Toolbox Talk']);
  });

  it('the company has a dashboard over every team it may see', async () => {
    const { values } = await dashboardValues(companyId, 'org.member@acme.example', 'Company overview');
    expect(Object.keys(values)).toEqual(['Inspections by team', 'Edge protection in place', 'Edge protection by team']);
    for (const forms of Object.values(values)) expect(forms).toBeGreaterThan(0);
  });
});
