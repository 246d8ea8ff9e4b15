import { randomUUID } from 'node:crypto';
import { exceededLimits, planExceededMessage, trialDays } from '@formwork/shared/limits';
import { plans } from '@formwork/shared/permissions';
import type { Account, AccountSummary, AccountUsage } from '@formwork/shared/schemas/accounts';
import { assertCan } from '../../authz/can.ts';
import { type AccessContext, companyContext } from '../../authz/context.ts';
import type { SignedInUser } from '../../authz/signed-in-user.ts';
import type { AppDb } from '../../db/client.ts';
import { inScope, type Tx } from '../../db/tenant.ts';
import { AppError } from '../../errors.ts';
import { enqueueJob, type Job } from '../../jobs/job-queue.ts';
import { recordEvents } from '../activity/record-events.ts';
import * as queries from './accounts.queries.ts';

type SummaryRow = Omit<AccountSummary, 'trialEndDate'> & { trialEndDate: Date | null };

export function toAccountSummary(row: SummaryRow): AccountSummary {
  return {
    accountId: row.accountId,
    accountType: row.accountType,
    planType: row.planType,
    subscriptionStatus: row.subscriptionStatus,
    trialEndDate: row.trialEndDate?.toISOString() ?? null,
  };
}

/**
 * Spec 1, 4.4, 9: a workspace made through the app starts its own self-service account on a free
 * trial of 30 days. Inserted in the caller's (the new workspace's) transaction, before the
 * workspace that references it; returns what was stored.
 */
export async function openTrialAccount(
  tx: Tx,
  input: { accountId: string; name: string; now: Date },
): Promise<SummaryRow & { name: string; trialEndDate: Date }> {
  const account = {
    accountId: input.accountId,
    name: input.name,
    accountType: 'self_service',
    planType: 'free_trial',
    subscriptionStatus: 'free_trial',
    trialEndDate: new Date(input.now.getTime() + trialDays * 24 * 60 * 60 * 1000),
  } as const;
  await queries.insertAccount(tx, account);
  return account;
}

/**
 * Spec 3: the workspace's account with the users it uses, for the workspace's admins and org
 * controllers. Another tenant's workspace answers 404; a member without the right 403.
 */
export async function workspaceAccount(db: AppDb, ctx: AccessContext): Promise<Account> {
  const { workspaceId } = ctx.workspace;
  return inScope(db, ctx.scope, async (tx) => {
    const account = await queries.accountOfWorkspace(tx, workspaceId);
    if (!account) throw new AppError('notFound');
    return {
      ...toAccountSummary(account),
      name: account.name,
      contributorUsersUsed: await queries.contributorUsersUsed(tx, account.accountId),
      // No user can be made a paid user yet (users and invitations are not built): none is used.
      paidUsersUsed: 0,
      subscriptionTerm: account.subscriptionTerm,
      contributorUsersPaid: account.contributorUsersPaid,
      paidUsersPaid: account.paidUsersPaid,
    };
  });
}

/**
 * Spec 3, 5.2: what the workspace's account uses of the plan limits, across its workspaces that
 * are not archived, and for every plan type what that usage goes beyond (such a plan cannot be
 * chosen: the spec's message). For the workspace's admins and org controllers, like the account.
 */
