import { randomUUID } from 'node:crypto';
import type { Plan } from '@formwork/shared/limits';
import { canUpgradeBySelfService } from '@formwork/shared/permissions';
import {
  type Continent,
  currencyFor,
  licenceMessages,
  licenceMinimums,
  orderTotal,
  paidPlans,
  prices,
} from '@formwork/shared/pricing';
import type { CheckoutOptions, CheckoutRequest, CheckoutResponse } from '@formwork/shared/schemas/checkout';
import { and, eq, sql } from 'drizzle-orm';
import type { AccessContext } from '../../authz/context.ts';
import type { AppDb } from '../../db/client.ts';
import { accounts, checkouts, paymentEvents, users, workspaces } from '../../db/schema.ts';
import { inScope, type Tx } from '../../db/tenant.ts';
import { AppError } from '../../errors.ts';
import { enqueueJob, type Job } from '../../jobs/job-queue.ts';
import { recordEvents } from '../activity/record-events.ts';
import * as accountQueries from './accounts.queries.ts';
import { accountUsage } from './accounts.service.ts';
import type { PaymentNotification, PaymentProvider } from './payment-provider.ts';

/** Spec 9: billing is recalculated 10000 ms after a checkout succeeds (a job). */
export const billingRecalculationDelayMs = 10_000;
export const billingRecalculationJobKind = 'account.billingRecalculate';

/** The caller's mobile (spec 9: the currency comes from the mobile's country first). */
async function mobileOf(tx: Tx, userId: string): Promise<string | null> {
  const [row] = await tx.select({ mobile: users.mobile }).from(users).where(eq(users.userId, userId));
  return row?.mobile ?? null;
}

async function accountOf(tx: Tx, workspaceId: string) {
  const account = await accountQueries.accountOfWorkspace(tx, workspaceId);
  if (!account) throw new AppError('notFound');
  return account;
}

const offered = (a: { accountType: 'managed' | 'self_service'; planType: Plan; subscriptionStatus: string }) =>
  canUpgradeBySelfService({
    accountType: a.accountType,
    plan: a.planType,
    status: a.subscriptionStatus as Parameters<typeof canUpgradeBySelfService>[0]['status'],
  });

/**
 * What the checkout modal offers (spec 4.4, 5.6, 6, 9): whether checkout is offered to this
 * account, the currency, the licences used and each plan's prices and exceeded limits.
 */
export async function checkoutOptions(
  db: AppDb,
  ctx: AccessContext,
  continent: Continent | undefined,
): Promise<CheckoutOptions> {
  const { workspaceId } = ctx.workspace;
  const found = await inScope(db, ctx.scope, async (tx) => {
    const account = await accountOf(tx, workspaceId);
    return {
      account,
      contributorUsersUsed: await accountQueries.contributorUsersUsed(tx, account.accountId),
      mobile: await mobileOf(tx, ctx.user.userId),
    };
  });
  const usage = await accountUsage(db, ctx.user, workspaceId);
  const currency = currencyFor({ mobile: found.mobile, continent });
  return {
    offered: offered(found.account),
    currency,
    contributorUsersUsed: found.contributorUsersUsed,
    paidUsersUsed: usage.usage.paidUsers,
    plans: paidPlans.map((plan) => {
      const p = usage.plans.find((x) => x.plan === plan);
      return { plan, prices: prices[plan][currency], exceeded: p?.exceeded ?? [], message: p?.message ?? null };
    }),
  };
}

/**
 * Starts a checkout (spec 4.4, 7): checks spec 6 (offered only to self-service accounts on the free
 * trial), spec 5.2 (not a plan the usage exceeds) and 5.6 (licence minimums), prices the order
 * from the one table in the currency the server derives, stores it with its audit event, then asks
 * the payment provider for the payment page the browser goes to.
 */
