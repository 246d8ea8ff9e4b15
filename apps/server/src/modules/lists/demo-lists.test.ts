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

async function get(email: string, url: string) {
  const rows = await ctx.database.db.execute<{ user_id: string }>(
    sql`select user_id from users where email = ${email}`,
  );
  const userId = rows.rows[0]?.user_id as string;
  const res = await ctx.app.inject({ method: 'GET', url, headers: await personaFor(ctx, { userId, email }).headers() });
  expect(res.statusCode).toBe(200);
  return res.json();
}

describe('demo lists (issue 18.6)', () => {
  it('the List Library has a plant list with ID, type, next service (date with expiry) and colours, and subcontractors', async () => {
    const companyId = (
      await ctx.database.db.execute<{ workspace_id: string }>(
        sql`select workspace_id from workspaces where name = 'Acme Construction'`,
      )
    ).rows[0]?.workspace_id as string;
    const library = await get('org.member@acme.example', `/api/companies/${companyId}/lists`);
    expect(library.lists.map((l: { name: string }) => l.name)).toEqual(['Plant', 'Subcontractors']);
    const plant = library.lists[0];
    const detail = await get('org.member@acme.example', `/api/companies/${companyId}/lists/${plant.id}`);
    expect(detail.properties.map((p: { name: string; type: string }) => [p.name, p.type])).toEqual([
      ['Plant ID', 'text'],
      ['Type', 'text'],
      ['Next service', 'expiry_date'],
      ['Hours', 'number'],
    ]);
    const items = (await get('org.member@acme.example', `/api/companies/${companyId}/lists/${plant.id}/items`)).items;
    expect(items).toHaveLength(8);
    expect(items[0]).toMatchObject({ label: 'Excavator 20t', colour: '#f59f00' });
    expect(items[0].values[detail.properties[2].id]).toBe('2027-02-14');
  });

  it('templates read them: a Civil Works team fills a Plant Pre-start Check from the Plant list (issue 18.6)', async () => {
    const companyId = (
      await ctx.database.db.execute<{ workspace_id: string }>(
        sql`select workspace_id from workspaces where name = 'Acme Construction'`,
      )
    ).rows[0]?.workspace_id as string;
    const library = await get('org.controller@acme.example', `/api/companies/${companyId}/templates`);
    const check = library.templates.find((t: { name: string }) => t.name === 'Plant Pre-start Check');
    const full = await get('org.controller@acme.example', `/api/templates/${check.templateId}`);
    const plantField = full.definition.fields.find((f: { id: string }) => f.id === 'plant');
    const lists = (await get('org.controller@acme.example', `/api/companies/${companyId}/lists`)).lists;
    expect(plantField.listId).toBe(lists.find((l: { name: string }) => l.name === 'Plant').id);
    const teamId = check.deployedTeamIds[0];
    const offered = await get(
      'org.controller@acme.example',
      `/api/teams/${teamId}/templates/${check.templateId}/versions/${full.currentVersion}/list-fields/plant/items?search=crane`,
    );
    expect(offered.items.map((i: { label: string }) => i.label)).toEqual(['Tower crane', 'Mobile crane 60t']);
    expect(offered.items[0].properties.map((p: { name: string; value: string }) => [p.name, p.value])).toEqual([
      ['Plant ID', 'TC-001'],
      ['Type', 'Lifting'],
      ['Next service', '2027-05-30'],
      ['Hours', '3100'],
    ]);
    const subs = library.templates.find((t: { name: string }) => t.name === 'Subcontractor Sign-in');
    expect(subs.deployedTeamIds.length).toBeGreaterThan(0);
  });

  it('Subcontractors is deployed populated to Riverside Apartments and empty to Northside Hospital', async () => {
    const projects = await ctx.database.db.execute<{ folder_id: string; name: string }>(
      sql`select folder_id, name from folders where kind = 'project' and name in ('Riverside Apartments', 'Northside Hospital')`,
    );
    const idOf = (name: string) => projects.rows.find((p) => p.name === name)?.folder_id as string;
    const lists = async (projectId: string) =>
      (await get('org.controller@acme.example', `/api/projects/${projectId}/lists`)).lists;
    expect(await lists(idOf('Riverside Apartments'))).toMatchObject([
      { name: 'Subcontractors', deployment: 'populated', itemCount: 5, propertyCount: 2 },
    ]);
    expect(await lists(idOf('Northside Hospital'))).toMatchObject([
      { name: 'Subcontractors', deployment: 'empty', itemCount: 0, propertyCount: 2 },
    ]);
  });
});
