import { randomUUID } from 'node:crypto';
import { planExceededMessage } from '@formwork/shared/limits';
import { prices } from '@formwork/shared/pricing';
import { sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createUser, createWorkspace, type Persona, type TestWorkspace } from '../../../test/factories.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { inScope } from '../../db/tenant.ts';
import { loadSecret } from '../../idp/keys.ts';
import { runPendingJobs } from '../../jobs/runner.ts';
import { paymentWebhookPath } from './checkout.routes.ts';
import { billingRecalculationJobHandler, billingRecalculationJobKind } from './checkout.service.ts';
import { testPaymentSecretName } from './payment-providers.ts';
import { paymentToken, signTestNotification, testSignatureHeader } from './test-payment-provider.ts';

let ctx: TestContext;
let secret: string;
beforeAll(async () => {
  ctx = await createTestApp();
  secret = await loadSecret(ctx.database.db, testPaymentSecretName);
});
afterAll(() => ctx.close());

const checkoutUrl = (workspaceId: string) => `/api/workspaces/${workspaceId}/checkout`;

async function get(persona: Persona, url: string) {
  return ctx.app.inject({ method: 'GET', url, headers: await persona.headers() });
}

async function post(persona: Persona, url: string, payload: unknown) {
  return ctx.app.inject({ method: 'POST', url, headers: await persona.headers(), payload: payload as object });
}

const order = {
  planType: 'pro',
  subscriptionTerm: 'one_year',
  contributorUsersPaid: 6,
  paidUsersPaid: 0,
} as const;

function fieldMessages(body: { errors: { path: string; message: string }[] }) {
  return Object.fromEntries(body.errors.map((e) => [e.path, e.message]));
}

async function account(workspaceId: string) {
  const rows = await inScope(ctx.database.db, { workspaceId, userId: null, isAdmin: false }, (tx) =>
    tx.execute<Record<string, unknown>>(sql`
      select a.plan_type, a.subscription_status, a.subscription_term, a.contributor_users_paid, a.paid_users_paid,
             a.billing_recalculated_at
        from workspaces w join accounts a on a.account_id = w.account_id where w.workspace_id = ${workspaceId}`),
  );
  return rows.rows[0] as Record<string, unknown>;
}

async function auditActions(workspaceId: string, prefix = 'account.') {
  const rows = await inScope(ctx.database.db, { workspaceId, userId: null, isAdmin: false }, (tx) =>
    tx.execute<{ action: string; actor_user_id: string | null }>(
      sql`select action, actor_user_id from audit_events where workspace_id = ${workspaceId} and action like ${`${prefix}%`} order by created_at, action`,
    ),
  );
  return rows.rows;
}

async function deliver(body: string, signature = signTestNotification(secret, body)) {
  return ctx.app.inject({
    method: 'POST',
    url: paymentWebhookPath,
    headers: { 'content-type': 'application/json', [testSignatureHeader]: signature },
    payload: body,
  });
}

