import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  createUser,
  createWorkspace,
  insertWorkspaceTree,
  type Persona,
  personaFor,
  type TestWorkspace,
} from '../../../test/factories.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { inScope } from '../../db/tenant.ts';

let ctx: TestContext;
let w: TestWorkspace;
beforeAll(async () => {
  ctx = await createTestApp({ env: { REGION: 'eu-test' } });
  w = await createWorkspace(ctx, { projects: 1, teamsPerProject: 1 });
});
afterAll(() => ctx.close());

async function as(persona: Persona, method: 'GET' | 'POST', url: string, payload?: object) {
  return ctx.app.inject({ method, url, headers: await persona.headers(), ...(payload ? { payload } : {}) });
}

describe('GET /api/workspaces/accessible', () => {
  it('lists the workspaces of the user with their region and how they belong', async () => {
    const second = await insertWorkspaceTree(ctx.database.db, { name: 'aardvark Works', projects: 0 });
    await addMember(ctx.database.db, second.workspaceId, w.personas.teamMember.userId, { userType: 'visitor' });
    const res = await as(w.personas.teamMember, 'GET', '/api/workspaces/accessible');
    expect(res.statusCode).toBe(200);
    expect(res.json().workspaces).toEqual([
      expect.objectContaining({ workspaceId: second.workspaceId, name: 'aardvark Works', userType: 'visitor' }),
      expect.objectContaining({
        workspaceId: w.workspaceId,
        region: 'local',
        plan: 'premium',
        archived: false,
        userType: 'contributor',
        isOrgController: false,
      }),
    ]);
  });

  it('marks the org controller', async () => {
    const res = await as(w.personas.orgController, 'GET', '/api/workspaces/accessible');
    expect(res.json().workspaces).toEqual([
      expect.objectContaining({ workspaceId: w.workspaceId, isOrgController: true }),
    ]);
  });

  it("never lists another tenant's workspaces", async () => {
    const res = await as(w.personas.outsider, 'GET', '/api/workspaces/accessible');
    expect(res.json().workspaces.map((x: { workspaceId: string }) => x.workspaceId)).toEqual([w.other.workspaceId]);
  });

  it('an admin lists only the workspaces they belong to (search finds the others)', async () => {
    const res = await as(w.personas.admin, 'GET', '/api/workspaces/accessible');
    expect(res.json().workspaces).toEqual([]);
  });

  it('needs a signed-in user', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/workspaces/accessible' })).statusCode).toBe(401);
  });
});

