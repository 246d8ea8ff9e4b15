import type { FolderKind, Role } from '@formwork/shared/permissions';
import type { FolderPeopleQuery } from '@formwork/shared/schemas/people';
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
    where wu.workspace_id = ${workspaceId} and wu.deactivated_at is null
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

export type FolderPersonRow = {
  user_id: string;
  first_name: string;
  last_name: string;
  email: string;
  user_type: 'contributor' | 'visitor';
  deactivated: boolean;
  last_active_at: string | null;
  level_kind: FolderKind;
  level_role: Role;
  granted_folder_id: string;
  granted_name: string;
  granted_parent_id: string | null;
  sort_key: string;
};

const kindRank = sql`case f.kind when 'company' then 0 when 'project' then 1 else 2 end`;

/** The sort key of a row as text (a keyset compares it with the user id). */
function sortKey(sort: FolderPeopleQuery['sort']): SQL {
  switch (sort) {
    case 'name':
      return sql`u.name_key`;
    case 'email':
      return sql`lower(u.email)`;
    case 'level':
      // Org Controller first, Team Member last.
      return sql`(case b.kind when 'company' then 0 when 'project' then 2 else 4 end + case b.role when 'controller' then 0 else 1 end)::text`;
    case 'lastActive':
      return sql`coalesce(to_char(wu.last_active_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US'), '')`;
  }
}

/**
 * Issue 16.1: the people with access at the folder or below it, each with their level there: the
 * strongest role that applies at the folder (held there or above: controller first, then the
 * higher level), else their highest role below it (a team member on a project's page). Searched,
 * filtered and keyset-paged in SQL.
 *
 * The level is worked out only where it is needed: sorted or filtered by level, for everyone (as
 * the order depends on it); otherwise the page's 50 people are chosen first (anyone with a role at
 * the folder, above or below it, by the sort key) and the level is looked up for those alone, so a
 * company of 10,000 people does not rank every membership for one page.
 */
export async function folderPeople(
  tx: Tx,
  workspaceId: string,
  folder: { kind: FolderKind; path: readonly string[] },
  query: FolderPeopleQuery,
): Promise<FolderPersonRow[]> {
  const folderId = folder.path[folder.path.length - 1] as string;
  const above = sql`f.folder_id = any(${uuidArray(folder.path)})`;
  const below =
    folder.kind === 'company' ? sql`true` : folder.kind === 'project' ? sql`f.parent_id = ${folderId}` : sql`false`;
  const key = sortKey(query.sort);
  const desc = query.direction === 'desc';
  const search = query.search ? query.search.toLowerCase() : '';
  const rolesHere = sql`
      from memberships m
      join folders f on f.workspace_id = m.workspace_id and f.folder_id = m.folder_id
      where m.workspace_id = ${workspaceId} and f.state <> 'deleted' and (${above} or ${below})`;
  const strongestFirst = sql`
        case when ${above} then 0 else 1 end,
        case m.role when 'controller' then 0 else 1 end,
        ${kindRank},
        f.name`;
  const personFilters = sql`
        ${search ? sql`and (position(${search} in lower(u.first_name || ' ' || u.last_name)) > 0 or position(${search} in lower(u.email)) > 0)` : sql``}
        ${query.userType ? sql`and wu.user_type = ${query.userType}` : sql``}
        ${query.status === 'active' ? sql`and wu.deactivated_at is null` : query.status === 'deactivated' ? sql`and wu.deactivated_at is not null` : sql``}`;
  const after = query.cursor
    ? desc
      ? sql`and (p.sort_key, p.user_id) < (${query.cursor[0]}, ${query.cursor[1]}::uuid)`
      : sql`and (p.sort_key, p.user_id) > (${query.cursor[0]}, ${query.cursor[1]}::uuid)`
    : sql``;
  const order = sql`order by p.sort_key ${desc ? sql`desc` : sql`asc`}, p.user_id ${desc ? sql`desc` : sql`asc`}`;
  const columns = sql`u.user_id, u.first_name, u.last_name, u.email, wu.user_type,
        wu.deactivated_at is not null as deactivated,
        to_char(wu.last_active_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as last_active_at,
        b.kind as level_kind, b.role as level_role, b.folder_id as granted_folder_id, b.name as granted_name,
        b.parent_id as granted_parent_id`;

  if (query.sort === 'level' || query.level) {
    const [levelKind, levelRole] = (query.level?.split('.') ?? []) as [FolderKind?, Role?];
    // Filtered by level: a person's level is one of their roles here, so only people holding a
    // role of that kind and role are ranked (a company's team controllers, not all 10,000 people).
    const candidates = query.level
      ? sql`and m.user_id in (select m.user_id ${rolesHere} and m.role = ${levelRole} and f.kind = ${levelKind})`
      : sql``;
    const result = await tx.execute<FolderPersonRow>(sql`
    with best as (
      select distinct on (m.user_id) m.user_id, m.role, f.kind, f.folder_id, f.name, f.parent_id
      ${rolesHere} ${candidates}
      order by m.user_id, ${strongestFirst}
    )
    select * from (
      select ${columns}, ${key} as sort_key
      from best b
      join workspace_users wu on wu.workspace_id = ${workspaceId} and wu.user_id = b.user_id
      join users u on u.user_id = b.user_id
      where true ${personFilters}
        ${query.level ? sql`and b.kind = ${levelKind} and b.role = ${levelRole}` : sql``}
    ) p
    where true ${after}
    ${order}
    limit ${query.limit + 1}`);
    return result.rows;
  }

  const result = await tx.execute<FolderPersonRow>(sql`
    with page as (
      select * from (
        select wu.user_id, ${key} as sort_key
        from workspace_users wu
        join users u on u.user_id = wu.user_id
        where wu.workspace_id = ${workspaceId} ${personFilters}
          and exists (select 1 ${rolesHere} and m.user_id = wu.user_id)
      ) p
      where true ${after}
      ${order}
      limit ${query.limit + 1}
    )
    select ${columns}, p.sort_key
    from page p
    join workspace_users wu on wu.workspace_id = ${workspaceId} and wu.user_id = p.user_id
    join users u on u.user_id = p.user_id
    cross join lateral (
      select m.role, f.kind, f.folder_id, f.name, f.parent_id
      ${rolesHere} and m.user_id = p.user_id
      order by ${strongestFirst}
      limit 1
    ) b
    ${order}`);
  return result.rows;
}

