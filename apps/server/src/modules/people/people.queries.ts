import { type SQL, sql } from 'drizzle-orm';
import { uuidArray } from '../../db/sql-values.ts';
import type { Tx } from '../../db/tenant.ts';

export type PersonRow = {
  user_id: string;
  first_name: string;
  last_name: string;
  email: string;
  user_type: 'contributor' | 'visitor';
};

/**
 * Users of the workspace who can see a team: a role at any folder of its path (the company, the
 * project, the team itself), or an admin (who sees every folder). `userId` narrows to one person.
 */
function peopleWhoSee(workspaceId: string, folderIds: string[], userId?: string): SQL {
  return sql`
    select u.user_id, u.first_name, u.last_name, u.email, wu.user_type
    from workspace_users wu
    join users u on u.user_id = wu.user_id
    where wu.workspace_id = ${workspaceId}
      ${userId === undefined ? sql`` : sql`and wu.user_id = ${userId}`}
      and (u.is_admin or exists (
        select 1 from memberships m
        where m.workspace_id = wu.workspace_id and m.user_id = wu.user_id
          and m.folder_id in (${sql.join(
            folderIds.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})
      ))`;
}

/** Everyone who can see the team whose path (company, project, team) is `folderIds`, by name. */
export async function peopleWhoSeeFolder(tx: Tx, workspaceId: string, folderIds: string[]): Promise<PersonRow[]> {
  const result = await tx.execute<PersonRow>(
    sql`${peopleWhoSee(workspaceId, folderIds)} order by u.first_name, u.last_name, u.email`,
  );
  return result.rows;
}

/** The person, when they can see the folder of that path; undefined otherwise. */
export async function personWhoSeesFolder(
  tx: Tx,
  workspaceId: string,
  folderIds: string[],
  userId: string,
): Promise<PersonRow | undefined> {
  const result = await tx.execute<PersonRow>(peopleWhoSee(workspaceId, folderIds, userId));
  return result.rows[0];
}

/** People of the workspace by id (all of them when `userIds` is 'all'), with their names and e-mails. */
export async function workspacePeople(tx: Tx, workspaceId: string, userIds: readonly string[] | 'all') {
  const result = await tx.execute<{ user_id: string; first_name: string; last_name: string; email: string }>(sql`
    select u.user_id, u.first_name, u.last_name, u.email
      from workspace_users wu join users u on u.user_id = wu.user_id
     where wu.workspace_id = ${workspaceId}
       ${userIds === 'all' ? sql`` : sql`and wu.user_id = any(${uuidArray(userIds)})`}`);
  return result.rows;
}