const payPage = (link: string) => ctx.app.inject({ method: 'GET', url: link.replace('http://formwork.test', '') });
const tokenOf = (link: string) => new URL(link).searchParams.get('paymentToken') as string;
const submit = (action: 'pay' | 'cancel', token: string) =>
  ctx.app.inject({
    method: 'POST',
    url: `/payment_page/${action}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ paymentToken: token }).toString(),
  });

describe('GET /api/workspaces/:workspaceId/checkout: what checkout offers (spec 5.6, 6, 9)', () => {
  let trial: TestWorkspace;
  beforeAll(async () => {
    trial = await createWorkspace(ctx, { projects: 1, teamsPerProject: 1, plan: 'free_trial' });
  });

  it('a trial: offered, in USD by default, with the licences used and every plan priced from the table', async () => {
    const res = await get(trial.personas.orgController, checkoutUrl(trial.workspaceId));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ offered: true, currency: 'USD', contributorUsersUsed: 6, paidUsersUsed: 0 });
    expect(body.plans.map((p: { plan: string }) => p.plan)).toEqual(['standard', 'pro', 'premium', 'platinum']);
    expect(body.plans[1]).toEqual({ plan: 'pro', prices: prices.pro.USD, exceeded: [], message: null });
  });

  it('the currency follows the continent, and the mobile country before it', async () => {
    const oc = await get(trial.personas.orgController, `${checkoutUrl(trial.workspaceId)}?continent=OC`);
    expect(oc.json()).toMatchObject({
      currency: 'AUD',
      plans: expect.arrayContaining([expect.objectContaining({ prices: prices.pro.AUD })]),
    });
    expect(
      (await get(trial.personas.orgController, `${checkoutUrl(trial.workspaceId)}?continent=EU`)).json().currency,
    ).toBe('EUR');
    expect(
      (await get(trial.personas.orgController, `${checkoutUrl(trial.workspaceId)}?continent=AF`)).json().currency,
    ).toBe('ZAR');
    await inScope(ctx.database.db, { workspaceId: trial.workspaceId, userId: null, isAdmin: false }, (tx) =>
      tx.execute(sql`update users set mobile = '+27 821234567' where user_id = ${trial.personas.admin.userId}`),
    );
    expect((await get(trial.personas.admin, `${checkoutUrl(trial.workspaceId)}?continent=OC`)).json().currency).toBe(
      'ZAR',
    );
  });

  it('a managed or paid account is not offered checkout', async () => {
    const paid = await createWorkspace(ctx, { projects: 0, plan: 'pro' });
    expect((await get(paid.personas.orgController, checkoutUrl(paid.workspaceId))).json().offered).toBe(false);
  });

  it('other roles 403; another workspace 404; a bad id or continent 400', async () => {
    for (const who of ['orgMember', 'projectController', 'teamMember', 'visitor'] as const) {
      expect((await get(trial.personas[who], checkoutUrl(trial.workspaceId))).statusCode).toBe(403);
      expect((await post(trial.personas[who], checkoutUrl(trial.workspaceId), order)).statusCode).toBe(403);
    }
    expect((await get(trial.personas.outsider, checkoutUrl(trial.workspaceId))).statusCode).toBe(404);
    expect((await post(trial.personas.outsider, checkoutUrl(trial.workspaceId), order)).statusCode).toBe(404);
    expect((await get(trial.personas.orgController, checkoutUrl(trial.other.workspaceId))).statusCode).toBe(404);
    const bad = await get(trial.personas.orgController, checkoutUrl('nope'));
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['content-type']).toContain('application/problem+json');
    expect((await get(trial.personas.orgController, `${checkoutUrl(trial.workspaceId)}?continent=XX`)).statusCode).toBe(
      400,
    );
  });
});

describe('POST /api/workspaces/:workspaceId/checkout: the payment link (spec 4.4, 5.6, 7)', () => {
  let trial: TestWorkspace;
  beforeAll(async () => {
    trial = await createWorkspace(ctx, { projects: 1, teamsPerProject: 1, plan: 'free_trial' });
  });

  it('the server prices the order from the table (annual = 12 x monthly) and answers the payment page', async () => {
    const res = await post(trial.personas.orgController, checkoutUrl(trial.workspaceId), {
      ...order,
      // Whatever the browser says it costs is not read.
      amountTotal: 1,
      currency: 'ZAR',
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.currency).toBe('USD');
    expect(body.amountTotal).toBe(12 * 6 * prices.pro.USD.contributor);
    expect(body.paymentLink).toMatch(/^http:\/\/formwork\.test\/payment_page\?paymentToken=/);
    const page = await payPage(body.paymentLink);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('TEST PAYMENT PAGE');
    expect(page.body).toContain('$1,800.00');
  });

  it('a monthly term charges one month', async () => {
    const res = await post(trial.personas.orgController, checkoutUrl(trial.workspaceId), {
      ...order,
      subscriptionTerm: 'monthly',
      planType: 'premium',
      contributorUsersPaid: 7,
      paidUsersPaid: 2,
    });
    expect(res.json().amountTotal).toBe(7 * prices.premium.USD.contributor + 2 * prices.premium.USD.paidUser);
  });

  it("refuses licences below what is used, paid users on standard, and bad numbers, with the spec's messages", async () => {
    const few = await post(trial.personas.orgController, checkoutUrl(trial.workspaceId), {
      ...order,
      contributorUsersPaid: 5,
    });
    expect(few.statusCode).toBe(400);
    expect(fieldMessages(few.json())['body.contributorUsersPaid']).toBe(
      'Number must be equal or higher than the users currently in your account.',
    );
    const standard = await post(trial.personas.orgController, checkoutUrl(trial.workspaceId), {
      ...order,
      planType: 'standard',
      paidUsersPaid: 1,
    });
    expect(standard.statusCode).toBe(400);
    expect(fieldMessages(standard.json())['body.paidUsersPaid']).toBe('The Standard plan has no paid users.');
    for (const bad of [
      { ...order, contributorUsersPaid: 6.5 },
      { ...order, paidUsersPaid: -1 },
      { ...order, contributorUsersPaid: '6' },
      { ...order, planType: 'free_trial' },
      { ...order, subscriptionTerm: 'two_years' },
      { ...order, returnPath: '//evil.example/x' },
      { ...order, returnPath: 'https://evil.example/' },
    ]) {
      const res = await post(trial.personas.orgController, checkoutUrl(trial.workspaceId), bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json().errors.length).toBeGreaterThan(0);
    }
  });

  it("a plan the usage exceeds cannot be chosen (spec 5.2's message)", async () => {
    const visitor = await createUser(ctx.database.db, {});
    await addMember(ctx.database.db, trial.workspaceId, visitor.userId, { userType: 'visitor' });
    const res = await post(trial.personas.orgController, checkoutUrl(trial.workspaceId), {
      ...order,
      planType: 'standard',
      contributorUsersPaid: 6,
    });
    expect(res.statusCode).toBe(400);
    expect(fieldMessages(res.json())['body.planType']).toBe(planExceededMessage);
  });

  it('a managed account, or one that already pays, is refused (spec 6)', async () => {
    const paid = await createWorkspace(ctx, { projects: 0, plan: 'pro' });
    const res = await post(paid.personas.orgController, checkoutUrl(paid.workspaceId), order);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('checkoutNotOffered');
  });
});

describe('the local test provider: pay, cancel, signed notifications (issue 17.4)', () => {
  let trial: TestWorkspace;
  beforeAll(async () => {
    trial = await createWorkspace(ctx, { projects: 1, teamsPerProject: 1, plan: 'free_trial' });
  });

  async function start(extra: Record<string, unknown> = {}) {
    const res = await post(trial.personas.orgController, checkoutUrl(trial.workspaceId), { ...order, ...extra });
    expect(res.statusCode).toBe(201);
    return res.json() as { checkoutId: string; paymentLink: string };
  }

  it('a made-up or altered payment token finds nothing (404)', async () => {
    const { paymentLink } = await start();
    const token = tokenOf(paymentLink);
    expect((await payPage(`/payment_page?paymentToken=${trial.workspaceId}.${randomUUID()}.abc`)).statusCode).toBe(404);
    const altered = token.replace(/.$/, (c) => (c === '0' ? '1' : '0'));
    expect((await submit('pay', altered)).statusCode).toBe(404);
    expect((await submit('pay', '')).statusCode).toBe(400);
  });

  it('cancel: back to the page without the success view; nothing changes', async () => {
    const { paymentLink } = await start({ returnPath: `/home/company/${trial.workspaceId}/settings/billing` });
    const res = await submit('cancel', tokenOf(paymentLink));
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`http://formwork.test/home/company/${trial.workspaceId}/settings/billing`);
    expect(await account(trial.workspaceId)).toMatchObject({
      plan_type: 'free_trial',
      subscription_status: 'free_trial',
    });
    expect((await submit('pay', tokenOf(paymentLink))).statusCode).toBe(409);
  });

  it('forged, unsigned, stale or malformed notifications are refused and change nothing', async () => {
    const { checkoutId } = await start();
    const body = JSON.stringify({
      id: 'evt_forged',
      type: 'checkout.completed',
      workspaceId: trial.workspaceId,
      checkoutId,
    });
    const forged = await deliver(body, signTestNotification('not-the-secret', body));
    expect(forged.statusCode).toBe(400);
    expect(forged.json().code).toBe('paymentNotificationInvalid');
    const unsigned = await ctx.app.inject({
      method: 'POST',
      url: paymentWebhookPath,
      headers: { 'content-type': 'application/json' },
      payload: body,
    });
    expect(unsigned.statusCode).toBe(400);
    expect((await deliver(body, signTestNotification(secret, body, Date.now() - 3600_000))).statusCode).toBe(400);
    const tampered = body.replace('checkout.completed', 'checkout.cancelled');
    expect((await deliver(tampered, signTestNotification(secret, body))).statusCode).toBe(400);
    expect((await deliver('{"id":"x"}')).statusCode).toBe(400);
    expect((await deliver('not json')).statusCode).toBe(400);
    expect(await account(trial.workspaceId)).toMatchObject({
      plan_type: 'free_trial',
      subscription_status: 'free_trial',
    });
    // The forged event id was not spent: the genuine event with that id still applies.
    expect((await deliver(body)).json().outcome).toBe('upgraded');
  });

  it('pay: the account moves to the plan bought; a replay changes nothing; billing is recalculated 10 s later by a job', async () => {
    const fresh = await createWorkspace(ctx, { projects: 1, teamsPerProject: 1, plan: 'free_trial' });
    const started = await post(fresh.personas.orgController, checkoutUrl(fresh.workspaceId), {
      ...order,
      planType: 'premium',
      contributorUsersPaid: 8,
      paidUsersPaid: 3,
    });
    const { paymentLink, checkoutId } = started.json();
    const before = Date.now();
    const paid = await submit('pay', tokenOf(paymentLink));
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(
      `http://formwork.test/home/company/${fresh.workspaceId}/activity?view=checkoutSuccess`,
    );
    expect(await account(fresh.workspaceId)).toMatchObject({
      plan_type: 'premium',
      subscription_status: 'active',
      subscription_term: 'one_year',
      contributor_users_paid: 8,
      paid_users_paid: 3,
      billing_recalculated_at: null,
    });
    const accountRes = await get(fresh.personas.orgController, `/api/workspaces/${fresh.workspaceId}/account`);
    expect(accountRes.json()).toMatchObject({ planType: 'premium', subscriptionStatus: 'active' });
    // The same event again, and another completion of the paid checkout: nothing more happens.
    const replay = JSON.stringify({
      id: 'evt_again',
      type: 'checkout.completed',
      workspaceId: fresh.workspaceId,
      checkoutId,
    });
    expect((await deliver(replay)).json().outcome).toBe('checkoutClosed');
    expect((await deliver(replay)).json().outcome).toBe('replayed');
    expect((await submit('pay', tokenOf(paymentLink))).statusCode).toBe(409);
    expect(await auditActions(fresh.workspaceId)).toEqual([
      { action: 'account.checkoutStarted', actor_user_id: fresh.personas.orgController.userId },
      { action: 'account.upgraded', actor_user_id: fresh.personas.orgController.userId },
    ]);
    // The recalculation waits its 10 s.
    const jobs = await inScope(
      ctx.database.db,
      { workspaceId: fresh.workspaceId, userId: null, isAdmin: false },
      (tx) =>
        tx.execute<{ run_after: string }>(
          sql`select run_after from jobs where workspace_id = ${fresh.workspaceId} and kind = ${billingRecalculationJobKind}`,
        ),
    );
    expect(jobs.rows).toHaveLength(1);
    const delay = new Date(jobs.rows[0]?.run_after as string).getTime() - before;
    expect(delay).toBeGreaterThanOrEqual(9_000);
    expect(delay).toBeLessThanOrEqual(11_000);
    const run = () =>
      runPendingJobs(ctx.database.db, {
        [billingRecalculationJobKind]: billingRecalculationJobHandler(ctx.database.db),
      });
    await run();
    expect((await account(fresh.workspaceId)).billing_recalculated_at).toBeNull();
    await inScope(ctx.database.db, { workspaceId: fresh.workspaceId, userId: null, isAdmin: false }, (tx) =>
      tx.execute(sql`update jobs set run_after = now() - interval '1 second' where workspace_id = ${fresh.workspaceId}
                     and kind = ${billingRecalculationJobKind}`),
    );
    expect(await run()).toBe(1);
    expect((await account(fresh.workspaceId)).billing_recalculated_at).not.toBeNull();
    expect((await auditActions(fresh.workspaceId)).at(-1)).toEqual({
      action: 'account.billingRecalculated',
      actor_user_id: null,
    });
    // Paid: checkout is no longer offered.
    expect((await get(fresh.personas.orgController, checkoutUrl(fresh.workspaceId))).json().offered).toBe(false);
  });

  it('a second checkout paid after the first buys nothing more', async () => {
    const fresh = await createWorkspace(ctx, { projects: 0, plan: 'free_trial' });
    const a = (await post(fresh.personas.orgController, checkoutUrl(fresh.workspaceId), order)).json();
    const b = (
      await post(fresh.personas.orgController, checkoutUrl(fresh.workspaceId), { ...order, planType: 'platinum' })
    ).json();
    await submit('pay', tokenOf(a.paymentLink));
    const body = JSON.stringify({
      id: 'evt_b',
      type: 'checkout.completed',
      workspaceId: fresh.workspaceId,
      checkoutId: b.checkoutId,
    });
    expect((await deliver(body)).json().outcome).toBe('notOffered');
    expect((await account(fresh.workspaceId)).plan_type).toBe('pro');
  });

  it("the provider sets a paid subscription's status: paused, overdue invoice, churned, active again (spec 4.4)", async () => {
    const paid = await createWorkspace(ctx, { projects: 0, plan: 'pro', account: { accountType: 'self_service' } });
    const status = (id: string, s: string) =>
      deliver(JSON.stringify({ id, type: 'subscription.updated', workspaceId: paid.workspaceId, status: s }));
    for (const [id, s] of [
      ['evt_1', 'paused'],
      ['evt_2', 'overdue_invoice'],
      ['evt_3', 'churned'],
    ] as const) {
      expect((await status(id, s)).json().outcome).toBe('statusChanged');
      const listed = (await get(paid.personas.teamMember, '/api/workspaces/accessible')).json().workspaces;
      const mine = listed.find((x: { workspaceId: string }) => x.workspaceId === paid.workspaceId);
      expect(mine.account.subscriptionStatus).toBe(s);
    }
    // A replay of an older event does not undo the newer state.
    expect((await status('evt_1', 'paused')).json().outcome).toBe('replayed');
    expect((await account(paid.workspaceId)).subscription_status).toBe('churned');
    expect((await status('evt_4', 'active')).json().outcome).toBe('statusChanged');
    expect((await account(paid.workspaceId)).subscription_status).toBe('active');
    expect((await auditActions(paid.workspaceId)).map((e) => [e.action, e.actor_user_id])).toEqual(
      Array(4).fill(['account.subscriptionChanged', null]),
    );
    // A trial's status is the trial's own (its job), not the provider's.
    const other = await createWorkspace(ctx, { projects: 0, plan: 'free_trial' });
    expect(
      (
        await deliver(
          JSON.stringify({
            id: 'evt_t',
            type: 'subscription.updated',
            workspaceId: other.workspaceId,
            status: 'paused',
          }),
        )
      ).json().outcome,
    ).toBe('ignored');
  });

  it('a signed notification about a workspace that does not exist is ignored', async () => {
    const body = JSON.stringify({
      id: 'evt_x',
      type: 'checkout.completed',
      workspaceId: randomUUID(),
      checkoutId: randomUUID(),
    });
    expect((await deliver(body)).json()).toEqual({ received: true, outcome: 'ignored' });
  });

  it('a checkout of another workspace cannot be paid with this workspace id', async () => {
    const mine = await createWorkspace(ctx, { projects: 0, plan: 'free_trial' });
    const { checkoutId } = (await post(mine.personas.orgController, checkoutUrl(mine.workspaceId), order)).json();
    const other = await createWorkspace(ctx, { projects: 0, plan: 'free_trial' });
    const body = JSON.stringify({
      id: 'evt_cross',
      type: 'checkout.completed',
      workspaceId: other.workspaceId,
      checkoutId,
    });
    expect((await deliver(body)).json().outcome).toBe('unknownCheckout');
    expect((await account(other.workspaceId)).plan_type).toBe('free_trial');
    expect(paymentToken(secret, trial.workspaceId, checkoutId)).not.toBe(
      paymentToken(secret, other.workspaceId, checkoutId),
    );
  });
});

