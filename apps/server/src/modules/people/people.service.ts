import type { Person } from '@formwork/shared/schemas/people';
import { assertCan } from '../../authz/can.ts';
import { folderContext } from '../../authz/context.ts';
import type { SignedInUser } from '../../authz/signed-in-user.ts';
import type { AppDb } from '../../db/client.ts';
import { inScope, type Tx } from '../../db/tenant.ts';
import * as queries from './people.queries.ts';

/** How a person is named everywhere (person fields, registers, exports, PDFs): their name, else their e-mail. */
function displayName(row: { first_name: string; last_name: string; email: string }): string {
  return `${row.first_name} ${row.last_name}`.trim() || row.email;
}

function toPerson(row: queries.PersonRow): Person {
  return {
    userId: row.user_id,
    name: displayName(row),
    email: row.email,
    userType: row.user_type,
  };
}

/**
 * Everyone who can see the team folder, for person fields and action assignees: roles at the
 * team, its project or the company, and the workspace's admins.
 */
export async function teamPeople(db: AppDb, user: SignedInUser, teamId: string): Promise<Person[]> {
  const ctx = await folderContext(db, user, 'team', teamId);
  assertCan(ctx.viewer, 'folder.view', ctx.folder);
  const rows = await inScope(db, ctx.scope, (tx) =>
    queries.peopleWhoSeeFolder(tx, ctx.workspace.workspaceId, ctx.folder.path as string[]),
  );
  return rows.map(toPerson);
}

/**
 * One person of `teamPeople`, inside the caller's verified workspace transaction (an action's
 * assignee must be one); undefined when they cannot see the team.
 */
export async function teamPerson(
  tx: Tx,
  workspaceId: string,
  teamPath: string[],
  userId: string,
): Promise<Person | undefined> {
  const row = await queries.personWhoSeesFolder(tx, workspaceId, teamPath, userId);
  return row ? toPerson(row) : undefined;
}

/**
 * Names of people of the verified workspace by user id, for showing values (person fields,
 * created by): the caller's transaction already runs in the workspace's scope. Ids that are not
 * people of the workspace are left out.
 */
export async function peopleNames(
  tx: Tx,
  workspaceId: string,
  userIds: readonly string[] | 'all',
): Promise<Map<string, string>> {
  if (userIds !== 'all' && userIds.length === 0) return new Map();
  const rows = await queries.workspacePeople(tx, workspaceId, userIds);
  return new Map(rows.map((row) => [row.user_id, displayName(row)]));
}
