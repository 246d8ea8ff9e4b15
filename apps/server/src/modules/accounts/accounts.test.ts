import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  createFormTemplate,
  createUser,
  createWorkspace,
  insertWorkspaceTree,
  type Persona,
  personaFor,
  type TestWorkspace,
} from '../../../test/factories.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { inScope } from '../../db/tenant.ts';
import { runPendingJobs } from '../../jobs/runner.ts';
import { trialEndJobHandler, trialEndJobKind } from './accounts.service.ts';

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
      subscriptionTerm: null,
      contributorUsersPaid: 0,
      paidUsersPaid: 0,
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

describe('GET /api/workspaces/:workspaceId/account: billing (spec 3, 5.6)', () => {
  it('a paid account answers its term and the licences paid beside those used', async () => {
    const paid = await createWorkspace(ctx, {
      projects: 0,
      plan: 'pro',
      account: { subscriptionTerm: 'one_year', contributorUsersPaid: 10, paidUsersPaid: 2 },
    });
    const res = await get(paid.personas.orgController, accountUrl(paid.workspaceId));
    expect(res.json()).toMatchObject({
      subscriptionTerm: 'one_year',
      contributorUsersPaid: 10,
      contributorUsersUsed: 6,
      paidUsersPaid: 2,
      paidUsersUsed: 0,
    });
  });
});

const usageUrl = (workspaceId: string) => `/api/workspaces/${workspaceId}/usage`;
const locationFields = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ id: `loc${i}`, type: 'location' as const, label: `Location ${i}` }));

