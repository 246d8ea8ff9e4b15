import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { personaFor } from '../../../test/factories.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { seedDemo } from '../../seed/demo.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
  await seedDemo(ctx.database, ctx.config);
});
afterAll(() => ctx.close());

type Tree = { projects: { name: string; teams: { name: string }[] }[] };

async function treeOf(email: string): Promise<string[]> {
  const rows = await ctx.database.db.execute<{ user_id: string; workspace_id: string }>(
    sql`select u.user_id, (select workspace_id from workspaces where name = 'Acme Construction') as workspace_id from users u where u.email = ${email}`,
  );
  const row = rows.rows[0];
  if (!row) throw new Error(`no demo user ${email}`);
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/companies/${row.workspace_id}/folders`,
    headers: await personaFor(ctx, { userId: row.user_id, email }).headers(),
  });
  expect(res.statusCode).toBe(200);
  return (res.json() as Tree).projects.flatMap((p) => [p.name, ...p.teams.map((t) => `${p.name} / ${t.name}`)]);
}

describe('demo seed: every role has a user, each with a different tree', () => {
  it('org roles and the admin see all 3 projects and 9 teams', async () => {
    for (const email of ['admin@acme.example', 'org.controller@acme.example', 'org.member@acme.example']) {
      expect(await treeOf(email)).toHaveLength(12);
    }
  });

  it('project, team and visitor personas each see their own part', async () => {
    const trees = {
      projectController: await treeOf('project.controller@acme.example'),
      projectMember: await treeOf('project.member@acme.example'),
      teamController: await treeOf('team.controller@acme.example'),
      teamMember: await treeOf('team.member@acme.example'),
      visitor: await treeOf('visitor@acme.example'),
      visitorOnly: await treeOf('visitor.only@subcontractor.example'),
    };
    expect(trees.projectController[0]).toBe('Harbour Bridge Upgrade');
    expect(trees.projectController).toHaveLength(4);
    expect(trees.projectMember[0]).toBe('Northside Hospital');
    expect(trees.teamController).toEqual(['Riverside Apartments', 'Riverside Apartments / Civil Works']);
    expect(trees.teamMember).toEqual(['Riverside Apartments', 'Riverside Apartments / Electrical']);
    expect(trees.visitor).toEqual(['Riverside Apartments', 'Riverside Apartments / Site Safety']);
    expect(trees.visitorOnly).toEqual(['Northside Hospital', 'Northside Hospital / Civil Works']);
    const distinct = new Set(Object.values(trees).map((t) => t.join('|')));
    expect(distinct.size).toBe(6);
  });
});

describe('demo seed: the trial workspace', () => {
  it("names who set it up in its activity, not 'Someone' (issue 14.9)", async () => {
    const rows = await ctx.database.db.execute<{ user_id: string; workspace_id: string; name: string }>(
      sql`select u.user_id, u.first_name || ' ' || u.last_name as name,
                 (select workspace_id from workspaces where name = 'Bright Sparks Electrical') as workspace_id
          from users u where u.email = 'visitor@acme.example'`,
    );
    const owner = rows.rows[0];
    if (!owner) throw new Error('no demo visitor');
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/companies/${owner.workspace_id}/activity`,
      headers: await personaFor(ctx, { userId: owner.user_id, email: 'visitor@acme.example' }).headers(),
    });
    expect(res.statusCode).toBe(200);
    const events = res.json().events as { action: string; actor: { name: string } | null }[];
    expect(events.length).toBeGreaterThan(0);
    for (const event of events) expect(event.actor?.name).toBe(owner.name);
  });
});
