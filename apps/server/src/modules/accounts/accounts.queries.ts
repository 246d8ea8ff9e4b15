import { and, countDistinct, eq, sql } from 'drizzle-orm';
import { accounts, workspaces, workspaceUsers } from '../../db/schema.ts';
import type { Tx } from '../../db/tenant.ts';

export type NewAccount = typeof accounts.$inferInsert & { accountId: string };

/** The columns every member of a workspace sees of its account (spec 3). */
export const accountSummaryColumns = {
  accountId: accounts.accountId,
  accountType: accounts.accountType,
  planType: accounts.planType,
  subscriptionStatus: accounts.subscriptionStatus,
  trialEndDate: accounts.trialEndDate,
};

/**
 * A new account, made in the transaction of the workspace it is made for (0010: accounts are
 * created only inside a workspace's transaction). Not read back: nothing references it yet, so
 * row-level security would not show it until its workspace exists.
 */
export async function insertAccount(tx: Tx, account: NewAccount): Promise<void> {
  await tx.insert(accounts).values(account);
}

/** The account of the scope's workspace (row-level security shows it inside that workspace). */
export async function accountOfWorkspace(tx: Tx, workspaceId: string) {
  const [row] = await tx
    .select({ ...accountSummaryColumns, name: accounts.name })
    .from(workspaces)
    .innerJoin(accounts, eq(accounts.accountId, workspaces.accountId))
    .where(eq(workspaces.workspaceId, workspaceId));
  return row;
}

/**
 * Users the account uses, counted across its workspaces that are not archived: internal staff
 * (Contributors), each person once however many of the workspaces they are in. The transaction
 * looks across the account (0010 account_lookup) from here on: its workspaces, then who is in
 * them. Call it only for an account the caller was verified in, with the id read from the database.
 */
export async function contributorUsersUsed(tx: Tx, accountId: string): Promise<number> {
  await tx.execute(sql`select set_config('app.account_id', ${accountId}, true)`);
  await tx.execute(sql`select set_config('app.account_workspace_ids', (
    select coalesce(array_agg(w.workspace_id), '{}')::text from ${workspaces} w where w.account_id = ${accountId}
  ), true)`);
  const [row] = await tx
    .select({ n: countDistinct(workspaceUsers.userId) })
    .from(workspaceUsers)
    .innerJoin(workspaces, eq(workspaces.workspaceId, workspaceUsers.workspaceId))
    .where(
      and(
        eq(workspaces.accountId, accountId),
        eq(workspaces.archived, false),
        eq(workspaceUsers.userType, 'contributor'),
      ),
    );
  return row?.n ?? 0;
}
