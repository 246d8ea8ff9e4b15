import { canGrantLevel, invitationMessages } from '@formwork/shared/invitation-rules';
import type { FolderKind, Role } from '@formwork/shared/permissions';
import { encodeCursor } from '@formwork/shared/schemas/cursor';
import type { FolderPeoplePage, FolderPeopleQuery, FolderPerson, Person } from '@formwork/shared/schemas/people';
import type { AccessContext } from '../../authz/context.ts';
import type { AppDb } from '../../db/client.ts';
import { inScope, type Tx } from '../../db/tenant.ts';
import { AppError } from '../../errors.ts';
import { type AuditEvent, recordEvents } from '../activity/record-events.ts';
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
export async function teamPeople(db: AppDb, ctx: AccessContext): Promise<Person[]> {
  const rows = await inScope(db, ctx.scope, (tx) =>
    queries.peopleWhoSeeFolder(tx, ctx.workspace.workspaceId, ctx.folder.path as string[]),
  );
  return rows.map(toPerson);
}

/** The people of `teamPeople` by their lower-cased e-mail, inside the caller's workspace transaction. */
export async function teamPeopleByEmail(tx: Tx, workspaceId: string, teamPath: string[]): Promise<Map<string, Person>> {
  const rows = await queries.peopleWhoSeeFolder(tx, workspaceId, teamPath);
  return new Map(rows.map((row) => [row.email.toLowerCase(), toPerson(row)]));
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

function levelPath(workspaceId: string, kind: FolderKind, folderId: string, parentId: string | null): string[] {
  if (kind === 'company') return [workspaceId];
  if (kind === 'project') return [workspaceId, folderId];
  return [workspaceId, parentId as string, folderId];
}

/** Issue 16.1, the Users page: the people with access at the folder and below, with their level there. */
export async function folderPeople(db: AppDb, ctx: AccessContext, query: FolderPeopleQuery): Promise<FolderPeoplePage> {
  const workspaceId = ctx.workspace.workspaceId;
  const rows = await inScope(db, ctx.scope, (tx) => queries.folderPeople(tx, workspaceId, ctx.folder, query));
  const more = rows.length > query.limit;
  const page = rows.slice(0, query.limit);
  const people = page.map(
    (r): FolderPerson => ({
      userId: r.user_id,
      name: displayName(r),
      email: r.email,
      userType: r.user_type,
      status: r.deactivated ? 'deactivated' : 'active',
      level: { kind: r.level_kind, role: r.level_role },
      grantedAt: {
        folderId: r.granted_folder_id,
        kind: r.level_kind,
        name: r.granted_name,
        path: levelPath(workspaceId, r.level_kind, r.granted_folder_id, r.granted_parent_id),
      },
      lastActiveAt: r.last_active_at,
    }),
  );
  const last = page[page.length - 1];
  return { people, nextCursor: more && last ? encodeCursor([last.sort_key, last.user_id]) : null };
}

function personEvent(ctx: AccessContext, action: string, userId: string, details: Record<string, unknown>): AuditEvent {
  return {
    workspaceId: ctx.workspace.workspaceId,
    actorUserId: ctx.user.userId,
    action,
    subjectType: 'user',
    subjectId: userId,
    folderPath: ctx.folder.path as string[],
    details,
  };
}

/**
 * The person's role held at the folder, which the viewer may manage: one they could give (and the
 * level it becomes). Someone not in the workspace: 404; a level given at another folder: 409.
 */
async function managedRole(tx: Tx, ctx: AccessContext, userId: string) {
  const workspaceId = ctx.workspace.workspaceId;
  const person = await queries.workspaceUser(tx, workspaceId, userId);
  if (!person) throw new AppError('personNotFound');
  const current = await queries.roleAt(tx, workspaceId, ctx.folder.folderId, userId);
  if (!current) throw new AppError('conflict', { detail: invitationMessages.grantedElsewhere });
  if (!canGrantLevel(ctx.viewer, ctx.folder, current)) {
    throw new AppError('forbidden', { detail: invitationMessages.levelNotAllowed });
  }
  return { person, current };
}

/** Changes the level the person holds at the folder (Member or Controller there). */
export async function changeLevel(db: AppDb, ctx: AccessContext, userId: string, role: Role) {
  const { folderId } = ctx.folder;
  if (!canGrantLevel(ctx.viewer, ctx.folder, role)) {
    throw new AppError('forbidden', { detail: invitationMessages.levelNotAllowed });
  }
  await inScope(db, ctx.scope, async (tx) => {
    const { current } = await managedRole(tx, ctx, userId);
    if (current === role) return;
    await queries.setRole(tx, ctx.workspace.workspaceId, folderId, userId, role);
    await recordEvents(tx, [personEvent(ctx, 'person.levelChanged', userId, { from: current, to: role })]);
  });
}

/** Removes the person's access given at the folder (they stay a user of the workspace). */
export async function removeAccess(db: AppDb, ctx: AccessContext, userId: string) {
  const { folderId } = ctx.folder;
  await inScope(db, ctx.scope, async (tx) => {
    const { current } = await managedRole(tx, ctx, userId);
    await queries.removeRole(tx, ctx.workspace.workspaceId, folderId, userId);
    await recordEvents(tx, [personEvent(ctx, 'person.accessRemoved', userId, { role: current })]);
  });
}

/** Org controllers deactivate (or reactivate) a person: a deactivated person no longer opens the workspace. */
export async function setDeactivated(db: AppDb, ctx: AccessContext, userId: string, deactivated: boolean) {
  const companyId = ctx.workspace.workspaceId;
  if (userId === ctx.user.userId) throw new AppError('conflict', { detail: invitationMessages.cannotDeactivateSelf });
  await inScope(db, ctx.scope, async (tx) => {
    const person = await queries.workspaceUser(tx, companyId, userId);
    if (!person) throw new AppError('personNotFound');
    if (person.deactivated === deactivated) return;
    await queries.setDeactivated(tx, companyId, userId, deactivated);
    await recordEvents(tx, [
      personEvent(ctx, deactivated ? 'person.deactivated' : 'person.reactivated', userId, { email: person.email }),
    ]);
  });
}

/** Records that the signed-in person is using the workspace now (the Users page's "last active"). */
export async function markActive(tx: Tx, workspaceId: string, userId: string): Promise<void> {
  await queries.markActive(tx, workspaceId, userId);
}