describe('GET /api/workspaces/search', () => {
  beforeAll(async () => {
    await insertWorkspaceTree(ctx.database.db, { name: 'Searchable Harbour Ltd', projects: 0 });
    await insertWorkspaceTree(ctx.database.db, { name: 'harbourside Builders', projects: 0 });
  });

  it('an admin searches every workspace: trimmed, case-insensitive substring, sorted', async () => {
    const res = await as(w.personas.admin, 'GET', '/api/workspaces/search?q=%20HARBOUR%20');
    expect(res.statusCode).toBe(200);
    expect(res.json().workspaces.map((x: { name: string }) => x.name)).toEqual([
      'harbourside Builders',
      'Searchable Harbour Ltd',
    ]);
  });

  it('treats % and _ literally', async () => {
    await insertWorkspaceTree(ctx.database.db, { name: '100% Safety', projects: 0 });
    await insertWorkspaceTree(ctx.database.db, { name: 'Plan_B Works', projects: 0 });
    const names = async (q: string) => {
      const res = await as(w.personas.admin, 'GET', `/api/workspaces/search?q=${encodeURIComponent(q)}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().workspaces.map((x: { name: string }) => x.name);
    };
    // As wildcards, '%%' and '__' would match every name, '0%' and 'n_b' names without them.
    expect(await names('%%')).toEqual([]);
    expect(await names('__')).toEqual([]);
    expect(await names('0%')).toEqual(['100% Safety']);
    expect(await names('n_b')).toEqual(['Plan_B Works']);
    expect(await names('n b')).toEqual([]);
  });

  it('answers at most 20', async () => {
    for (let i = 0; i < 22; i++) await insertWorkspaceTree(ctx.database.db, { name: `Many ${i}`, projects: 0 });
    const res = await as(w.personas.admin, 'GET', '/api/workspaces/search?q=many');
    expect(res.json().workspaces).toHaveLength(20);
  });

  it.each(['orgController', 'teamMember', 'outsider'] as const)('%s may not search (403)', async (who) => {
    const res = await as(w.personas[who], 'GET', '/api/workspaces/search?q=harbour');
    expect(res.statusCode).toBe(403);
  });

  it.each([
    ['missing', '/api/workspaces/search'],
    ['one character', '/api/workspaces/search?q=h'],
    ['one character after trimming', '/api/workspaces/search?q=%20%20h%20'],
    ['too long', `/api/workspaces/search?q=${'x'.repeat(101)}`],
  ])('refuses a query %s (400)', async (_what, url) => {
    const res = await as(w.personas.admin, 'GET', url);
    expect(res.statusCode).toBe(400);
  });
});

describe('POST /api/workspaces', () => {
  it('an admin creates a workspace: company folder, creator as org controller, region from config, audit event', async () => {
    const res = await as(w.personas.admin, 'POST', '/api/workspaces', { name: '  Admin Co  ' });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({
      name: 'Admin Co',
      region: 'eu-test',
      plan: 'free_trial',
      userType: 'contributor',
      isOrgController: true,
    });
    const tree = await as(w.personas.admin, 'GET', `/api/companies/${created.workspaceId}/folders`);
    expect(tree.json()).toMatchObject({ company: { folderId: created.workspaceId, name: 'Admin Co' }, projects: [] });
    const activity = await as(w.personas.admin, 'GET', `/api/companies/${created.workspaceId}/activity`);
    expect(activity.json().events[0]).toMatchObject({ action: 'workspace.created', subjectName: 'Admin Co' });
  });

  it('starts the workspace on its own self-service 30-day free trial account, audited with it', async () => {
    const user = await createUser(ctx.database.db, { isVisitorOnly: true });
    const owner = personaFor(ctx, user);
    const before = Date.now();
    const res = await as(owner, 'POST', '/api/workspaces', { name: 'Trial Co' });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({
      plan: 'free_trial',
      accountName: 'Trial Co',
      account: { accountType: 'self_service', planType: 'free_trial', subscriptionStatus: 'free_trial' },
    });
    const days = (Date.parse(created.account.trialEndDate) - before) / (24 * 60 * 60 * 1000);
    expect(days).toBeGreaterThanOrEqual(30);
    expect(days).toBeLessThan(30.01);
    const account = await as(owner, 'GET', `/api/workspaces/${created.workspaceId}/account`);
    expect(account.json()).toMatchObject({ accountId: created.account.accountId, contributorUsersUsed: 1 });
    const activity = await as(owner, 'GET', `/api/companies/${created.workspaceId}/activity`);
    expect(activity.json().events.map((e: { action: string }) => e.action)).toEqual([
      'workspace.created',
      'account.created',
    ]);
    expect(activity.json().events[1]).toMatchObject({
      subjectType: 'account',
      subjectId: created.account.accountId,
      subjectName: 'Trial Co',
      details: { accountType: 'self_service', planType: 'free_trial', subscriptionStatus: 'free_trial' },
    });
  });

  it('a refused creation leaves no account behind', async () => {
    const count = async () =>
      (await ctx.database.db.execute<{ n: number }>(sql`select count(*)::int as n from accounts`)).rows[0]?.n;
    const before = await count();
    const res = await as(w.personas.teamMember, 'POST', '/api/workspaces', {
      name: 'Nope',
      fromWorkspaceId: w.workspaceId,
    });
    expect(res.statusCode).toBe(403);
    expect(await count()).toBe(before);
  });

  it('a visitor-only user creates their workspace and can then open it', async () => {
    const user = await createUser(ctx.database.db, { isVisitorOnly: true });
    const visitorOnly = personaFor(ctx, user);
    const res = await as(visitorOnly, 'POST', '/api/workspaces', { name: 'My Subbie Co' });
    expect(res.statusCode).toBe(201);
    const tree = await as(visitorOnly, 'GET', `/api/companies/${res.json().workspaceId}/folders`);
    expect(tree.statusCode).toBe(200);
    expect(tree.json().viewer.roles[0]).toMatchObject({ kind: 'company', role: 'controller' });
    const list = await as(visitorOnly, 'GET', '/api/workspaces/accessible');
    expect(list.json().workspaces).toHaveLength(1);
  });

  it('a visitor of a workspace may create one', async () => {
    const res = await as(w.personas.visitor, 'POST', '/api/workspaces', {
      name: 'Visitor Co',
      fromWorkspaceId: w.workspaceId,
    });
    expect(res.statusCode).toBe(201);
  });

  it('an org controller creates one when the plan allows extra workspaces', async () => {
    const res = await as(w.personas.orgController, 'POST', '/api/workspaces', {
      name: 'Second Co',
      fromWorkspaceId: w.workspaceId,
    });
    expect(res.statusCode).toBe(201);
  });

  it.each(['standard', 'free_trial'] as const)('an org controller on %s is refused (403)', async (plan) => {
    const x = await createWorkspace(ctx, { projects: 0, plan });
    const res = await as(x.personas.orgController, 'POST', '/api/workspaces', {
      name: 'Nope Co',
      fromWorkspaceId: x.workspaceId,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toBe('Only users with Org Controller permissions can create additional workspaces.');
  });

  it.each(['orgMember', 'projectController', 'teamMember'] as const)('%s is refused (403)', async (who) => {
    const res = await as(w.personas[who], 'POST', '/api/workspaces', { name: 'Nope', fromWorkspaceId: w.workspaceId });
    expect(res.statusCode).toBe(403);
  });

  it('a standard user without a current workspace is refused (403)', async () => {
    const res = await as(w.personas.orgController, 'POST', '/api/workspaces', { name: 'Nope' });
    expect(res.statusCode).toBe(403);
  });

  it("naming another tenant's workspace as the current one answers 404", async () => {
    const res = await as(w.personas.outsider, 'POST', '/api/workspaces', {
      name: 'Nope',
      fromWorkspaceId: w.workspaceId,
    });
    expect(res.statusCode).toBe(404);
  });

  it.each([
    ['no name', {}],
    ['a blank name', { name: '  ' }],
    ['a name without letters or digits', { name: '!!' }],
    ['a non-uuid workspace', { name: 'A', fromWorkspaceId: 'nope' }],
    ['a number for a name', { name: 7 }],
  ])('refuses %s (400)', async (_what, body) => {
    const res = await as(w.personas.admin, 'POST', '/api/workspaces', body);
    expect(res.statusCode).toBe(400);
  });
});

describe('GET /api/workspaces/visitor-trial (spec 2.6, 4.4: which visitor-trial modal the switcher shows)', () => {
  const domain = () => `subbie-${randomUUID().slice(0, 8)}.example`;

  it('a visitor whose business domain nobody else uses gets the plain modal (no expired trial)', async () => {
    const d = domain();
    const user = await createUser(ctx.database.db, { email: `alex@${d}` });
    await addMember(ctx.database.db, w.workspaceId, user.userId, { userType: 'visitor' });
    const res = await as(personaFor(ctx, user), 'GET', '/api/workspaces/visitor-trial');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ domain: d, isBusinessDomainInUse: false, expiredTrial: null });
  });

  it('a colleague with an account on the same business domain makes it the existing-domain modal (case-insensitive)', async () => {
    const d = domain();
    await createUser(ctx.database.db, { email: `boss@${d.toUpperCase()}` });
    const user = await createUser(ctx.database.db, { email: `sam@${d}` });
    await addMember(ctx.database.db, w.workspaceId, user.userId, { userType: 'visitor' });
    const res = await as(personaFor(ctx, user), 'GET', '/api/workspaces/visitor-trial');
    expect(res.json()).toMatchObject({ domain: d, isBusinessDomainInUse: true, expiredTrial: null });
  });

  it('a free-mail domain is never in use', async () => {
    await createUser(ctx.database.db, { email: `someone-${randomUUID().slice(0, 6)}@gmail.com` });
    const user = await createUser(ctx.database.db, { email: `visitor-${randomUUID().slice(0, 6)}@gmail.com` });
    const res = await as(personaFor(ctx, user), 'GET', '/api/workspaces/visitor-trial');
    expect(res.json()).toMatchObject({ domain: 'gmail.com', isBusinessDomainInUse: false });
  });

  it("names the visitor's own trial workspace once its trial has ended (not a running one, not one they only visit)", async () => {
    const user = await createUser(ctx.database.db, { email: `own@${domain()}`, isVisitorOnly: true });
    const visitor = personaFor(ctx, user);
    const created = await as(visitor, 'POST', '/api/workspaces', { name: 'Own Trial Co' });
    expect(created.statusCode).toBe(201);
    const { workspaceId } = created.json();
    expect((await as(visitor, 'GET', '/api/workspaces/visitor-trial')).json().expiredTrial).toBeNull();

    const ended = await insertWorkspaceTree(ctx.database.db, {
      name: 'Visited Ended Co',
      projects: 0,
      plan: 'free_trial',
      account: { subscriptionStatus: 'expired_trial', trialEndDate: new Date(Date.now() - 60_000) },
    });
    await addMember(ctx.database.db, ended.workspaceId, user.userId, { userType: 'visitor' });
    expect((await as(visitor, 'GET', '/api/workspaces/visitor-trial')).json().expiredTrial).toBeNull();

    await inScope(ctx.database.db, { workspaceId, userId: null, isAdmin: false }, (tx) =>
      tx.execute(
        sql`update accounts set trial_end_date = now() - interval '1 minute'
            where account_id = (select account_id from workspaces where workspace_id = ${workspaceId})`,
      ),
    );
    const res = await as(visitor, 'GET', '/api/workspaces/visitor-trial');
    expect(res.json().expiredTrial).toEqual({ workspaceId, name: 'Own Trial Co' });
  });

  it('needs a signed-in user (401)', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/workspaces/visitor-trial' });
    expect(res.statusCode).toBe(401);
  });
});