export async function startCheckout(
  db: AppDb,
  provider: PaymentProvider,
  publicUrl: string,
  ctx: AccessContext,
  body: CheckoutRequest,
): Promise<CheckoutResponse> {
  const { workspaceId } = ctx.workspace;
  const usage = await accountUsage(db, ctx.user, workspaceId);
  const checkoutId = randomUUID();
  const returnPath = body.returnPath ?? `/home/company/${workspaceId}/activity`;
  const successUrl = withView(`${publicUrl}${returnPath}`, 'checkoutSuccess');
  const cancelUrl = `${publicUrl}${returnPath}`;
  const order = await inScope(db, ctx.scope, async (tx) => {
    const account = await accountOf(tx, workspaceId);
    if (!offered(account)) throw new AppError('checkoutNotOffered');
    const errors: { path: string; message: string }[] = [];
    const plan = usage.plans.find((p) => p.plan === body.planType);
    if (plan?.message) errors.push({ path: 'body.planType', message: plan.message });
    const minimums = licenceMinimums(body.planType, {
      contributorUsersUsed: await accountQueries.contributorUsersUsed(tx, account.accountId),
      paidUsersUsed: usage.usage.paidUsers,
    });
    if (body.contributorUsersPaid < minimums.contributorUsersPaid) {
      errors.push({ path: 'body.contributorUsersPaid', message: licenceMessages.contributorsBelowUsed });
    }
    if (body.planType === 'standard' && body.paidUsersPaid > 0) {
      errors.push({ path: 'body.paidUsersPaid', message: licenceMessages.paidUsersOnStandard });
    } else if (body.paidUsersPaid < minimums.paidUsersPaid) {
      errors.push({ path: 'body.paidUsersPaid', message: licenceMessages.paidUsersBelowUsed });
    }
    if (errors.length > 0) throw new AppError('validationFailed', { errors });
    const currency = currencyFor({ mobile: await mobileOf(tx, ctx.user.userId), continent: body.continent });
    const { total } = orderTotal(body, currency);
    await tx.insert(checkouts).values({
      workspaceId,
      checkoutId,
      accountId: account.accountId,
      createdBy: ctx.user.userId,
      provider: provider.name,
      planType: body.planType,
      subscriptionTerm: body.subscriptionTerm,
      contributorUsersPaid: body.contributorUsersPaid,
      paidUsersPaid: body.paidUsersPaid,
      currency,
      amountTotal: total,
      returnUrl: successUrl,
    });
    await recordEvents(tx, [
      {
        workspaceId,
        actorUserId: ctx.user.userId,
        action: 'account.checkoutStarted',
        subjectType: 'account',
        subjectId: account.accountId,
        folderPath: [workspaceId],
        details: {
          checkoutId,
          planType: body.planType,
          subscriptionTerm: body.subscriptionTerm,
          currency,
          amountTotal: total,
        },
      },
    ]);
    return { account, currency, total };
  });
  const page = await provider.createPaymentPage({
    workspaceId,
    checkoutId,
    accountId: order.account.accountId,
    accountName: order.account.name,
    planType: body.planType,
    subscriptionTerm: body.subscriptionTerm,
    contributorUsersPaid: body.contributorUsersPaid,
    paidUsersPaid: body.planType === 'standard' ? 0 : body.paidUsersPaid,
    currency: order.currency,
    unitPrices: prices[body.planType][order.currency],
    amountTotal: order.total,
    successUrl,
    cancelUrl,
  });
  if (page.providerReference) {
    await inScope(db, ctx.scope, (tx) =>
      tx
        .update(checkouts)
        .set({ providerReference: page.providerReference })
        .where(and(eq(checkouts.workspaceId, workspaceId), eq(checkouts.checkoutId, checkoutId))),
    );
  }
  return { checkoutId, paymentLink: page.url, currency: order.currency, amountTotal: order.total };
}

function withView(url: string, view: string): string {
  const u = new URL(url);
  u.searchParams.set('view', view);
  return u.toString();
}

