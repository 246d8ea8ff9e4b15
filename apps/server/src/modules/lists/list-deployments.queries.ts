import type { ListDeploymentType, ListState } from '@formwork/shared/schemas/lists';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/tenant.ts';

export type ProjectRow = { projectId: string; state: 'active' | 'archived' | 'deleted' };

/** The given ids that are project folders of the workspace (not deleted). */
export async function projectsByIds(tx: Tx, workspaceId: string, ids: string[]): Promise<ProjectRow[]> {
  if (ids.length === 0) return [];
  const result = await tx.execute<{ project_id: string; state: ProjectRow['state'] }>(sql`
    select folder_id as project_id, state from folders
     where workspace_id = ${workspaceId} and kind = 'project' and state <> 'deleted'
       and folder_id in (${sql.join(
         ids.map((id) => sql`${id}::uuid`),
         sql`, `,
       )})`);
  return result.rows.map((r) => ({ projectId: r.project_id, state: r.state }));
}

export type CopyRow = { copyId: string; listId: string; projectId: string; deployment: ListDeploymentType };

/** The deployed copies of these lists, by project. */
export async function copiesOf(tx: Tx, workspaceId: string, listIds: string[]): Promise<CopyRow[]> {
  if (listIds.length === 0) return [];
  const result = await tx.execute<{
    copy_id: string;
    list_id: string;
    project_id: string;
    deployment: ListDeploymentType;
  }>(sql`
    select list_id as copy_id, source_list_id as list_id, folder_id as project_id, deployment from lists
     where workspace_id = ${workspaceId} and source_list_id in (${sql.join(
       listIds.map((id) => sql`${id}::uuid`),
       sql`, `,
     )})
     order by folder_id`);
  return result.rows.map((r) => ({
    copyId: r.copy_id,
    listId: r.list_id,
    projectId: r.project_id,
    deployment: r.deployment,
  }));
}

/**
 * A deployed copy of `listId` in the project: its name and state, its properties with their ids,
 * and (populated) its items with their ids and order. False when the project has one already.
 */
export async function insertCopy(
  tx: Tx,
  row: {
    workspaceId: string;
    listId: string;
    projectId: string;
    copyId: string;
    deployment: ListDeploymentType;
    userId: string;
  },
): Promise<boolean> {
  const { workspaceId, listId, copyId } = row;
  const inserted = await tx.execute<{ list_id: string }>(sql`
    insert into lists (workspace_id, list_id, folder_id, name, state, source_list_id, deployment, created_by, updated_by)
    select workspace_id, ${copyId}, ${row.projectId}, name, state, list_id, ${row.deployment}, ${row.userId}, ${row.userId}
      from lists where workspace_id = ${workspaceId} and list_id = ${listId}
    on conflict (workspace_id, source_list_id, folder_id) where source_list_id is not null do nothing
    returning list_id`);
  if (inserted.rows.length === 0) return false;
  await tx.execute(sql`
    insert into list_properties (workspace_id, list_id, property_id, name, type, sort_value)
    select workspace_id, ${copyId}, property_id, name, type, sort_value
      from list_properties where workspace_id = ${workspaceId} and list_id = ${listId}`);
  if (row.deployment === 'populated') {
    await tx.execute(sql`
      insert into list_items (workspace_id, list_id, item_id, label, colour, "values", position)
      select workspace_id, ${copyId}, item_id, label, colour, "values", position
        from list_items where workspace_id = ${workspaceId} and list_id = ${listId}`);
  }
  return true;
}

/** Removes the copies of these lists in these projects (their items and properties with them). */
export async function removeCopies(
  tx: Tx,
  workspaceId: string,
  listIds: string[],
  projectIds: string[],
): Promise<{ listId: string; projectId: string }[]> {
  if (listIds.length === 0 || projectIds.length === 0) return [];
  const ids = (values: string[]) =>
    sql.join(
      values.map((id) => sql`${id}::uuid`),
      sql`, `,
    );
  const result = await tx.execute<{ list_id: string; project_id: string }>(sql`
    delete from lists
     where workspace_id = ${workspaceId} and source_list_id in (${ids(listIds)}) and folder_id in (${ids(projectIds)})
     returning source_list_id as list_id, folder_id as project_id`);
  return result.rows.map((r) => ({ listId: r.list_id, projectId: r.project_id }));
}

/** Spec 4.1: the copies follow their company list's name and state. */
export async function updateCopies(
  tx: Tx,
  workspaceId: string,
  listId: string,
  change: { name?: string; state?: ListState; userId: string },
): Promise<void> {
  await tx.execute(sql`
    update lists set
      name = coalesce(${change.name ?? null}::text, name),
      state = coalesce(${change.state ?? null}::text, state),
      updated_by = ${change.userId}, updated_at = now()
     where workspace_id = ${workspaceId} and source_list_id = ${listId}`);
}

/**
 * The copies' properties become the company list's again (same ids, names, types and order) after
 * its properties changed; values of properties that are gone leave the copies' items.
 */
export async function syncCopyProperties(tx: Tx, workspaceId: string, listId: string): Promise<void> {
  const copies = sql`select list_id from lists where workspace_id = ${workspaceId} and source_list_id = ${listId}`;
  await tx.execute(sql`
    delete from list_properties c
     where c.workspace_id = ${workspaceId} and c.list_id in (${copies})
       and not exists (select 1 from list_properties s
                        where s.workspace_id = c.workspace_id and s.list_id = ${listId} and s.property_id = c.property_id)`);
  await tx.execute(sql`
    insert into list_properties (workspace_id, list_id, property_id, name, type, sort_value)
    select s.workspace_id, c.list_id, s.property_id, s.name, s.type, s.sort_value
      from list_properties s cross join (${copies}) c
     where s.workspace_id = ${workspaceId} and s.list_id = ${listId}
    on conflict (workspace_id, list_id, property_id)
      do update set name = excluded.name, type = excluded.type, sort_value = excluded.sort_value`);
  await tx.execute(sql`
    update list_items i set "values" = coalesce((
      select jsonb_object_agg(e.key, e.value) from jsonb_each(i."values") e
       where exists (select 1 from list_properties p
                      where p.workspace_id = i.workspace_id and p.list_id = i.list_id and p.property_id::text = e.key)
    ), '{}'::jsonb)
     where i.workspace_id = ${workspaceId} and i.list_id in (${copies}) and i."values" <> '{}'::jsonb`);
}
