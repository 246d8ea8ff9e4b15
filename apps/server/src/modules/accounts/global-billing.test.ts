import { randomUUID } from 'node:crypto';
import { billingContactMessages } from '@formwork/shared/schemas/accounts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorkspace, type Persona, type TestWorkspace } from '../../../test/factories.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { inScope } from '../../db/tenant.ts';

let ctx: TestContext;
let w: TestWorkspace;
beforeAll(async () => {
  ctx = await createTestApp();
  w = await createWorkspace(ctx, { projects: 1, teamsPerProject: 1, plan: 'pro' });
});
afterAll(() => ctx.close());

const billingUrl = (workspaceId: string) => `/api/workspaces/${workspaceId}/global-billing`;
const contactUrl = (workspaceId: string) => `/api/workspaces/${workspaceId}/billing-contact`;
const contact = { name: 'Priya Accounts', email: 'accounts@harbour.example' };

async function get(persona: Persona, url: string) {
  return ctx.app.inject({ method: 'GET', url, headers: await persona.headers() });
}

async function put(persona: Persona, url: string, payload: unknown) {
  return ctx.app.inject({ method: 'PUT', url, headers: await persona.headers(), payload: payload as object });
}

async function billingEvents(workspaceId: string) {
  const rows = await inScope(ctx.database.db, { workspaceId, userId: null, isAdmin: false }, (tx) =>
    tx.execute<{ actor_user_id: string; details: { changed: string[] } }>(
      sql`select actor_user_id, details from audit_events
           where workspace_id = ${workspaceId} and action = 'workspace.updated' and details->'changed' ? 'billingContact'`,
    ),
  );
  return rows.rows;
}

/** A checkout the payment provider reported paid (as its notification leaves it), and one still open. */
async function insertCheckout(state: 'paid' | 'open', amount: number, completedAt: string | null) {
  await inScope(ctx.database.db, { workspaceId: w.workspaceId, userId: null, isAdmin: false }, (tx) =>
    tx.execute(sql`insert into checkouts (workspace_id, checkout_id, account_id, created_by, provider, plan_type,
        subscription_term, contributor_users_paid, paid_users_paid, currency, amount_total, return_url, state, completed_at)
      values (${w.workspaceId}, ${randomUUID()}, ${w.accountId}, ${w.personas.orgController.userId}, 'test', 'pro',
        'one_year', 6, 0, 'USD', ${amount}, 'http://formwork.test/', ${state}, ${completedAt})`),
  );
}

describe('Global Billing (spec 2.6)', () => {
  it('shows no contact and no payments before there are any', async () => {
    const res = await get(w.personas.orgController, billingUrl(w.workspaceId));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ contact: null, payments: [] });
  });

  it('an org controller sets the billing contact, audited once; the same contact again records nothing', async () => {
    const res = await put(w.personas.orgController, contactUrl(w.workspaceId), {
      name: '  Priya Accounts ',
      email: 'accounts@harbour.example',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().contact).toEqual(contact);
    expect((await get(w.personas.admin, billingUrl(w.workspaceId))).json().contact).toEqual(contact);
    expect((await put(w.personas.orgController, contactUrl(w.workspaceId), contact)).statusCode).toBe(200);
    const events = await billingEvents(w.workspaceId);
    expect(events).toHaveLength(1);
    expect(events[0]?.actor_user_id).toBe(w.personas.orgController.userId);
  });

  it('lists the paid checkouts, newest first, and not those still open', async () => {
    await insertCheckout('paid', 90000, '2026-01-05T10:00:00Z');
    await insertCheckout('paid', 120000, '2026-06-05T10:00:00Z');
    await insertCheckout('open', 50000, null);
    const { payments } = (await get(w.personas.orgController, billingUrl(w.workspaceId))).json();
    expect(payments.map((p: { amountTotal: number }) => p.amountTotal)).toEqual([120000, 90000]);
    expect(payments[0]).toMatchObject({
      planType: 'pro',
      subscriptionTerm: 'one_year',
      contributorUsersPaid: 6,
      currency: 'USD',
      paidAt: '2026-06-05T10:00:00.000Z',
    });
  });

  it('others may neither read nor set it (403)', async () => {
    for (const persona of [w.personas.orgMember, w.personas.projectController, w.personas.teamMember]) {
      expect((await get(persona, billingUrl(w.workspaceId))).statusCode).toBe(403);
      expect((await put(persona, contactUrl(w.workspaceId), contact)).statusCode).toBe(403);
    }
  });

  it("another workspace's billing answers 404", async () => {
    expect((await get(w.personas.outsider, billingUrl(w.workspaceId))).statusCode).toBe(404);
    expect((await get(w.personas.orgController, billingUrl(w.other.workspaceId))).statusCode).toBe(404);
    expect((await put(w.personas.orgController, contactUrl(w.other.workspaceId), contact)).statusCode).toBe(404);
  });

  it("refuses a bad name or e-mail with the field's message, and changes nothing", async () => {
    const cases: [unknown, string, string][] = [
      [{ name: '   ', email: 'a@b.example' }, 'body.name', billingContactMessages.name],
      [{ name: 'Priya', email: 'not-an-address' }, 'body.email', billingContactMessages.email],
      [{ name: 'Priya' }, 'body.email', billingContactMessages.email],
    ];
    for (const [payload, path, message] of cases) {
      const res = await put(w.personas.orgController, contactUrl(w.workspaceId), payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json().errors, JSON.stringify(payload)).toContainEqual(expect.objectContaining({ path, message }));
    }
    expect((await get(w.personas.orgController, billingUrl(w.workspaceId))).json().contact).toEqual(contact);
  });
});
