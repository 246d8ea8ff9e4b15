import type { ListDeploymentType, ListState } from '@formwork/shared/schemas/lists';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/tenant.ts';

/** The list a project reads for a list: its deployed copy there, else the list itself. */
export type ResolvedList = {
  listId: string;
  /** How the project's copy was deployed; null when the project reads the list itself. */
  deployment: ListDeploymentType | null;
  state: ListState;
};

/**
 * Issue 18.5: the list a form in project `projectId` reads for the list `listId` (a company list
 * or a project list): the project's deployed copy of it if there is one (Deployed Empty has no
 * items until the project adds them), else the list itself. One statement: the primary key finds
 * the list, the unique index `lists_deployed_copy_key` the copy. Undefined when the workspace has
 * no such list.
 */
export async function resolveListForProject(
  tx: Tx,
  workspaceId: string,
  listId: string,
  projectId: string,
): Promise<ResolvedList | undefined> {
  const result = await tx.execute<{ list_id: string; deployment: ListDeploymentType | null; state: ListState }>(sql`
    select coalesce(d.list_id, l.list_id) as list_id, d.deployment, coalesce(d.state, l.state) as state
      from lists l
      left join lists d
        on d.workspace_id = l.workspace_id and d.source_list_id = l.list_id and d.folder_id = ${projectId}
     where l.workspace_id = ${workspaceId} and l.list_id = ${listId}`);
  const [row] = result.rows;
  return row ? { listId: row.list_id, deployment: row.deployment, state: row.state } : undefined;
}
