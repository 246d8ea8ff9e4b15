import type { PlanUsage } from '@formwork/shared/limits';
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
    .select({
      ...accountSummaryColumns,
      name: accounts.name,
      subscriptionTerm: accounts.subscriptionTerm,
      contributorUsersPaid: accounts.contributorUsersPaid,
      paidUsersPaid: accounts.paidUsersPaid,
    })
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

/**
 * The account's workspaces that are not archived, looked up across the account (0010
 * account_lookup). Same caveat as contributorUsersUsed: only for an account the caller was
 * verified in.
 */
export async function activeAccountWorkspaceIds(tx: Tx, accountId: string): Promise<string[]> {
  await tx.execute(sql`select set_config('app.account_id', ${accountId}, true)`);
  const rows = await tx
    .select({ workspaceId: workspaces.workspaceId })
    .from(workspaces)
    .where(and(eq(workspaces.accountId, accountId), eq(workspaces.archived, false)));
  return rows.map((r) => r.workspaceId);
}

/** Visitors (external users) across the account's workspaces, each person once. */
export async function visitorsUsed(tx: Tx, accountId: string): Promise<number> {
  await tx.execute(sql`select set_config('app.account_id', ${accountId}, true)`);
  await tx.execute(sql`select set_config('app.account_workspace_ids', (
    select coalesce(array_agg(w.workspace_id), '{}')::text from ${workspaces} w where w.account_id = ${accountId}
  ), true)`);
  const [row] = await tx
    .select({ n: countDistinct(workspaceUsers.userId) })
    .from(workspaceUsers)
    .innerJoin(workspaces, eq(workspaces.workspaceId, workspaceUsers.workspaceId))
    .where(
      and(eq(workspaces.accountId, accountId), eq(workspaces.archived, false), eq(workspaceUsers.userType, 'visitor')),
    );
  return row?.n ?? 0;
}

export type TemplateUsage = Pick<
  PlanUsage,
  | 'fieldsPerTemplate'
  | 'logicRulesPerBlock'
  | 'logicBlocksPerField'
  | 'approvalSignatureLogicFields'
  | 'approvalSignatureConditions'
  | 'listPropertyFields'
  | 'locationFields'
  | 'pdfFilenameCustomFields'
>;

/**
 * The largest per-template figures of spec 5.2 among the workspace's templates that are not
 * deleted (their current version), computed in the database so no definition is loaded.
 */
export async function templateUsage(tx: Tx, workspaceId: string): Promise<TemplateUsage> {
  const result = await tx.execute<Record<string, string | number | null>>(sql`
    with defs as (
      select v.definition as d
        from templates t
        join template_versions v
          on v.workspace_id = t.workspace_id and v.template_id = t.template_id and v.version = t.current_version
       where t.workspace_id = ${workspaceId} and t.state <> 'deleted'
    ), per as (
      select
        jsonb_array_length(coalesce(d->'fields', '[]')) as fields,
        (select count(*) from jsonb_array_elements(coalesce(d->'fields', '[]')) f where f->>'type' = 'location') as location,
        (select count(*) from jsonb_array_elements(coalesce(d->'fields', '[]')) f where f->>'type' = 'listProperty') as list_property,
        (select count(*) from jsonb_array_elements(coalesce(d->'fields', '[]')) f
          where f->>'type' = 'approvalSignature' and jsonb_typeof(f->'logic') = 'object') as approval_logic,
        (select coalesce(max(jsonb_array_length(coalesce(f->'logic'->'conditions', '[]'))), 0)
           from jsonb_array_elements(coalesce(d->'fields', '[]')) f
          where f->>'type' = 'approvalSignature' and jsonb_typeof(f->'logic') = 'object') as approval_conditions,
        (select coalesce(max(jsonb_array_length(coalesce(b->'conditions', '[]'))), 0)
           from jsonb_array_elements(coalesce(d->'logic', '[]')) b) as rules,
        (select coalesce(max(n), 0) from (
           select count(*) as n from jsonb_array_elements(coalesce(d->'logic', '[]')) b group by b->>'triggerFieldId'
         ) g) as blocks,
        (select count(*) from jsonb_array_elements(coalesce(d->'pdfFilename'->'parts', '[]')) p
          where p->>'kind' = 'field') as pdf_fields
      from defs
    )
    select coalesce(max(fields), 0) as fields, coalesce(max(location), 0) as location,
           coalesce(max(list_property), 0) as list_property, coalesce(max(approval_logic), 0) as approval_logic,
           coalesce(max(approval_conditions), 0) as approval_conditions, coalesce(max(rules), 0) as rules,
           coalesce(max(blocks), 0) as blocks, coalesce(max(pdf_fields), 0) as pdf_fields
      from per`);
  const r = result.rows[0] ?? {};
  const n = (v: unknown) => Number(v ?? 0);
  return {
    fieldsPerTemplate: n(r.fields),
    logicRulesPerBlock: n(r.rules),
    logicBlocksPerField: n(r.blocks),
    approvalSignatureLogicFields: n(r.approval_logic),
    approvalSignatureConditions: n(r.approval_conditions),
    listPropertyFields: n(r.list_property),
    locationFields: n(r.location),
    pdfFilenameCustomFields: n(r.pdf_fields),
  };
}

/** Ends the account's free trial if its end date has passed; answers the status it now has. */
export async function expireTrial(
  tx: Tx,
  accountId: string,
): Promise<{ ended: boolean; trialEndDate: Date | null; status: string } | undefined> {
  const [row] = await tx
    .select({ status: accounts.subscriptionStatus, trialEndDate: accounts.trialEndDate })
    .from(accounts)
    .where(eq(accounts.accountId, accountId))
    .for('update');
  if (!row) return undefined;
  const due = row.status === 'free_trial' && row.trialEndDate !== null && row.trialEndDate.getTime() <= Date.now();
  if (!due) return { ended: false, trialEndDate: row.trialEndDate, status: row.status };
  await tx
    .update(accounts)
    .set({ subscriptionStatus: 'expired_trial', updatedAt: new Date() })
    .where(eq(accounts.accountId, accountId));
  return { ended: true, trialEndDate: row.trialEndDate, status: 'expired_trial' };
}
