import type { BillingContact, GlobalBilling } from '@formwork/shared/schemas/accounts';
import { and, desc, eq } from 'drizzle-orm';
import type { AccessContext } from '../../authz/context.ts';
import type { AppDb } from '../../db/client.ts';
import { accounts, checkouts, workspaces } from '../../db/schema.ts';
import { inScope, type Tx } from '../../db/tenant.ts';
import { AppError } from '../../errors.ts';
import { recordEvents, workspaceEvent } from '../activity/record-events.ts';

async function accountIdOf(tx: Tx, workspaceId: string): Promise<string> {
  const [row] = await tx
    .select({ accountId: workspaces.accountId })
    .from(workspaces)
    .where(eq(workspaces.workspaceId, workspaceId));
  if (!row) throw new AppError('notFound');
  return row.accountId;
}

async function contactOf(tx: Tx, accountId: string): Promise<BillingContact | null> {
  const [row] = await tx
    .select({ name: accounts.billingContactName, email: accounts.billingContactEmail })
    .from(accounts)
    .where(eq(accounts.accountId, accountId));
  return row?.name && row.email ? { name: row.name, email: row.email } : null;
}

/**
 * Spec 2.6 Global Billing, for those who see the account: its billing contact and the payments
 * made through this workspace's self-service checkout (paid checkouts, newest first). Nothing
 * else is billed, so nothing else is listed.
 */
export async function globalBilling(db: AppDb, ctx: AccessContext): Promise<GlobalBilling> {
  const { workspaceId } = ctx.workspace;
  return inScope(db, ctx.scope, async (tx) => {
    const accountId = await accountIdOf(tx, workspaceId);
    const paid = await tx
      .select({
        checkoutId: checkouts.checkoutId,
        planType: checkouts.planType,
        subscriptionTerm: checkouts.subscriptionTerm,
        contributorUsersPaid: checkouts.contributorUsersPaid,
        paidUsersPaid: checkouts.paidUsersPaid,
        currency: checkouts.currency,
        amountTotal: checkouts.amountTotal,
        completedAt: checkouts.completedAt,
      })
      .from(checkouts)
      .where(
        and(eq(checkouts.workspaceId, workspaceId), eq(checkouts.accountId, accountId), eq(checkouts.state, 'paid')),
      )
      .orderBy(desc(checkouts.completedAt));
    return {
      contact: await contactOf(tx, accountId),
      payments: paid.map(({ completedAt, ...p }) => ({
        ...p,
        paidAt: (completedAt ?? new Date(0)).toISOString(),
      })),
    };
  });
}

/**
 * An org controller (or admin) sets the account's billing contact: one transaction with one
 * workspace.updated event naming it (nothing is recorded when it is unchanged).
 */
export async function setBillingContact(db: AppDb, ctx: AccessContext, input: BillingContact): Promise<GlobalBilling> {
  const { workspaceId } = ctx.workspace;
  await inScope(db, ctx.scope, async (tx) => {
    const accountId = await accountIdOf(tx, workspaceId);
    const before = await contactOf(tx, accountId);
    if (before?.name === input.name && before.email === input.email) return;
    await tx
      .update(accounts)
      .set({ billingContactName: input.name, billingContactEmail: input.email, updatedAt: new Date() })
      .where(eq(accounts.accountId, accountId));
    await recordEvents(tx, [
      workspaceEvent(workspaceId, ctx.user.userId, 'workspace.updated', {
        name: ctx.workspace.name,
        changed: ['billingContact'],
      }),
    ]);
  });
  return globalBilling(db, ctx);
}
