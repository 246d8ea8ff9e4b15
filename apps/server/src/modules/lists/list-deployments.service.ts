import { randomUUID } from 'node:crypto';
import type {
  ListBulkDeployment,
  ListBulkDeploymentResult,
  ListDeployment,
  ListDeploymentType,
} from '@formwork/shared/schemas/lists';
import type { AccessContext } from '../../authz/context.ts';
import type { AppDb } from '../../db/client.ts';
import { inScope, type Tx } from '../../db/tenant.ts';
import { AppError } from '../../errors.ts';
import { recordEvents } from '../activity/record-events.ts';
import * as queries from './list-deployments.queries.ts';
import * as lists from './lists.queries.ts';

/**
 * List deployment (spec 3, 4.1, 4.3; issue 18.4): a List Library list reaches a project folder as
 * a copy in that project (Deployed Empty: its properties, no items; Deployed Populated: its items
 * too). The project's members edit the copy's items; its name, state and properties follow the
 * library list.
 */

/** The projects, verified to be project folders of the workspace; new copies need active projects. */
async function verifiedProjects(tx: Tx, workspaceId: string, projectIds: string[], adding: Set<string>) {
  const projects = await queries.projectsByIds(tx, workspaceId, projectIds);
  const byId = new Map(projects.map((p) => [p.projectId, p]));
  for (const id of projectIds) {
    const project = byId.get(id);
    if (!project) throw new AppError('projectNotFound', { meta: { projectId: id } });
    if (adding.has(id) && project.state !== 'active') {
      throw new AppError('conflict', {
        detail: 'Lists can only be deployed to active project folders.',
        meta: { projectId: id },
      });
    }
  }
}

/** Who deploys, in which workspace. */
type Actor = { workspaceId: string; userId: string };

const actorOf = (ctx: AccessContext): Actor => ({ workspaceId: ctx.workspace.workspaceId, userId: ctx.user.userId });

function deploymentEvent(
  actor: Actor,
  change: { listId: string; projectId: string },
  name: string,
  action: 'list.deployed' | 'list.undeployed',
  deployment?: ListDeploymentType,
) {
  const companyId = actor.workspaceId;
  return {
    workspaceId: companyId,
    actorUserId: actor.userId,
    action,
    subjectType: 'list' as const,
    subjectId: change.listId,
    // In the project's Activity (and so the company's).
    folderPath: [companyId, change.projectId],
    details: { name, projectId: change.projectId, ...(deployment ? { deployment } : {}) },
  };
}

/**
 * Deploys the list to these projects (those without a copy yet) as `deployment`, inside the
 * caller's transaction, with an audit event each; answers the projects it was deployed to. The
 * caller checked the list and the projects (the demo seed deploys its own).
 */
export async function writeListDeployments(
  tx: Tx,
  actor: Actor,
  list: { id: string; name: string },
  projectIds: string[],
  deployment: ListDeploymentType,
): Promise<string[]> {
  const added: string[] = [];
  for (const projectId of projectIds) {
    const copy = { workspaceId: actor.workspaceId, listId: list.id, projectId, copyId: randomUUID(), deployment };
    if (await queries.insertCopy(tx, { ...copy, userId: actor.userId })) added.push(projectId);
  }
  await recordEvents(
    tx,
    added.map((projectId) =>
      deploymentEvent(actor, { listId: list.id, projectId }, list.name, 'list.deployed', deployment),
    ),
  );
  return added;
}

async function deployableList(tx: Tx, ctx: AccessContext, listId: string) {
  const list = await lists.listById(tx, ctx.workspace.workspaceId, listId);
  if (!list) throw new AppError('listNotFound');
  const companyId = ctx.workspace.workspaceId;
  return { list, deployable: list.folderId === companyId && list.sourceListId === null && list.state === 'active' };
}

