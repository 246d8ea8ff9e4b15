import { trialDays } from '@formwork/shared/limits';
import type { Account, AccountSummary } from '@formwork/shared/schemas/accounts';
import { assertCan } from '../../authz/can.ts';
import { companyContext } from '../../authz/context.ts';
import type { SignedInUser } from '../../authz/signed-in-user.ts';
import type { AppDb } from '../../db/client.ts';
import { inScope, type Tx } from '../../db/tenant.ts';
import { AppError } from '../../errors.ts';
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
): Promise<SummaryRow & { name: string }> {
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
export async function workspaceAccount(db: AppDb, user: SignedInUser, workspaceId: string): Promise<Account> {
  const ctx = await companyContext(db, user, workspaceId, 'notFound');
  assertCan(ctx.viewer, 'account.view', ctx.folder);
  return inScope(db, ctx.scope, async (tx) => {
    const account = await queries.accountOfWorkspace(tx, workspaceId);
    if (!account) throw new AppError('notFound');
    return {
      ...toAccountSummary(account),
      name: account.name,
      contributorUsersUsed: await queries.contributorUsersUsed(tx, account.accountId),
      // No user can be made a paid user yet (users and invitations are not built): none is used.
      paidUsersUsed: 0,
    };
  });
}
