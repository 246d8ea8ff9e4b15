import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { personaFor } from '../../../test/factories.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { seedDemo } from '../../seed/demo.ts';

let ctx: TestContext;
let companyId: string;
let teams: { name: string; project: string; folderId: string }[];
beforeAll(async () => {
  ctx = await createTestApp();
  await seedDemo(ctx.database, ctx.config);
  const rows = await ctx.database.db.execute<{ workspace_id: string }>(
    sql`select workspace_id from workspaces where name = 'Acme Construction'`,
  );
  companyId = rows.rows[0]?.workspace_id as string;
  const folders = await ctx.database.db.execute<{ name: string; project: string; folder_id: string }>(sql`
    select t.name, p.name as project, t.folder_id from folders t join folders p on p.folder_id = t.parent_id
    where t.kind = 'team'`);
  teams = folders.rows.map((r) => ({ name: r.name, project: r.project, folderId: r.folder_id }));
});
afterAll(() => ctx.close());

async function as(email: string) {
  const rows = await ctx.database.db.execute<{ user_id: string }>(
    sql`select user_id from users where email = ${email}`,
  );
  return personaFor(ctx, { userId: rows.rows[0]?.user_id as string, email }).headers();
}

const teamId = (project: string, name: string) =>
  teams.find((t) => t.project === project && t.name === name)?.folderId as string;

describe('demo seed: templates', () => {
  it('puts seven construction templates in the Template Library with the Safety and Daily tabs', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/companies/${companyId}/templates`,
      headers: await as('org.controller@acme.example'),
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.tabs.map((t: { name: string; style: string }) => [t.name, t.style])).toEqual([
      ['Safety', 'red'],
      ['Daily', 'dark-blue'],
    ]);
    expect(body.templates.map((t: { name: string; type: string }) => [t.name, t.type])).toEqual([
      ['Daily Site Diary', 'timeline'],
      ['Incident Report', 'workflow'],
      ['Plant Pre-start Check', 'register'],
      ['Plant Register', 'register'],
      ['Site Inspection Checklist', 'timeline'],
      ['Subcontractor Sign-in', 'timeline'],
      ['Toolbox Talk', 'timeline'],
    ]);
    expect(body.templates.every((t: { isDeployed: boolean }) => t.isDeployed)).toBe(true);
  });

  it("a team member sees the templates deployed to their team under the team's Templates", async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/teams/${teamId('Riverside Apartments', 'Electrical')}/templates`,
      headers: await as('team.member@acme.example'),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().templates.map((t: { name: string }) => t.name)).toEqual(['Daily Site Diary', 'Toolbox Talk']);
  });

  it('the Incident Report is a Workflow with approval signatures, deployed to Site Safety teams', async () => {
    const list = await ctx.app.inject({
      method: 'GET',
      url: `/api/teams/${teamId('Riverside Apartments', 'Site Safety')}/templates`,
      headers: await as('visitor@acme.example'),
    });
    const incident = list.json().templates.find((t: { name: string }) => t.name === 'Incident Report');
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/templates/${incident.templateId}`,
      headers: await as('visitor@acme.example'),
    });
    expect(res.statusCode).toBe(200);
    const { definition } = res.json();
    expect(definition.workflow.columns.map((c: { name: string }) => c.name)).toEqual([
      'Reported',
      'Investigating',
      'Closed',
    ]);
    expect(definition.fields.filter((f: { type: string }) => f.type === 'approvalSignature')).toHaveLength(3);
  });
});
