import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { personaFor } from '../../../test/factories.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { seedDemo } from '../../db/seed/demo.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
  await seedDemo(ctx.database, ctx.config);
});
afterAll(() => ctx.close());

async function as(email: string) {
  const rows = await ctx.database.db.execute<{ user_id: string }>(
    sql`select user_id from users where email = ${email}`,
  );
  return personaFor(ctx, { userId: rows.rows[0]?.user_id as string, email }).headers();
}

describe('demo seed: forms', () => {
  it('fills forms of every demo template in the demo teams, each valid and readable', async () => {
    const rows = await ctx.database.db.execute<{
      template_id: string;
      n: number;
      folder_id: string;
      form_id: string;
    }>(sql`
      select f.template_id, f.folder_id, min(f.form_id::text) as form_id, count(*)::int as n
        from forms f group by f.template_id, f.folder_id`);
    const templates = await ctx.database.db.execute<{ n: number }>(sql`select count(*)::int as n from templates`);
    expect(new Set(rows.rows.map((r) => r.template_id)).size).toBe(templates.rows[0]?.n);
    const headers = await as('org.controller@acme.example');
    for (const row of rows.rows) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/teams/${row.folder_id}/forms/${row.form_id}`,
        headers,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
  });

  it('has a workflow form midway through its columns, with its approval signature', async () => {
    const rows = await ctx.database.db.execute<{ form_id: string; folder_id: string }>(sql`
      select f.form_id, f.folder_id from forms f join templates t using (workspace_id, template_id)
       where t.type = 'workflow' and f.workflow_column = 1`);
    expect(rows.rows.length).toBeGreaterThan(0);
    const row = rows.rows[0] as { form_id: string; folder_id: string };
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/teams/${row.folder_id}/forms/${row.form_id}`,
      headers: await as('org.controller@acme.example'),
    });
    const { form } = res.json();
    expect(form.workflow.column).toBe(1);
    expect(form.workflow.columns.length).toBeGreaterThan(2);
    expect(form.workflow.signatures).toHaveLength(1);
  });
});
