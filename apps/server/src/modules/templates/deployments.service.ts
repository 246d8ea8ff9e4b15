import { can } from '@formwork/shared/permissions';
import type { BulkDeployment, BulkDeploymentResult, Deployment } from '@formwork/shared/schemas/templates';
import type { AccessContext, WorkspaceContext } from '../../authz/context.ts';
import type { AppDb } from '../../db/client.ts';
import { inScope, type Tx } from '../../db/tenant.ts';
import { AppError } from '../../errors.ts';
import * as queries from './deployments.queries.ts';
import { templateContext } from './template-access.service.ts';
import { recordTemplateEvents, type TemplateEvent } from './template-events.ts';
import * as templates from './templates.queries.ts';

/**
 * Deployment (spec 4.1, 4.3): a Template Library template reaches a team folder through a
 * deployment row. The team reads the library template's current version, so every save reaches
 * every team at once; no copy is kept in step.
 */

/** The teams, verified to be team folders of the workspace; new deployments need active teams. */
async function verifiedTeams(tx: Tx, workspaceId: string, teamIds: string[], adding: Set<string>) {
  const teams = await queries.teamsByIds(tx, workspaceId, teamIds);
  const byId = new Map(teams.map((t) => [t.teamId, t]));
  for (const id of teamIds) {
    const team = byId.get(id);
    if (!team) throw new AppError('teamNotFound', { meta: { teamId: id } });
    if (adding.has(id) && team.state !== 'active') {
      throw new AppError('conflict', {
        detail: 'Templates can only be deployed to active team folders.',
        meta: { teamId: id },
      });
    }
  }
  return byId;
}

function deploymentEvents(
  ctx: WorkspaceContext,
  changes: { templateId: string; teamId: string }[],
  names: Map<string, string>,
  teams: Map<string, queries.TeamRow>,
  action: 'template.deployed' | 'template.undeployed',
): TemplateEvent[] {
  const companyId = ctx.workspace.workspaceId;
  return changes.map((c) => ({
    workspaceId: companyId,
    actorUserId: ctx.user.userId,
    action,
    subjectType: 'template',
    subjectId: c.templateId,
    // In the team's Activity (and so the project's and the company's).
    folderPath: [companyId, teams.get(c.teamId)?.projectId as string, c.teamId],
    details: { name: names.get(c.templateId) ?? '', teamId: c.teamId },
  }));
}

export async function getDeployment(db: AppDb, access: AccessContext, templateId: string): Promise<Deployment> {
  const ctx = await templateContext(db, access, templateId);
  const teams = await inScope(db, ctx.scope, (tx) => queries.deployedTeams(tx, ctx.workspace.workspaceId, templateId));
  const companyId = ctx.workspace.workspaceId;
  // Only the teams the viewer may see, unless they may manage deployment.
  const visible = can(ctx.viewer, 'template.deploy', ctx.home)
    ? teams
    : teams.filter((t) => can(ctx.viewer, 'folder.view', { kind: 'team', path: [companyId, t.projectId, t.teamId] }));
  return { templateId, teamIds: visible.map((t) => t.teamId), added: [], removed: [] };
}

/** Manage Deployment: the template ends up deployed to exactly `teamIds`. */
export async function setDeployment(
  db: AppDb,
  access: AccessContext,
  templateId: string,
  teamIds: string[],
): Promise<Deployment> {
  const ctx = await templateContext(db, access, templateId);
  if (!ctx.isCompany || ctx.template.state !== 'active') throw new AppError('templateNotDeployable');
  const wanted = [...new Set(teamIds)];
  const workspaceId = ctx.workspace.workspaceId;
  return inScope(db, ctx.scope, async (tx) => {
    const current = await queries.deployedTeams(tx, workspaceId, templateId);
    const currentIds = new Set(current.map((t) => t.teamId));
    const added = wanted.filter((id) => !currentIds.has(id));
    const wantedSet = new Set(wanted);
    const removed = [...currentIds].filter((id) => !wantedSet.has(id));
    const teams = await verifiedTeams(tx, workspaceId, wanted, new Set(added));
    for (const t of current) teams.set(t.teamId, t);
    const names = new Map([[templateId, ctx.template.name]]);
    const inserted = await queries.addDeployments(
      tx,
      workspaceId,
      added.map((teamId) => ({ templateId, teamId })),
      ctx.user.userId,
    );
    const deleted = await queries.removeDeployments(tx, workspaceId, [templateId], removed);
    await recordTemplateEvents(tx, [
      ...deploymentEvents(ctx, inserted, names, teams, 'template.deployed'),
      ...deploymentEvents(ctx, deleted, names, teams, 'template.undeployed'),
    ]);
    return {
      templateId,
      teamIds: wanted.sort(),
      added: inserted.map((d) => d.teamId).sort(),
      removed: deleted.map((d) => d.teamId).sort(),
    };
  });
}

/** Bulk Deploy / Undeploy: these library templates to or from these teams. */
export async function bulkDeployment(
  db: AppDb,
  access: AccessContext,
  companyId: string,
  body: BulkDeployment,
  deploy: boolean,
): Promise<BulkDeploymentResult> {
  const ctx = access;
  const templateIds = [...new Set(body.templateIds)];
  const teamIds = [...new Set(body.teamIds)];
  if (templateIds.length === 0 || teamIds.length === 0) throw new AppError('emptySelection');
  return inScope(db, ctx.scope, async (tx) => {
    const rows = await templates.templatesInFolder(tx, companyId, companyId, templateIds);
    const missing = templateIds.find((id) => !rows.some((r) => r.templateId === id));
    if (missing) throw new AppError('templateNotFound', { meta: { templateId: missing } });
    if (deploy && rows.some((r) => r.state !== 'active')) throw new AppError('templateNotDeployable');
    const teams = await verifiedTeams(tx, companyId, teamIds, deploy ? new Set(teamIds) : new Set());
    const names = new Map(rows.map((r) => [r.templateId, r.name]));
    const changed = deploy
      ? await queries.addDeployments(
          tx,
          companyId,
          templateIds.flatMap((templateId) => teamIds.map((teamId) => ({ templateId, teamId }))),
          ctx.user.userId,
        )
      : await queries.removeDeployments(tx, companyId, templateIds, teamIds);
    await recordTemplateEvents(
      tx,
      deploymentEvents(ctx, changed, names, teams, deploy ? 'template.deployed' : 'template.undeployed'),
    );
    return { changed };
  });
}
