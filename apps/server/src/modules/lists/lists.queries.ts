import type { ListProperty, ListState, ListSummary } from '@formwork/shared/schemas/lists';
import { and, asc, eq, sql } from 'drizzle-orm';
import { listProperties, lists } from '../../db/schema.ts';
import type { Tx } from '../../db/tenant.ts';

type SummaryRow = {
  id: string;
  folder_id: string;
  name: string;
  state: ListState;
  item_count: number | string;
  property_count: number | string;
  updated_at: string | Date;
};

function toSummary(row: SummaryRow): ListSummary {
  return {
    id: row.id,
    folderId: row.folder_id,
    name: row.name,
    state: row.state,
    itemCount: Number(row.item_count),
    propertyCount: Number(row.property_count),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

const summaryColumns = sql`l.list_id as id, l.folder_id, l.name, l.state, l.updated_at,
  (select count(*) from list_items i where i.workspace_id = l.workspace_id and i.list_id = l.list_id) as item_count,
  (select count(*) from list_properties p where p.workspace_id = l.workspace_id and p.list_id = l.list_id) as property_count`;

/** The lists of one folder in one state, by name (case-insensitively). */
export async function listsOfFolder(
  tx: Tx,
  workspaceId: string,
  folderId: string,
  state: ListState,
): Promise<ListSummary[]> {
  const result = await tx.execute<SummaryRow>(sql`
    select ${summaryColumns} from lists l
     where l.workspace_id = ${workspaceId} and l.folder_id = ${folderId} and l.state = ${state}
     order by lower(l.name), l.list_id`);
  return result.rows.map(toSummary);
}

export async function listById(tx: Tx, workspaceId: string, listId: string): Promise<ListSummary | undefined> {
  const result = await tx.execute<SummaryRow>(sql`
    select ${summaryColumns} from lists l where l.workspace_id = ${workspaceId} and l.list_id = ${listId}`);
  const [row] = result.rows;
  return row ? toSummary(row) : undefined;
}

export async function propertiesOf(tx: Tx, workspaceId: string, listId: string): Promise<ListProperty[]> {
  const rows = await tx
    .select({
      id: listProperties.propertyId,
      name: listProperties.name,
      type: listProperties.type,
      sortValue: listProperties.sortValue,
    })
    .from(listProperties)
    .where(and(eq(listProperties.workspaceId, workspaceId), eq(listProperties.listId, listId)))
    .orderBy(asc(listProperties.sortValue), asc(listProperties.propertyId));
  return rows;
}

export async function insertList(
  tx: Tx,
  row: { workspaceId: string; listId: string; folderId: string; name: string; userId: string },
): Promise<void> {
  await tx.insert(lists).values({
    workspaceId: row.workspaceId,
    listId: row.listId,
    folderId: row.folderId,
    name: row.name,
    createdBy: row.userId,
    updatedBy: row.userId,
  });
}

export async function updateList(
  tx: Tx,
  workspaceId: string,
  listId: string,
  change: { name?: string; state?: ListState; userId: string },
): Promise<void> {
  await tx
    .update(lists)
    .set({
      ...(change.name === undefined ? {} : { name: change.name }),
      ...(change.state === undefined ? {} : { state: change.state }),
      updatedBy: change.userId,
      updatedAt: new Date(),
    })
    .where(and(eq(lists.workspaceId, workspaceId), eq(lists.listId, listId)));
}

/** Removes the list with its properties and items (cascade). */
export async function deleteList(tx: Tx, workspaceId: string, listId: string): Promise<void> {
  await tx.delete(lists).where(and(eq(lists.workspaceId, workspaceId), eq(lists.listId, listId)));
}