function deploymentOf(listId: string, copies: queries.CopyRow[], added: string[] = [], removed: string[] = []) {
  return {
    listId,
    projects: copies.map((c) => ({ projectId: c.projectId, deployment: c.deployment, copyId: c.copyId })),
    added: added.sort(),
    removed: removed.sort(),
  };
}

/** The projects a List Library list is deployed to (none for a project's own list or a copy). */
export async function getListDeployment(db: AppDb, ctx: AccessContext, listId: string): Promise<ListDeployment> {
  return inScope(db, ctx.scope, async (tx) => {
    await deployableList(tx, ctx, listId);
    return deploymentOf(listId, await queries.copiesOf(tx, ctx.workspace.workspaceId, [listId]));
  });
}

/**
 * Manage Deployment: the list ends up deployed to exactly `projectIds`; new projects get a copy
 * deployed as `deployment`, those already deployed keep theirs (and the items they changed).
 */
export async function setListDeployment(
  db: AppDb,
  ctx: AccessContext,
  listId: string,
  body: { projectIds: string[]; deployment: ListDeploymentType },
): Promise<ListDeployment> {
  const workspaceId = ctx.workspace.workspaceId;
  const wanted = [...new Set(body.projectIds)];
  return inScope(db, ctx.scope, async (tx) => {
    const { list, deployable } = await deployableList(tx, ctx, listId);
    if (!deployable) throw new AppError('listNotDeployable');
    const current = await queries.copiesOf(tx, workspaceId, [listId]);
    const currentIds = new Set(current.map((c) => c.projectId));
    const toAdd = wanted.filter((id) => !currentIds.has(id));
    const wantedSet = new Set(wanted);
    const toRemove = [...currentIds].filter((id) => !wantedSet.has(id));
    await verifiedProjects(tx, workspaceId, wanted, new Set(toAdd));
    const added = await writeListDeployments(tx, actorOf(ctx), list, toAdd, body.deployment);
    const removed = await queries.removeCopies(tx, workspaceId, [listId], toRemove);
    await recordEvents(
      tx,
      removed.map((r) => deploymentEvent(actorOf(ctx), r, list.name, 'list.undeployed')),
    );
    return deploymentOf(
      listId,
      await queries.copiesOf(tx, workspaceId, [listId]),
      added,
      removed.map((r) => r.projectId),
    );
  });
}

/** Bulk Deploy / Undeploy: these List Library lists to or from these projects. */
export async function bulkListDeployment(
  db: AppDb,
  ctx: AccessContext,
  body: ListBulkDeployment,
  deploy: boolean,
): Promise<ListBulkDeploymentResult> {
  const workspaceId = ctx.workspace.workspaceId;
  const listIds = [...new Set(body.listIds)];
  const projectIds = [...new Set(body.projectIds)];
  if (listIds.length === 0 || projectIds.length === 0) throw new AppError('emptySelection');
  return inScope(db, ctx.scope, async (tx) => {
    const names = new Map<string, string>();
    for (const listId of listIds) {
      const { list, deployable } = await deployableList(tx, ctx, listId);
      if (list.folderId !== workspaceId) throw new AppError('listNotFound', { meta: { listId } });
      if (deploy && !deployable) throw new AppError('listNotDeployable', { meta: { listId } });
      names.set(listId, list.name);
    }
    await verifiedProjects(tx, workspaceId, projectIds, deploy ? new Set(projectIds) : new Set());
    if (deploy) {
      const changed: { listId: string; projectId: string }[] = [];
      for (const listId of listIds) {
        const list = { id: listId, name: names.get(listId) ?? '' };
        const added = await writeListDeployments(tx, actorOf(ctx), list, projectIds, body.deployment);
        changed.push(...added.map((projectId) => ({ listId, projectId })));
      }
      return { changed };
    }
    const changed = await queries.removeCopies(tx, workspaceId, listIds, projectIds);
    await recordEvents(
      tx,
      changed.map((c) => deploymentEvent(actorOf(ctx), c, names.get(c.listId) ?? '', 'list.undeployed')),
    );
    return { changed };
  });
}
