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

async function as(email: string) {
  const rows = await ctx.database.db.execute<{ user_id: string }>(
    sql`select user_id from users where email = ${email}`,
  );
  return personaFor(ctx, { userId: rows.rows[0]?.user_id as string, email }).headers();
}

describe('demo seed: actions', () => {
  it('gives the team member an open action on a form in My actions, and their team a draft', async () => {
    const mine = await ctx.app.inject({
      method: 'GET',
      url: '/api/me/actions',
      headers: await as('team.member@acme.example'),
    });
    expect(mine.statusCode, mine.body).toBe(200);
    const [open] = mine.json().actions;
    expect(open).toMatchObject({
      title: 'Replace the damaged handrail on level 2',
      state: 'assigned',
      priority: 'high',
      access: { complete: true },
    });
    expect(open.formId).not.toBeNull();
    const team = await ctx.app.inject({
      method: 'GET',
      url: `/api/teams/${open.path.team.id}/actions`,
      headers: await as('team.member@acme.example'),
    });
    expect(
      team
        .json()
        .actions.map((a: { state: string }) => a.state)
        .sort(),
    ).toEqual(['assigned', 'draft']);
  });
});
