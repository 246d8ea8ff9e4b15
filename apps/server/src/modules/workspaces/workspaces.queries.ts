import { and, asc, eq, sql } from 'drizzle-orm';
import { folders, memberships, workspaces, workspaceUsers } from '../../db/schema.ts';
import type { Tx } from '../../db/tenant.ts';

const workspaceColumns = {
  workspaceId: workspaces.workspaceId,
  name: workspaces.name,
  logoUrl: workspaces.logoUrl,
  brandColour: workspaces.brandColour,
  archived: workspaces.archived,
  plan: workspaces.plan,
  region: workspaces.region,
};

/** Company-level controller role of the user in the row's workspace (personal scope: own rows only). */
const isOrgController = sql<boolean>`exists (
  select 1 from ${memberships} m
  where m.workspace_id = ${workspaceUsers.workspaceId} and m.folder_id = ${workspaceUsers.workspaceId}
    and m.user_id = ${workspaceUsers.userId} and m.role = 'controller')`;

/** The workspaces a person belongs to, by name. Runs in their personal scope (no workspace). */
export async function accessibleWorkspaces(tx: Tx, userId: string) {
  return tx
    .select({ ...workspaceColumns, userType: workspaceUsers.userType, isOrgController })
    .from(workspaceUsers)
    .innerJoin(workspaces, eq(workspaces.workspaceId, workspaceUsers.workspaceId))
    .where(eq(workspaceUsers.userId, userId))
    .orderBy(asc(sql`lower(${workspaces.name})`), asc(workspaces.workspaceId));
}

export async function membershipIn(tx: Tx, userId: string, workspaceId: string) {
  const [row] = await tx
    .select({ userType: workspaceUsers.userType, plan: workspaces.plan, isOrgController })
    .from(workspaceUsers)
    .innerJoin(workspaces, eq(workspaces.workspaceId, workspaceUsers.workspaceId))
    .where(and(eq(workspaceUsers.userId, userId), eq(workspaceUsers.workspaceId, workspaceId)));
  return row;
}

/** Case-insensitive substring on the name; super users only (their scope sees every workspace). */
export async function searchWorkspaces(tx: Tx, q: string, limit: number) {
  return tx
    .select(workspaceColumns)
    .from(workspaces)
    .where(sql`position(lower(${q}) in lower(${workspaces.name})) > 0`)
    .orderBy(asc(sql`lower(${workspaces.name})`), asc(workspaces.workspaceId))
    .limit(limit);
}

/** A new workspace with its company folder and its creator as contributor and company controller. */
export async function insertWorkspace(
  tx: Tx,
  w: { workspaceId: string; name: string; region: string; creatorId: string },
) {
  const [row] = await tx
    .insert(workspaces)
    .values({ workspaceId: w.workspaceId, name: w.name, region: w.region, plan: 'free_trial' })
    .returning(workspaceColumns);
  await tx
    .insert(folders)
    .values({ workspaceId: w.workspaceId, folderId: w.workspaceId, kind: 'company', name: w.name });
  await tx.insert(workspaceUsers).values({ workspaceId: w.workspaceId, userId: w.creatorId, userType: 'contributor' });
  await tx
    .insert(memberships)
    .values({ workspaceId: w.workspaceId, folderId: w.workspaceId, userId: w.creatorId, role: 'controller' });
  if (!row) throw new Error('workspace not created');
  return row;
}