export async function accountUsage(db: AppDb, user: SignedInUser, workspaceId: string): Promise<AccountUsage> {
  const ctx = await companyContext(db, user, workspaceId, 'notFound');
  assertCan(ctx.viewer, 'account.view', ctx.folder);
  const found = await inScope(db, ctx.scope, async (tx) => {
    const account = await queries.accountOfWorkspace(tx, workspaceId);
    if (!account) throw new AppError('notFound');
    return {
      accountId: account.accountId,
      workspaceIds: await queries.activeAccountWorkspaceIds(tx, account.accountId),
      visitors: await queries.visitorsUsed(tx, account.accountId),
    };
  });
  // Templates are read in each workspace's own scope (the account was verified above); the
  // figures are the largest of any template in any of them.
  let templates: queries.TemplateUsage | undefined;
  for (const id of found.workspaceIds) {
    const one = await inScope(db, { workspaceId: id, userId: null, isAdmin: false }, (tx) =>
      queries.templateUsage(tx, id),
    );
    templates = templates
      ? (Object.fromEntries(
          Object.entries(one).map(([key, value]) => [key, Math.max(value, templates?.[key as keyof typeof one] ?? 0)]),
        ) as queries.TemplateUsage)
      : one;
  }
  const usage: AccountUsage['usage'] = {
    fieldsPerTemplate: templates?.fieldsPerTemplate ?? 0,
    logicRulesPerBlock: templates?.logicRulesPerBlock ?? 0,
    logicBlocksPerField: templates?.logicBlocksPerField ?? 0,
    approvalSignatureLogicFields: templates?.approvalSignatureLogicFields ?? 0,
    approvalSignatureConditions: templates?.approvalSignatureConditions ?? 0,
    listPropertyFields: templates?.listPropertyFields ?? 0,
    locationFields: templates?.locationFields ?? 0,
    pdfFilenameCustomFields: templates?.pdfFilenameCustomFields ?? 0,
    // Lists are not built yet: no list uses properties or property table columns.
    propertiesPerList: 0,
    listPropertyTableColumns: 0,
    visitors: found.visitors,
    // As on the account: nobody can be made a paid user yet, and single sign-on is not built.
    paidUsers: 0,
    workspaces: found.workspaceIds.length,
    ssoEnabled: false,
  };
  return {
    usage,
    plans: plans.map((plan) => {
      const exceeded = exceededLimits(plan, usage);
      return { plan, exceeded, message: exceeded.length > 0 ? planExceededMessage : null };
    }),
  };
}

/** Spec 4.4: the job that ends a free trial when its date passes. */
export const trialEndJobKind = 'account.trialEnd';

/**
 * Queues the end of a new trial account, in the transaction of the workspace it was opened for
 * (after the workspace and its company folder exist): it runs after the trial end date, whether
 * or not anyone is signed in.
 */
export async function scheduleTrialEnd(
  tx: Tx,
  input: { workspaceId: string; accountId: string; trialEndDate: Date },
): Promise<void> {
  await enqueueJob(tx, {
    workspaceId: input.workspaceId,
    jobId: randomUUID(),
    kind: trialEndJobKind,
    folderId: input.workspaceId,
    params: { accountId: input.accountId },
    createdBy: null,
    runAfter: input.trialEndDate,
  });
}

/**
 * Runs an 'account.trialEnd' job in its workspace: a free trial whose end date passed becomes an
 * expired trial, with its audit event, in one transaction. A trial moved later (not ended yet) is
 * queued again for its new date; an account that left the trial (it paid) is left alone.
 */
export function trialEndJobHandler(db: AppDb) {
  return async (job: Job): Promise<Record<string, unknown>> => {
    const accountId = String(job.params.accountId);
    return inScope(db, { workspaceId: job.workspaceId, userId: null, isAdmin: false }, async (tx) => {
      const outcome = await queries.expireTrial(tx, accountId);
      if (!outcome) throw new Error('account not found');
      if (outcome.ended) {
        await recordEvents(tx, [
          {
            workspaceId: job.workspaceId,
            actorUserId: null,
            action: 'account.trialEnded',
            subjectType: 'account',
            subjectId: accountId,
            folderPath: [job.workspaceId],
            details: { trialEndDate: outcome.trialEndDate?.toISOString() ?? null },
          },
        ]);
      } else if (outcome.status === 'free_trial' && outcome.trialEndDate) {
        await scheduleTrialEnd(tx, { workspaceId: job.workspaceId, accountId, trialEndDate: outcome.trialEndDate });
      }
      return { status: outcome.status };
    });
  };
}