/** The person's role held exactly at the folder, with their type; undefined when they hold none there. */
export async function roleAt(tx: Tx, workspaceId: string, folderId: string, userId: string) {
  const result = await tx.execute<{ role: Role }>(sql`
    select m.role from memberships m
    where m.workspace_id = ${workspaceId} and m.folder_id = ${folderId} and m.user_id = ${userId}`);
  return result.rows[0]?.role;
}

export async function setRole(tx: Tx, workspaceId: string, folderId: string, userId: string, role: Role) {
  await tx.execute(sql`
    update memberships set role = ${role}
    where workspace_id = ${workspaceId} and folder_id = ${folderId} and user_id = ${userId}`);
}

export async function removeRole(tx: Tx, workspaceId: string, folderId: string, userId: string) {
  await tx.execute(sql`
    delete from memberships where workspace_id = ${workspaceId} and folder_id = ${folderId} and user_id = ${userId}`);
}

/** How the person belongs to the workspace; undefined when they do not. */
export async function workspaceUser(tx: Tx, workspaceId: string, userId: string) {
  const result = await tx.execute<{ user_type: 'contributor' | 'visitor'; deactivated: boolean; email: string }>(sql`
    select wu.user_type, wu.deactivated_at is not null as deactivated, u.email
    from workspace_users wu join users u on u.user_id = wu.user_id
    where wu.workspace_id = ${workspaceId} and wu.user_id = ${userId}`);
  return result.rows[0];
}

export async function setDeactivated(tx: Tx, workspaceId: string, userId: string, deactivated: boolean) {
  await tx.execute(sql`
    update workspace_users set deactivated_at = ${deactivated ? sql`now()` : sql`null`}
    where workspace_id = ${workspaceId} and user_id = ${userId}`);
}

/** Marks the person active in the workspace now, at most once a minute (the Users page's "last active"). */
export async function markActive(tx: Tx, workspaceId: string, userId: string) {
  await tx.execute(sql`
    update workspace_users set last_active_at = now()
    where workspace_id = ${workspaceId} and user_id = ${userId}
      and (last_active_at is null or last_active_at < now() - interval '1 minute')`);
}
