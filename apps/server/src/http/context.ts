import type { ErrorCode } from '@formwork/shared/errors';
import type { FolderKind, FolderRef, Membership, Plan, Role, RoleGrant, UserType } from '@formwork/shared/permissions';
import type { FolderState } from '@formwork/shared/schemas/folders';
import { and, eq, sql } from 'drizzle-orm';
import type { AppDb } from '../db/client.ts';
import { folders, memberships, workspaces, workspaceUsers } from '../db/schema.ts';
import { inScope, type Scope, type Tx } from '../db/tenant.ts';
import type { SignedInUser } from './auth.ts';
import { AppError } from './errors.ts';

/** Who is asking, in which (verified) workspace, with which roles there. */
export type WorkspaceContext = {
  user: SignedInUser;
  /** For inScope(): the workspace is verified, so tenant queries may run in it. */
  scope: Scope;
  workspace: { workspaceId: string; name: string; plan: Plan; archived: boolean; region: string };
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

async function loadWorkspaceContext(
  tx: Tx,
  user: SignedInUser,
  workspaceId: string,
  notFound: ErrorCode,
): Promise<WorkspaceContext> {
  // One statement: the workspace, how the user belongs to it, and their roles there.
  const result = await tx.execute<{
    workspace_id: string;
    name: string;
    plan: Plan;
    archived: boolean;
    region: string;
    user_type: UserType | null;
    grants: { folderId: string; role: Role; kind: FolderKind; parentId: string | null }[];
  }>(sql`
    select w.workspace_id, w.name, w.plan, w.archived, w.region, wu.user_type,
      coalesce((
        select json_agg(json_build_object('folderId', m.folder_id, 'role', m.role, 'kind', f.kind, 'parentId', f.parent_id))
        from ${memberships} m
        join ${folders} f on f.workspace_id = m.workspace_id and f.folder_id = m.folder_id
        where m.workspace_id = w.workspace_id and m.user_id = ${user.userId} and f.state <> 'deleted'
      ), '[]'::json) as grants
    from ${workspaces} w
    left join ${workspaceUsers} wu on wu.workspace_id = w.workspace_id and wu.user_id = ${user.userId}
    where w.workspace_id = ${workspaceId}`);
  const row = result.rows[0];
  // Another tenant's id answers exactly like an id that does not exist.
  if (!row || (!row.user_type && !user.isAdmin)) throw new AppError(notFound);
  const belongs = row.user_type ? { userType: row.user_type } : undefined;
  const workspace = {
    workspaceId: row.workspace_id,
    name: row.name,
    plan: row.plan,
    archived: row.archived,
    region: row.region,
  };
  const grants = row.grants;
  const projectOf = new Map<string, string>();
  for (const g of grants) if (g.kind === 'team') projectOf.set(g.folderId, g.parentId as string);
  const roles: RoleGrant[] = grants.map((g) => ({
    folderId: g.folderId,
    kind: g.kind,
    role: g.role,
    path:
      g.kind === 'company'
        ? [workspaceId]
        : g.kind === 'project'
          ? [workspaceId, g.folderId]
          : [workspaceId, projectOf.get(g.folderId) as string, g.folderId],
  }));
  return {
    user,
    scope: { userId: user.userId, workspaceId, isAdmin: user.isAdmin },
    workspace,
    viewer: {
      isAdmin: user.isAdmin,
      isVisitorOnly: user.isVisitorOnly,
      userType: (belongs?.userType as UserType | undefined) ?? null,
      roles: sortGrants(roles),
    },
  };
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
): Promise<WorkspaceContext & { folder: TargetFolder }> {
  return inScope(db, personalScope(user), async (tx) => {
    const context = await loadWorkspaceContext(tx, user, companyId, notFound);
    const [company] = await tx
      .select({ name: folders.name, state: folders.state })
      .from(folders)
      .where(and(eq(folders.workspaceId, companyId), eq(folders.folderId, companyId)));
    if (!company) throw new AppError(notFound);
    return {
      ...context,
      folder: { kind: 'company', path: [companyId], folderId: companyId, parentId: null, ...company },
    };
  });
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
): Promise<WorkspaceContext & { folder: TargetFolder }> {
  return inScope(db, personalScope(user), async (tx) => {
    const [row] = await tx
      .select({
        workspaceId: folders.workspaceId,
        kind: folders.kind,
        parentId: folders.parentId,
        name: folders.name,
        state: folders.state,
      })
      .from(folders)
      .where(eq(folders.folderId, folderId))
      .limit(1);
    if (!row || (kind !== 'any' && row.kind !== kind) || row.state === 'deleted') throw new AppError(notFound);
    const context = await loadWorkspaceContext(tx, user, row.workspaceId, notFound);
    const path =
      row.kind === 'company'
        ? [folderId]
        : row.kind === 'project'
          ? [row.workspaceId, folderId]
          : [row.workspaceId, row.parentId as string, folderId];
    return {
      ...context,
      folder: { kind: row.kind, path, folderId, parentId: row.parentId, name: row.name, state: row.state },
    };
  });
}