/** A checkout as the test payment page shows it (read in its workspace once the token is verified). */
export async function findCheckout(db: AppDb, workspaceId: string, checkoutId: string) {
  return inScope(db, { workspaceId, userId: null, isAdmin: false }, async (tx) => {
    const [row] = await tx
      .select({
        checkoutId: checkouts.checkoutId,
        planType: checkouts.planType,
        subscriptionTerm: checkouts.subscriptionTerm,
        contributorUsersPaid: checkouts.contributorUsersPaid,
        paidUsersPaid: checkouts.paidUsersPaid,
        currency: checkouts.currency,
        amountTotal: checkouts.amountTotal,
        returnUrl: checkouts.returnUrl,
        state: checkouts.state,
        accountName: accounts.name,
      })
      .from(checkouts)
      .innerJoin(accounts, eq(accounts.accountId, checkouts.accountId))
      .where(and(eq(checkouts.workspaceId, workspaceId), eq(checkouts.checkoutId, checkoutId)));
    return row;
  });
}

export type NotificationOutcome =
  | 'upgraded'
  | 'cancelled'
  | 'statusChanged'
  | 'replayed'
  | 'ignored'
  | 'unknownCheckout'
  | 'checkoutClosed'
  | 'notOffered';

/**
 * Applies a verified notification of the payment provider, once (spec 4.4, 7; issue 17.4): the
 * event id is recorded in the same transaction as its effect, so a replay changes nothing. A paid
 * checkout moves the account to the plan, term and licences bought (status active) and queues the
 * billing recalculation 10 s later; a status change sets the subscription's status (paused,
 * overdue invoice, churned, or active again). Each change has its audit event.
 */
export async function applyNotification(
  db: AppDb,
  provider: PaymentProvider['name'],
  n: PaymentNotification,
): Promise<NotificationOutcome> {
  if (n.type === 'ignored') return 'ignored';
  const { workspaceId } = n;
  return inScope(db, { workspaceId, userId: null, isAdmin: false }, async (tx) => {
    const [workspace] = await tx
      .select({ accountId: workspaces.accountId })
      .from(workspaces)
      .where(eq(workspaces.workspaceId, workspaceId));
    if (!workspace) return 'ignored';
    const seen = await tx
      .insert(paymentEvents)
      .values({ workspaceId, provider, eventId: n.eventId, eventType: n.type, outcome: 'pending' })
      .onConflictDoNothing()
      .returning({ eventId: paymentEvents.eventId });
    if (seen.length === 0) return 'replayed';
    const outcome = await applyOnce(tx, provider, n, workspace.accountId);
    await tx
      .update(paymentEvents)
      .set({ outcome })
      .where(
        and(
          eq(paymentEvents.workspaceId, workspaceId),
          eq(paymentEvents.provider, provider),
          eq(paymentEvents.eventId, n.eventId),
        ),
      );
    return outcome;
  });
}

