import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/tenant.ts';

/** Workspace users holding a role at any of the folders (a team's company, project and itself). */
export async function peopleWithRolesAt(tx: Tx, workspaceId: string, folderIds: string[]) {
  const result = await tx.execute<{
    user_id: string;
    first_name: string;
    last_name: string;
    email: string;
    user_type: 'contributor' | 'visitor';
  }>(sql`
    select distinct u.user_id, u.first_name, u.last_name, u.email, wu.user_type
    from memberships m
    join workspace_users wu on wu.workspace_id = m.workspace_id and wu.user_id = m.user_id
    join users u on u.user_id = m.user_id
    where m.workspace_id = ${workspaceId}
      and m.folder_id in (${sql.join(
        folderIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})
    order by u.first_name, u.last_name, u.email`);
  return result.rows;
}
