import type { Tab, TabStyle } from '@formwork/shared/schemas/tabs';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { templateTabLinks, templateTabs } from '../../db/schema.ts';
import { onlyRow } from '../../db/sql-values.ts';
import type { Tx } from '../../db/tenant.ts';

const tabColumns = {
  id: templateTabs.tabId,
  name: templateTabs.name,
  style: templateTabs.style,
  sortValue: templateTabs.sortValue,
};

/** The sidebar's order: sortValue, then name, then id (stable). */
export async function listTabs(tx: Tx, workspaceId: string): Promise<Tab[]> {
  const rows = await tx
    .select(tabColumns)
    .from(templateTabs)
    .where(eq(templateTabs.workspaceId, workspaceId))
    .orderBy(asc(templateTabs.sortValue), sql`lower(${templateTabs.name})`, asc(templateTabs.tabId));
  return rows;
}

export async function tabsByIds(tx: Tx, workspaceId: string, ids: string[]): Promise<Tab[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .select(tabColumns)
    .from(templateTabs)
    .where(and(eq(templateTabs.workspaceId, workspaceId), inArray(templateTabs.tabId, ids)));
  return rows;
}

export async function insertTab(
  tx: Tx,
  tab: { workspaceId: string; tabId: string; name: string; style: TabStyle; sortValue: number },
): Promise<Tab> {
  return onlyRow(await tx.insert(templateTabs).values(tab).returning(tabColumns), 'insert into template_tabs');
}

export async function updateTab(
  tx: Tx,
  workspaceId: string,
  tabId: string,
  change: { name: string; style: TabStyle; sortValue?: number | undefined },
): Promise<Tab | undefined> {
  const [row] = await tx
    .update(templateTabs)
    .set({
      name: change.name,
      style: change.style,
      ...(change.sortValue === undefined ? {} : { sortValue: change.sortValue }),
      updatedAt: new Date(),
    })
    .where(and(eq(templateTabs.workspaceId, workspaceId), eq(templateTabs.tabId, tabId)))
    .returning(tabColumns);
  return row;
}

export async function deleteTabs(tx: Tx, workspaceId: string, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  await tx
    .delete(templateTabLinks)
    .where(and(eq(templateTabLinks.workspaceId, workspaceId), inArray(templateTabLinks.tabId, ids)));
  const rows = await tx
    .delete(templateTabs)
    .where(and(eq(templateTabs.workspaceId, workspaceId), inArray(templateTabs.tabId, ids)))
    .returning({ id: templateTabs.tabId });
  return rows.map((r) => r.id);
}

/** Sets sortValue 0..n-1 in the given order, in one statement. */
export async function setOrder(tx: Tx, workspaceId: string, orderedIds: string[]): Promise<void> {
  if (orderedIds.length === 0) return;
  const values = sql.join(
    orderedIds.map((id, n) => sql`(${id}::uuid, ${n}::int)`),
    sql`, `,
  );
  await tx.execute(sql`
    update template_tabs t set sort_value = v.n, updated_at = now()
      from (values ${values}) as v(id, n)
     where t.workspace_id = ${workspaceId} and t.tab_id = v.id`);
}

export async function linkTab(tx: Tx, workspaceId: string, templateId: string, tabId: string): Promise<boolean> {
  const rows = await tx
    .insert(templateTabLinks)
    .values({ workspaceId, templateId, tabId })
    .onConflictDoNothing()
    .returning({ tabId: templateTabLinks.tabId });
  return rows.length > 0;
}

export async function unlinkTab(tx: Tx, workspaceId: string, templateId: string, tabId: string): Promise<boolean> {
  const rows = await tx
    .delete(templateTabLinks)
    .where(
      and(
        eq(templateTabLinks.workspaceId, workspaceId),
        eq(templateTabLinks.templateId, templateId),
        eq(templateTabLinks.tabId, tabId),
      ),
    )
    .returning({ tabId: templateTabLinks.tabId });
  return rows.length > 0;
}

export async function tabIdsOfTemplate(tx: Tx, workspaceId: string, templateId: string): Promise<string[]> {
  const rows = await tx
    .select({ tabId: templateTabLinks.tabId })
    .from(templateTabLinks)
    .where(and(eq(templateTabLinks.workspaceId, workspaceId), eq(templateTabLinks.templateId, templateId)))
    .orderBy(templateTabLinks.tabId);
  return rows.map((r) => r.tabId);
}
