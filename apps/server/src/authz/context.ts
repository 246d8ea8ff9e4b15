import type { ErrorCode } from '@formwork/shared/errors';
import type { FolderKind, FolderRef, Membership, Plan, Role, RoleGrant, UserType } from '@formwork/shared/permissions';
import type { FolderState } from '@formwork/shared/schemas/folders';
import { type SQL, sql } from 'drizzle-orm';
import type { AppDb } from '../db/client.ts';
import { accounts, folders, memberships, workspaces, workspaceUsers } from '../db/schema.ts';
import { readInScope, type Scope } from '../db/tenant.ts';
import { AppError } from '../errors.ts';
import type { SignedInUser } from './signed-in-user.ts';

/** Who is asking, in which (verified) workspace, with which roles there. */
export type WorkspaceContext = {
  user: SignedInUser;
  /** For inScope(): the workspace is verified, so tenant queries may run in it. */
  scope: Scope;
  workspace: {
    workspaceId: string;
    name: string;
    plan: Plan;
    archived: boolean;
    region: string;
    /** IANA zone PDFs and exports show times in. */
    timeZone: string;
    /** Bumped whenever the workspace's folders change (0012_folders_version.sql). */
    foldersVersion: number;
  };
  viewer: Membership;
};

/** A folder named by a route, found inside the verified workspace. */
export type TargetFolder = FolderRef & {
  folderId: string;
  parentId: string | null;
  name: string;
  state: FolderState;
};

/** The scope of a signed-in user before any workspace is chosen: their own rows only. */
export function personalScope(user: SignedInUser): Scope {
  return { userId: user.userId, workspaceId: null, isAdmin: user.isAdmin };
}

/**
 * The statement of a route's context: the folder the route names (found by `folderMatch` on the
 * alias `f`), its workspace, how the user belongs to that workspace, and their roles there. Under
 * the person's own scope, row-level security only shows folders of workspaces they belong to.
 */
export function contextStatement(userId: string, folderMatch: SQL): SQL {
  return sql`
    select f.workspace_id, f.folder_id, f.kind, f.parent_id, f.name as folder_name, f.state as folder_state,
      w.name, (select a.plan_type from ${accounts} a where a.account_id = w.account_id) as plan, w.archived, w.region,
      w.time_zone, w.folders_version, wu.user_type,
      coalesce((
        select json_agg(json_build_object('folderId', m.folder_id, 'role', m.role, 'kind', g.kind, 'parentId', g.parent_id))
        from ${memberships} m
        join ${folders} g on g.workspace_id = m.workspace_id and g.folder_id = m.folder_id
        where m.workspace_id = f.workspace_id and m.user_id = ${userId} and g.state <> 'deleted'
      ), '[]'::json) as grants
    from ${folders} f
    join ${workspaces} w on w.workspace_id = f.workspace_id
    left join ${workspaceUsers} wu on wu.workspace_id = f.workspace_id and wu.user_id = ${userId}
      and wu.deactivated_at is null
    where ${folderMatch}
    limit 1`;
}

/** A row of contextStatement (its columns may be null: no folder was found). */
export type ContextRow = {
  workspace_id: string | null;
  folder_id: string;
  kind: FolderKind;
  parent_id: string | null;
  folder_name: string;
  folder_state: FolderState;
  name: string;
  plan: Plan;
  archived: boolean;
  region: string;
  time_zone: string;
  folders_version: string;
  user_type: UserType | null;
  grants: { folderId: string; role: Role; kind: FolderKind; parentId: string | null }[];
};

