import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  createUser,
  createWorkspace,
  insertWorkspaceTree,
  type Persona,
  type TestWorkspace,
} from '../../../test/factories.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { inScope } from '../../db/tenant.ts';

let ctx: TestContext;
let w: TestWorkspace;
let second: { workspaceId: string };
beforeAll(async () => {
  ctx = await createTestApp();
  // A managed pro account with two workspaces: w (the personas) and a second one.
  w = await createWorkspace(ctx, { projects: 1, teamsPerProject: 1, plan: 'pro', account: { name: 'Harbour Group' } });
  second = await insertWorkspaceTree(ctx.database.db, { name: 'Harbour Rail', projects: 0, accountId: w.accountId });
});
afterAll(() => ctx.close());

async function get(persona: Persona, url: string) {
  return ctx.app.inject({ method: 'GET', url, headers: await persona.headers() });
}

const accountUrl = (workspaceId: string) => `/api/workspaces/${workspaceId}/account`;

describe('GET /api/workspaces/:workspaceId/account', () => {
  it('the org controller reads the account with the users it uses', async () => {
    const res = await get(w.personas.orgController, accountUrl(w.workspaceId));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      accountId: w.accountId,
      name: 'Harbour Group',
      accountType: 'managed',
      planType: 'pro',
      subscriptionStatus: 'active',
      trialEndDate: null,
      // Org controller and member, project controller and member, team controller and member; not the visitor.
      contributorUsersUsed: 6,
      paidUsersUsed: 0,
    });
  });

  it('an admin who is not a member reads it too', async () => {
    const res = await get(w.personas.admin, accountUrl(w.workspaceId));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ accountId: w.accountId, contributorUsersUsed: 6 });
  });

  it.each(['orgMember', 'projectController', 'teamController', 'teamMember', 'visitor'] as const)(
    '%s may not (403)',
    async (who) => {
      const res = await get(w.personas[who], accountUrl(w.workspaceId));
      expect(res.statusCode).toBe(403);
    },
  );

  it("another tenant's workspace, or none, answers 404", async () => {
    expect((await get(w.personas.outsider, accountUrl(w.workspaceId))).statusCode).toBe(404);
    expect((await get(w.personas.orgController, accountUrl(w.other.workspaceId))).statusCode).toBe(404);
    expect((await get(w.personas.admin, accountUrl(crypto.randomUUID()))).statusCode).toBe(404);
  });

  it.each(['nope', '123', `${crypto.randomUUID()}x`])('refuses the workspace id %s (400)', async (id) => {
    const res = await get(w.personas.orgController, accountUrl(id));
    expect(res.statusCode).toBe(400);
  });

  it('needs a signed-in user (401)', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: accountUrl(w.workspaceId) })).statusCode).toBe(401);
  });

  it('counts contributors across the account: each person once, not visitors, not archived workspaces, not other accounts', async () => {
    const db = ctx.database.db;
    // The org member is in both workspaces: still one person.
    await addMember(db, second.workspaceId, w.personas.orgMember.userId);
    const onlySecond = await createUser(db);
    await addMember(db, second.workspaceId, onlySecond.userId);
    const visitor = await createUser(db);
    await addMember(db, second.workspaceId, visitor.userId, { userType: 'visitor' });
    const archived = await insertWorkspaceTree(db, { name: 'Harbour Old', projects: 0, accountId: w.accountId });
    const inArchived = await createUser(db);
    await addMember(db, archived.workspaceId, inArchived.userId);
    await inScope(db, { workspaceId: archived.workspaceId, userId: null, isAdmin: false }, (tx) =>
      tx.execute(sql`update workspaces set archived = true where workspace_id = ${archived.workspaceId}`),
    );
    const elsewhere = await createUser(db);
    await addMember(db, w.other.workspaceId, elsewhere.userId);

    // Read from the second workspace too: the org controller of w is not in it, but an admin is let in.
    const res = await get(w.personas.orgController, accountUrl(w.workspaceId));
    expect(res.json()).toMatchObject({ contributorUsersUsed: 7, paidUsersUsed: 0 });
    const fromSecond = await get(w.personas.admin, accountUrl(second.workspaceId));
    expect(fromSecond.json()).toMatchObject({ accountId: w.accountId, contributorUsersUsed: 7 });
  });

  it('a trial account answers its trial end date', async () => {
    const trial = await createWorkspace(ctx, { projects: 0, plan: 'free_trial' });
    const res = await get(trial.personas.orgController, accountUrl(trial.workspaceId));
    expect(res.json()).toMatchObject({
      accountType: 'self_service',
      planType: 'free_trial',
      subscriptionStatus: 'free_trial',
    });
    expect(Date.parse(res.json().trialEndDate)).toBeGreaterThan(Date.now());
  });
});

describe('the account on workspace responses', () => {
  it('accessible workspaces carry the account name and summary; one account, two workspaces', async () => {
    await addMember(ctx.database.db, second.workspaceId, w.personas.teamMember.userId, { userType: 'visitor' });
    const res = await get(w.personas.teamMember, '/api/workspaces/accessible');
    const summary = {
      accountId: w.accountId,
      accountType: 'managed',
      planType: 'pro',
      subscriptionStatus: 'active',
      trialEndDate: null,
    };
    expect(res.json().workspaces).toEqual([
      expect.objectContaining({ name: 'Harbour Rail', plan: 'pro', accountName: 'Harbour Group', account: summary }),
      expect.objectContaining({
        workspaceId: w.workspaceId,
        plan: 'pro',
        accountName: 'Harbour Group',
        account: summary,
      }),
    ]);
  });

  it('search results carry them too', async () => {
    const res = await get(w.personas.admin, '/api/workspaces/search?q=harbour%20rail');
    expect(res.json().workspaces).toEqual([
      expect.objectContaining({ workspaceId: second.workspaceId, accountName: 'Harbour Group' }),
    ]);
  });

  it('row-level security: a workspace transaction sees its own account and no other', async () => {
    const seen = await inScope(
      ctx.database.db,
      { workspaceId: w.other.workspaceId, userId: null, isAdmin: false },
      (tx) => tx.execute<{ account_id: string }>(sql`select account_id from accounts`),
    );
    expect(seen.rows.map((r) => r.account_id)).not.toContain(w.accountId);
    expect(seen.rows).toHaveLength(1);
  });
});