async function applyOnce(
  tx: Tx,
  provider: PaymentProvider['name'],
  n: Exclude<PaymentNotification, { type: 'ignored' }>,
  accountId: string,
): Promise<NotificationOutcome> {
  const { workspaceId } = n;
  if (n.type === 'subscription.updated') {
    const [account] = await tx
      .select({ status: accounts.subscriptionStatus, planType: accounts.planType })
      .from(accounts)
      .where(eq(accounts.accountId, accountId))
      .for('update');
    // Only a paid subscription's status follows the provider (a trial's is the trial job's).
    if (!account || account.planType === 'free_trial' || account.status === n.status) return 'ignored';
    await tx
      .update(accounts)
      .set({ subscriptionStatus: n.status, updatedAt: new Date() })
      .where(eq(accounts.accountId, accountId));
    await recordEvents(tx, [
      {
        workspaceId,
        actorUserId: null,
        action: 'account.subscriptionChanged',
        subjectType: 'account',
        subjectId: accountId,
        folderPath: [workspaceId],
        details: { from: account.status, to: n.status },
      },
    ]);
    return 'statusChanged';
  }
  const [checkout] = await tx
    .select()
    .from(checkouts)
    .where(and(eq(checkouts.workspaceId, workspaceId), eq(checkouts.checkoutId, n.checkoutId)))
    .for('update');
  if (!checkout || checkout.provider !== provider || checkout.accountId !== accountId) return 'unknownCheckout';
  if (checkout.state !== 'open') return 'checkoutClosed';
  if (n.type === 'checkout.cancelled') {
    await tx
      .update(checkouts)
      .set({ state: 'cancelled', completedAt: new Date() })
      .where(and(eq(checkouts.workspaceId, workspaceId), eq(checkouts.checkoutId, n.checkoutId)));
    return 'cancelled';
  }
  const [account] = await tx
    .select({
      accountType: accounts.accountType,
      planType: accounts.planType,
      subscriptionStatus: accounts.subscriptionStatus,
    })
    .from(accounts)
    .where(eq(accounts.accountId, accountId))
    .for('update');
  // Another checkout of the account was paid first: this one buys nothing more.
  if (!account || !offered(account)) return 'notOffered';
  await tx
    .update(checkouts)
    .set({ state: 'paid', completedAt: new Date() })
    .where(and(eq(checkouts.workspaceId, workspaceId), eq(checkouts.checkoutId, n.checkoutId)));
  await tx
    .update(accounts)
    .set({
      planType: checkout.planType,
      subscriptionStatus: 'active',
      subscriptionTerm: checkout.subscriptionTerm,
      contributorUsersPaid: checkout.contributorUsersPaid,
      paidUsersPaid: checkout.paidUsersPaid,
      updatedAt: new Date(),
    })
    .where(eq(accounts.accountId, accountId));
  await recordEvents(tx, [
    {
      workspaceId,
      actorUserId: checkout.createdBy,
      action: 'account.upgraded',
      subjectType: 'account',
      subjectId: accountId,
      folderPath: [workspaceId],
      details: {
        checkoutId: checkout.checkoutId,
        planType: checkout.planType,
        subscriptionTerm: checkout.subscriptionTerm,
        contributorUsersPaid: checkout.contributorUsersPaid,
        paidUsersPaid: checkout.paidUsersPaid,
        currency: checkout.currency,
        amountTotal: checkout.amountTotal,
      },
    },
  ]);
  await enqueueJob(tx, {
    workspaceId,
    jobId: randomUUID(),
    kind: billingRecalculationJobKind,
    folderId: workspaceId,
    params: { accountId },
    createdBy: null,
    runAfter: new Date(Date.now() + billingRecalculationDelayMs),
  });
  return 'upgraded';
}

/**
 * The billing recalculation (spec 7 'Recalculate billing for a company', spec 9: 10 s after a
 * checkout succeeds): recounts the contributors the account uses across its workspaces; licences
 * paid never stay below the users used (a person added while paying is billed), and the time is
 * kept. Audited as the system's.
 */
export function billingRecalculationJobHandler(db: AppDb) {
  return async (job: Job): Promise<Record<string, unknown>> => {
    const accountId = String(job.params.accountId);
    return inScope(db, { workspaceId: job.workspaceId, userId: null, isAdmin: false }, async (tx) => {
      const used = await accountQueries.contributorUsersUsed(tx, accountId);
      const [row] = await tx
        .update(accounts)
        .set({
          contributorUsersPaid: sql`greatest(${accounts.contributorUsersPaid}, ${used})`,
          billingRecalculatedAt: new Date(),
          updatedAt: new Date(),
        })
        .where(eq(accounts.accountId, accountId))
        .returning({ contributorUsersPaid: accounts.contributorUsersPaid });
      if (!row) throw new Error('account not found');
      await recordEvents(tx, [
        {
          workspaceId: job.workspaceId,
          actorUserId: null,
          action: 'account.billingRecalculated',
          subjectType: 'account',
          subjectId: accountId,
          folderPath: [job.workspaceId],
          details: { contributorUsersUsed: used, contributorUsersPaid: row.contributorUsersPaid },
        },
      ]);
      return { contributorUsersUsed: used, contributorUsersPaid: row.contributorUsersPaid };
    });
  };
}
