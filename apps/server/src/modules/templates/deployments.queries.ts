import { and, eq, inArray, ne } from 'drizzle-orm';
import { folders, templateDeployments } from '../../db/schema.ts';
import type { Tx } from '../../db/tenant.ts';

export type TeamRow = { teamId: string; projectId: string; state: 'active' | 'archived' | 'deleted' };

/** A team folder always has its project as parent (folders.parent_id is null for the company only). */
function toTeamRow(row: { teamId: string; projectId: string | null; state: TeamRow['state'] }): TeamRow {
  if (row.projectId === null) throw new Error(`team folder ${row.teamId} has no project`);
  return { ...row, projectId: row.projectId };
}

/** The given ids that are team folders of the workspace (not deleted), with their project. */
export async function teamsByIds(tx: Tx, workspaceId: string, ids: string[]): Promise<TeamRow[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .select({ teamId: folders.folderId, projectId: folders.parentId, state: folders.state })
    .from(folders)
    .where(
      and(
        eq(folders.workspaceId, workspaceId),
        inArray(folders.folderId, ids),
        eq(folders.kind, 'team'),
        ne(folders.state, 'deleted'),
      ),
    );
  return rows.map(toTeamRow);
}

/** The teams a template is deployed to, with their project (for paths and permission checks). */
export async function deployedTeams(tx: Tx, workspaceId: string, templateId: string): Promise<TeamRow[]> {
  const rows = await tx
    .select({ teamId: templateDeployments.teamId, projectId: folders.parentId, state: folders.state })
    .from(templateDeployments)
    .innerJoin(
      folders,
      and(eq(folders.workspaceId, templateDeployments.workspaceId), eq(folders.folderId, templateDeployments.teamId)),
    )
    .where(and(eq(templateDeployments.workspaceId, workspaceId), eq(templateDeployments.templateId, templateId)))
    .orderBy(templateDeployments.teamId);
  return rows.map(toTeamRow);
}

export async function addDeployments(
  tx: Tx,
  workspaceId: string,
  pairs: { templateId: string; teamId: string }[],
  userId: string,
): Promise<{ templateId: string; teamId: string }[]> {
  if (pairs.length === 0) return [];
  return tx
    .insert(templateDeployments)
    .values(pairs.map((p) => ({ workspaceId, ...p, deployedBy: userId })))
    .onConflictDoNothing()
    .returning({ templateId: templateDeployments.templateId, teamId: templateDeployments.teamId });
}

export async function removeDeployments(
  tx: Tx,
  workspaceId: string,
  templateIds: string[],
  teamIds: string[],
): Promise<{ templateId: string; teamId: string }[]> {
  if (templateIds.length === 0 || teamIds.length === 0) return [];
  return tx
    .delete(templateDeployments)
    .where(
      and(
        eq(templateDeployments.workspaceId, workspaceId),
        inArray(templateDeployments.templateId, templateIds),
        inArray(templateDeployments.teamId, teamIds),
      ),
    )
    .returning({ templateId: templateDeployments.templateId, teamId: templateDeployments.teamId });
}