/** The verified context of a contextStatement row; 404 `notFound` when there is none. */
export function contextFromRow(user: SignedInUser, row: ContextRow | undefined, notFound: ErrorCode): AccessContext {
  // Another tenant's id answers exactly like an id that does not exist; so does the workspace of
  // someone deactivated there (issue 16.1).
  if (!row?.workspace_id || (!row.user_type && !user.isAdmin)) throw new AppError(notFound);
  const workspaceId = row.workspace_id;
  const projectOf = new Map<string, string>();
  for (const g of row.grants) if (g.kind === 'team') projectOf.set(g.folderId, g.parentId as string);
  const roles: RoleGrant[] = row.grants.map((g) => ({
    folderId: g.folderId,
    kind: g.kind,
    role: g.role,
    path: folderPath(workspaceId, g.kind, g.folderId, g.kind === 'team' ? (projectOf.get(g.folderId) as string) : null),
  }));
  return {
    user,
    scope: { userId: user.userId, workspaceId, isAdmin: user.isAdmin },
    workspace: {
      workspaceId,
      name: row.name,
      plan: row.plan,
      archived: row.archived,
      region: row.region,
      timeZone: row.time_zone,
      foldersVersion: Number(row.folders_version),
    },
    viewer: {
      isAdmin: user.isAdmin,
      isVisitorOnly: user.isVisitorOnly,
      userType: row.user_type,
      roles: sortGrants(roles),
    },
    folder: {
      kind: row.kind,
      parentId: row.parent_id,
      name: row.folder_name,
      state: row.folder_state,
      folderId: row.folder_id,
      path: folderPath(workspaceId, row.kind, row.folder_id, row.parent_id),
    },
  };
}

function folderPath(workspaceId: string, kind: FolderKind, folderId: string, parentId: string | null): string[] {
  if (kind === 'company') return [workspaceId];
  if (kind === 'project') return [workspaceId, folderId];
  return [workspaceId, parentId as string, folderId];
}

/** Teams first, then projects, then the company; stable by id (landing picks the first). */
function sortGrants(grants: RoleGrant[]): RoleGrant[] {
  const order: Record<FolderKind, number> = { team: 0, project: 1, company: 2 };
  return grants.sort((a, b) => order[a.kind] - order[b.kind] || a.folderId.localeCompare(b.folderId));
}

/**
 * The workspace of a company route, verified: the user belongs to it (or is an admin), else 404
 * with `notFound`.
 */
export async function companyContext(
  db: AppDb,
  user: SignedInUser,
  companyId: string,
  notFound: ErrorCode = 'folderNotFound',
): Promise<AccessContext> {
  return resolveFolder(
    db,
    user,
    sql`f.workspace_id = ${companyId} and f.folder_id = ${companyId} and f.kind = 'company'`,
    notFound,
  );
}

/**
 * The workspace of a folder route, found from the folder id and verified as above. A deleted
 * folder, or one of another kind than asked, is not found.
 */
export async function folderContext(
  db: AppDb,
  user: SignedInUser,
  kind: FolderKind | 'any',
  folderId: string,
  notFound: ErrorCode = 'folderNotFound',
): Promise<AccessContext> {
  return folderContextWhere(db, user, null, kind, folderId, notFound);
}

/**
 * A folder named with its workspace (the parent of a row whose id is unique per workspace only,
 * such as an action's team), verified as above: a folder of any other workspace is not found.
 */
export async function folderInWorkspaceContext(
  db: AppDb,
  user: SignedInUser,
  workspaceId: string,
  kind: FolderKind,
  folderId: string,
  notFound: ErrorCode = 'folderNotFound',
): Promise<AccessContext> {
  return folderContextWhere(db, user, workspaceId, kind, folderId, notFound);
}

async function folderContextWhere(
  db: AppDb,
  user: SignedInUser,
  workspaceId: string | null,
  kind: FolderKind | 'any',
  folderId: string,
  notFound: ErrorCode,
): Promise<AccessContext> {
  return resolveFolder(
    db,
    user,
    sql`${workspaceId === null ? sql`` : sql`f.workspace_id = ${workspaceId} and`} f.folder_id = ${folderId}
      and f.state <> 'deleted' ${kind === 'any' ? sql`` : sql`and f.kind = ${kind}`}`,
    notFound,
  );
}

/** The verified context a route step hands the service: who, in which workspace, on which folder. */
export type AccessContext = WorkspaceContext & { folder: TargetFolder };

/**
 * The folder that `folderMatch` (on the alias `f`) finds, with its workspace and the user's roles
 * there, in one statement; the user must belong to that workspace (or be an admin), else 404
 * `notFound`. The match may reach the folder through a child row's parent path (a template's home,
 * an action's team) in a sub-select: row-level security shows only the user's workspaces.
 */
export async function resolveFolder(
  db: AppDb,
  user: SignedInUser,
  folderMatch: SQL,
  notFound: ErrorCode,
): Promise<AccessContext> {
  const [row] = await readInScope<ContextRow>(db, personalScope(user), contextStatement(user.userId, folderMatch));
  return contextFromRow(user, row, notFound);
}
