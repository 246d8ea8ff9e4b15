import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { personaFor } from '../../../test/factories.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { type DemoUser, seedDemo } from '../../seed/demo.ts';

let ctx: TestContext;
let printed: DemoUser[];
beforeAll(async () => {
  ctx = await createTestApp();
  printed = (await seedDemo(ctx.database, ctx.config))?.users ?? [];
});
afterAll(() => ctx.close());

async function as(email: string) {
  const rows = await ctx.database.db.execute<{ user_id: string }>(
    sql`select user_id from users where email = ${email}`,
  );
  const userId = rows.rows[0]?.user_id;
  if (!userId) throw new Error(`no demo user ${email}`);
  return personaFor(ctx, { userId, email }).headers();
}

async function get(email: string, url: string) {
  const res = await ctx.app.inject({ method: 'GET', url, headers: await as(email) });
  expect(res.statusCode).toBe(200);
  return res.json();
}

const acme = async () =>
  (
    await ctx.database.db.execute<{ workspace_id: string }>(
      sql`select workspace_id from workspaces where name = 'Acme Construction'`,
    )
  ).rows[0]?.workspace_id as string;

describe('demo people (issue 16.5)', () => {
  it('the demo organisation has people at every level and a visitor from a subcontractor domain', async () => {
    const companyId = await acme();
    const page = await get('org.controller@acme.example', `/api/folders/${companyId}/people?limit=200`);
    const people = page.people as { email: string; userType: string; level: { kind: string; role: string } }[];
    const levels = new Set(people.map((p) => `${p.level.kind}.${p.level.role}`));
    expect([...levels].sort()).toEqual([
      'company.controller',
      'company.member',
      'project.controller',
      'project.member',
      'team.controller',
      'team.member',
    ]);
    expect(people.find((p) => p.email === 'visitor.only@subcontractor.example')?.userType).toBe('visitor');
  });

  it('has pending invites, sent through the outbox', async () => {
    const companyId = await acme();
    const { invitations } = await get('org.controller@acme.example', `/api/folders/${companyId}/invitations`);
    expect(invitations.map((i: { email: string }) => i.email).sort()).toEqual([
      'estimator@acme.example',
      'inspector@certifier.example',
      'new.starter@acme.example',
    ]);
    expect(invitations.every((i: { status: string; delivery: string }) => i.status === 'pending')).toBe(true);
    expect(invitations.find((i: { email: string }) => i.email === 'inspector@certifier.example').userType).toBe(
      'visitor',
    );
  });

  it('one person is in both demo workspaces; the trial workspace has people of its own, printed at start-up', async () => {
    const names = async (email: string) =>
      ((await get(email, '/api/workspaces/accessible')).workspaces as { name: string }[]).map((w) => w.name).sort();
    expect(await names('visitor@acme.example')).toEqual(
      expect.arrayContaining(['Acme Construction', 'Bright Sparks Electrical']),
    );
    for (const email of ['ellie@brightsparks.example', 'ben@brightsparks.example']) {
      expect(await names(email)).toEqual(['Bright Sparks Electrical']);
      expect(printed.map((u) => u.email)).toContain(email);
    }
  });
});