describe('GET /api/workspaces/:workspaceId/usage (spec 3, 5.2)', () => {
  let u: TestWorkspace;
  beforeAll(async () => {
    u = await createWorkspace(ctx, { projects: 1, teamsPerProject: 1, plan: 'premium' });
    const team = u.projects[0]?.teams[0]?.teamId as string;
    await createFormTemplate(ctx.database.db, u.workspaceId, {
      folderId: team,
      definition: {
        fields: [
          { id: 'yes', type: 'yesNo' as const, label: 'Ok?' },
          ...locationFields(4),
          { id: 'lp', type: 'listProperty' as const, label: 'Property' },
        ],
        logic: [
          {
            id: 'b1',
            triggerFieldId: 'yes',
            conditions: [{ operator: 'equals', value: 'yes' }, { operator: 'isEmpty' }],
            fieldIds: ['lp'],
          },
        ],
        pdfFilename: { parts: [{ kind: 'field', fieldId: 'yes' }] },
      },
    });
    await createFormTemplate(ctx.database.db, u.workspaceId, {
      folderId: team,
      definition: { fields: [{ id: 'a', type: 'singleLineText' as const, label: 'A' }, ...locationFields(6)] },
    });
  });

  it('the org controller reads the usage: the largest of any template, people across the account', async () => {
    const res = await get(u.personas.orgController, usageUrl(u.workspaceId));
    expect(res.statusCode).toBe(200);
    expect(res.json().usage).toEqual({
      fieldsPerTemplate: 7,
      logicRulesPerBlock: 2,
      logicBlocksPerField: 1,
      approvalSignatureLogicFields: 0,
      approvalSignatureConditions: 0,
      listPropertyFields: 1,
      locationFields: 6,
      pdfFilenameCustomFields: 1,
      propertiesPerList: 0,
      listPropertyTableColumns: 0,
      visitors: 1,
      paidUsers: 0,
      workspaces: 1,
      ssoEnabled: false,
    });
  });

  it("a plan the usage exceeds cannot be chosen, with the spec's message", async () => {
    const res = await get(u.personas.orgController, usageUrl(u.workspaceId));
    const byPlan = Object.fromEntries(res.json().plans.map((p: { plan: string }) => [p.plan, p]));
    expect(byPlan.standard).toEqual({
      plan: 'standard',
      exceeded: ['locationFields', 'pdfFilenameCustomFields', 'visitors'],
      message: "You've exceeded the limits of this plan. Check your Home Folder > Settings for more info.",
    });
    expect(byPlan.premium).toEqual({ plan: 'premium', exceeded: [], message: null });
    expect(byPlan.free_trial).toEqual({ plan: 'free_trial', exceeded: [], message: null });
  });

  it('an admin reads it; other roles may not (403)', async () => {
    expect((await get(u.personas.admin, usageUrl(u.workspaceId))).statusCode).toBe(200);
    for (const who of ['orgMember', 'projectController', 'teamMember', 'visitor'] as const) {
      expect((await get(u.personas[who], usageUrl(u.workspaceId))).statusCode).toBe(403);
    }
  });

  it("another tenant's workspace answers 404; a bad id 400", async () => {
    expect((await get(u.personas.outsider, usageUrl(u.workspaceId))).statusCode).toBe(404);
    expect((await get(u.personas.orgController, usageUrl(u.other.workspaceId))).statusCode).toBe(404);
    const bad = await get(u.personas.orgController, usageUrl('nope'));
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['content-type']).toContain('application/problem+json');
  });

  it('the server refuses a template beyond the plan in the table, with the spec message', async () => {
    const team = u.projects[0]?.teams[0]?.teamId as string;
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/teams/${team}/templates`,
      headers: await u.personas.orgController.headers(),
      payload: {
        name: 'Too many places',
        templateCode: `T-${crypto.randomUUID().slice(0, 8)}`,
        formName: 'Form',
        type: 'timeline',
        definition: { fields: locationFields(21) },
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual(
      expect.objectContaining({ message: 'You have exceeded the Location field limit for your plan type' }),
    );
  });
});

describe('the job that ends a free trial (spec 4.4)', () => {
  const runTrialJobs = () =>
    runPendingJobs(ctx.database.db, { [trialEndJobKind]: trialEndJobHandler(ctx.database.db) });

  async function newTrial() {
    const owner = personaFor(ctx, await createUser(ctx.database.db, { isVisitorOnly: true }));
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/workspaces',
      headers: await owner.headers(),
      payload: { name: `Trial ${crypto.randomUUID().slice(0, 6)}` },
    });
    expect(res.statusCode).toBe(201);
    return { owner, workspaceId: res.json().workspaceId as string, accountId: res.json().account.accountId as string };
  }

  /** Time passes: the trial's end date (and its job's) moves into the past. */
  async function endDatePasses(workspaceId: string, accountId: string) {
    await inScope(ctx.database.db, { workspaceId, userId: null, isAdmin: false }, async (tx) => {
      await tx.execute(
        sql`update accounts set trial_end_date = now() - interval '1 minute' where account_id = ${accountId}`,
      );
      await tx.execute(
        sql`update jobs set run_after = now() - interval '1 minute' where workspace_id = ${workspaceId} and kind = ${trialEndJobKind}`,
      );
    });
  }

  it('a new trial queues its end for its end date; nothing ends before', async () => {
    const t = await newTrial();
    const jobs = await inScope(ctx.database.db, { workspaceId: t.workspaceId, userId: null, isAdmin: false }, (tx) =>
      tx.execute<{ run_after: string; state: string }>(
        sql`select run_after, state from jobs where workspace_id = ${t.workspaceId} and kind = ${trialEndJobKind}`,
      ),
    );
    expect(jobs.rows).toHaveLength(1);
    const account = (await get(t.owner, accountUrl(t.workspaceId))).json();
    expect(new Date(jobs.rows[0]?.run_after as string).toISOString()).toBe(account.trialEndDate);
    await runTrialJobs();
    expect((await get(t.owner, accountUrl(t.workspaceId))).json().subscriptionStatus).toBe('free_trial');
  });

  it('when the date passes the job expires the trial, with nobody signed in, and audits it', async () => {
    const t = await newTrial();
    await endDatePasses(t.workspaceId, t.accountId);
    expect(await runTrialJobs()).toBeGreaterThanOrEqual(1);
    const account = (await get(t.owner, accountUrl(t.workspaceId))).json();
    expect(account.subscriptionStatus).toBe('expired_trial');
    const events = await inScope(ctx.database.db, { workspaceId: t.workspaceId, userId: null, isAdmin: false }, (tx) =>
      tx.execute<{ action: string; actor_user_id: string | null }>(
        sql`select action, actor_user_id from audit_events where workspace_id = ${t.workspaceId} and action = 'account.trialEnded'`,
      ),
    );
    expect(events.rows).toEqual([{ action: 'account.trialEnded', actor_user_id: null }]);
    // The accessible workspaces carry the new status too (the web app's force modal reads it).
    const listed = (await get(t.owner, '/api/workspaces/accessible')).json().workspaces;
    expect(
      listed.find((x: { workspaceId: string }) => x.workspaceId === t.workspaceId).account.subscriptionStatus,
    ).toBe('expired_trial');
  });

  it('an account that paid before the date is left alone', async () => {
    const t = await newTrial();
    await endDatePasses(t.workspaceId, t.accountId);
    await inScope(ctx.database.db, { workspaceId: t.workspaceId, userId: null, isAdmin: false }, (tx) =>
      tx.execute(
        sql`update accounts set plan_type = 'pro', subscription_status = 'active' where account_id = ${t.accountId}`,
      ),
    );
    await runTrialJobs();
    expect((await get(t.owner, accountUrl(t.workspaceId))).json()).toMatchObject({
      planType: 'pro',
      subscriptionStatus: 'active',
    });
  });
});