describe('Stripe Checkout by configuration: webhooks checked with constructEvent, idempotent', () => {
  const webhookSecret = 'whsec_test_formwork';
  let stripeCtx: TestContext;
  let trial: TestWorkspace;
  beforeAll(async () => {
    stripeCtx = await createTestApp({
      env: { PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_formwork', STRIPE_WEBHOOK_SECRET: webhookSecret },
    });
    trial = await createWorkspace(stripeCtx, { projects: 0, plan: 'free_trial' });
  });
  afterAll(() => stripeCtx.close());

  /** A checkout as Stripe's session would carry it (made without calling Stripe, which is not reachable here). */
  async function openCheckout() {
    const checkoutId = randomUUID();
    await inScope(stripeCtx.database.db, { workspaceId: trial.workspaceId, userId: null, isAdmin: false }, (tx) =>
      tx.execute(sql`insert into checkouts (workspace_id, checkout_id, account_id, created_by, provider, provider_reference,
          plan_type, subscription_term, contributor_users_paid, paid_users_paid, currency, amount_total, return_url)
        values (${trial.workspaceId}, ${checkoutId}, ${trial.accountId}, ${trial.personas.orgController.userId}, 'stripe',
          'cs_test_1', 'pro', 'monthly', 6, 0, 'USD', 15000, 'http://formwork.test/')`),
    );
    return checkoutId;
  }

  const stripeEvent = (id: string, type: string, object: Record<string, unknown>) =>
    JSON.stringify({ id, object: 'event', type, api_version: '2025-08-27.basil', created: 1, data: { object } });

  async function send(payload: string, secretKey = webhookSecret) {
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: secretKey });
    return stripeCtx.app.inject({
      method: 'POST',
      url: paymentWebhookPath,
      headers: { 'content-type': 'application/json', 'stripe-signature': header },
      payload,
    });
  }

  it('the test payment page is not served with Stripe', async () => {
    expect((await stripeCtx.app.inject({ method: 'GET', url: '/payment_page?paymentToken=x' })).statusCode).not.toBe(
      200,
    );
  });

  it('a completed session upgrades once; a forged one or a replay changes nothing', async () => {
    const checkoutId = await openCheckout();
    const payload = stripeEvent('evt_1', 'checkout.session.completed', {
      id: 'cs_test_1',
      object: 'checkout.session',
      payment_status: 'paid',
      metadata: { workspaceId: trial.workspaceId, checkoutId },
    });
    const forged = await send(payload, 'whsec_someone_else');
    expect(forged.statusCode).toBe(400);
    const unsigned = await stripeCtx.app.inject({
      method: 'POST',
      url: paymentWebhookPath,
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(unsigned.statusCode).toBe(400);
    const first = await send(payload);
    expect(first.json()).toEqual({ received: true, outcome: 'upgraded' });
    expect((await send(payload)).json().outcome).toBe('replayed');
    const res = await stripeCtx.app.inject({
      method: 'GET',
      url: `/api/workspaces/${trial.workspaceId}/account`,
      headers: await trial.personas.orgController.headers(),
    });
    expect(res.json()).toMatchObject({ planType: 'pro', subscriptionStatus: 'active', contributorUsersPaid: 6 });
  });

  it("the subscription's status follows Stripe's: past_due overdue, paused, deleted churned", async () => {
    const sub = (id: string, type: string, status: string) =>
      send(
        stripeEvent(id, type, {
          id: 'sub_1',
          object: 'subscription',
          status,
          metadata: { workspaceId: trial.workspaceId },
        }),
      );
    expect((await sub('evt_s1', 'customer.subscription.updated', 'past_due')).json().outcome).toBe('statusChanged');
    const status = async () =>
      (
        await stripeCtx.app.inject({
          method: 'GET',
          url: `/api/workspaces/${trial.workspaceId}/account`,
          headers: await trial.personas.orgController.headers(),
        })
      ).json().subscriptionStatus;
    expect(await status()).toBe('overdue_invoice');
    await sub('evt_s2', 'customer.subscription.paused', 'paused');
    expect(await status()).toBe('paused');
    await sub('evt_s3', 'customer.subscription.deleted', 'canceled');
    expect(await status()).toBe('churned');
    expect((await sub('evt_s4', 'invoice.paid', 'paid')).json().outcome).toBe('ignored');
  });
});
