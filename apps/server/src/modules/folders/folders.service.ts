import { randomUUID } from 'node:crypto';
import { sortByName } from '@formwork/shared/folder-search';
import { can, type Membership, type Permission } from '@formwork/shared/permissions';
import type {
  Folder,
  FolderHierarchy,
  FolderStateChange,
  FolderStateChangeResult,
  FolderTree,
  TreeProject,
  TreeState,
} from '@formwork/shared/schemas/folders';
import { assertCan } from '../../authz/can.ts';
import type { AccessContext, TargetFolder, WorkspaceContext } from '../../authz/context.ts';
import type { AppDb } from '../../db/client.ts';
import { inScope, type Tx } from '../../db/tenant.ts';
import { AppError } from '../../errors.ts';
import { type JsonText, jsonTextOf } from '../../json-text.ts';
import { type AuditEvent, recordEvents } from '../activity/record-events.ts';
import { markActive } from '../people/people.service.ts';
import * as queries from './folders.queries.ts';
import { treeCacheOf } from './tree-cache.ts';

function pathOf(row: queries.FolderRow, companyId: string): string[] {
  if (row.kind === 'company') return [companyId];
  if (row.kind === 'project') return [companyId, row.folderId];
  return [companyId, row.parentId as string, row.folderId];
}

function toFolder(row: queries.FolderRow, companyId: string): Folder {
  return { ...row, path: pathOf(row, companyId) };
}

function hasCompanyRole(viewer: Membership): boolean {
  return viewer.isAdmin || viewer.roles.some((g) => g.kind === 'company');
}

/**
 * Spec 2.4, 4.2: the company tree in one state, with only what the viewer may see, as the JSON text
 * of a FolderTree. Viewers with a company role all see the whole tree: it is kept, built once per
 * change to the workspace's folders (tree-cache.ts).
 */
export async function getTree(db: AppDb, ctx: AccessContext, state: TreeState): Promise<JsonText<FolderTree>> {
  const { viewer } = ctx;
  const companyId = ctx.folder.folderId;
  const everything = hasCompanyRole(viewer);
  const cache = treeCacheOf(db);
  const key = `${companyId}:${state}`;
  const version = ctx.workspace.foldersVersion;
  let projects = everything ? cache.get(key, version) : undefined;
  if (projects === undefined) {
    projects = JSON.stringify(await visibleProjects(db, ctx, state, everything));
    if (everything) cache.set(key, version, projects);
  }
  const company = { folderId: companyId, name: ctx.folder.name } satisfies FolderTree['company'];
  const shownViewer = { ...viewer, roles: viewer.roles.map((g) => ({ ...g, path: [...g.path] })) };
  return jsonTextOf<FolderTree>(
    `{"company":${JSON.stringify(company)},"state":${JSON.stringify(state)},"projects":${projects},"viewer":${JSON.stringify(shownViewer satisfies FolderTree['viewer'])}}`,
  );
}

async function visibleProjects(
  db: AppDb,
  ctx: WorkspaceContext & { folder: TargetFolder },
  state: TreeState,
  everything: boolean,
): Promise<TreeProject[]> {
  const { viewer } = ctx;
  const companyId = ctx.folder.folderId;
  const only = everything
    ? undefined
    : {
        folderIds: [...new Set(viewer.roles.flatMap((g) => g.path))],
        projectIds: viewer.roles.filter((g) => g.kind === 'project').map((g) => g.folderId),
      };
  const rows = await inScope(db, ctx.scope, (tx) => queries.treeRows(tx, companyId, state, only));

  const projects = new Map<string, TreeProject>();
  for (const row of rows) {
    if (row.kind === 'project')
      projects.set(row.folderId, { folderId: row.folderId, name: row.name, state: row.state, teams: [] });
  }
  for (const row of rows) {
    if (row.kind !== 'team' || row.state !== state) continue;
    const project = projects.get(row.parentId as string);
    if (!project) continue;
    if (
      !everything &&
      !can(viewer, 'folder.browse', { kind: 'team', path: [companyId, project.folderId, row.folderId] })
    ) {
      continue;
    }
    project.teams.push({ folderId: row.folderId, name: row.name, state: row.state });
  }
  const visible: TreeProject[] = [];
  for (const project of projects.values()) {
    // In the Archived view an active project shows only as the holder of archived teams.
    if (project.state !== state && project.teams.length === 0) continue;
    if (!everything && !can(viewer, 'folder.browse', { kind: 'project', path: [companyId, project.folderId] }))
      continue;
    project.teams = sortByName(project.teams);
    visible.push(project);
  }
  return sortByName(visible);
}

function created(ctx: WorkspaceContext, folder: Folder): AuditEvent {
  return {
    workspaceId: ctx.workspace.workspaceId,
    actorUserId: ctx.user.userId,
    action: 'folder.created',
    subjectType: folder.kind,
    subjectId: folder.folderId,
    folderPath: folder.path,
    details: { name: folder.name },
  };
}

export async function addProject(db: AppDb, ctx: AccessContext, name: string): Promise<Folder> {
  const companyId = ctx.folder.folderId;
  return inScope(db, ctx.scope, async (tx) => {
    const row = await queries.insertFolder(tx, {
      workspaceId: companyId,
      folderId: randomUUID(),
      kind: 'project',
      parentId: companyId,
      name,
    });
    const folder = toFolder(row, companyId);
    await recordEvents(tx, [created(ctx, folder)]);
    return folder;
  });
}

export async function addTeam(db: AppDb, ctx: AccessContext, name: string): Promise<Folder> {
  const projectId = ctx.folder.folderId;
  if (ctx.folder.state !== 'active') {
    throw new AppError('conflict', { detail: 'Team folders can only be added to an active project folder.' });
  }
  const companyId = ctx.workspace.workspaceId;
  return inScope(db, ctx.scope, async (tx) => {
    const row = await queries.insertFolder(tx, {
      workspaceId: companyId,
      folderId: randomUUID(),
      kind: 'team',
      parentId: projectId,
      name,
    });
    const folder = toFolder(row, companyId);
    await recordEvents(tx, [created(ctx, folder)]);
    return folder;
  });
}

/**
 * Spec 7, "get folder hierarchy by id": the folder, its company and project, and the viewer's
 * roles, for a viewer who may see it in the tree; an archived folder is returned with its state.
 */
export async function getHierarchy(db: AppDb, ctx: AccessContext): Promise<FolderHierarchy> {
  const companyId = ctx.workspace.workspaceId;
  const ancestors = await inScope(db, ctx.scope, async (tx) => {
    // Opening a folder is what "last active" on the Users page means (issue 16.1).
    if (ctx.viewer.userType !== null) await markActive(tx, companyId, ctx.user.userId);
    return queries.foldersByIds(tx, companyId, ctx.folder.path.slice(0, -1) as string[]);
  });
  const project = ctx.folder.kind === 'team' ? ancestors.find((row) => row.kind === 'project') : undefined;
  const company = ctx.folder.kind === 'company' ? ctx.folder : ancestors.find((row) => row.kind === 'company');
  return {
    folder: {
      folderId: ctx.folder.folderId,
      kind: ctx.folder.kind,
      parentId: ctx.folder.parentId,
      name: ctx.folder.name,
      state: ctx.folder.state,
      path: [...ctx.folder.path],
    },
    company: { folderId: companyId, name: company?.name ?? ctx.workspace.name },
    project: project ? { folderId: project.folderId, name: project.name, state: project.state } : null,
    viewer: { ...ctx.viewer, roles: ctx.viewer.roles.map((g) => ({ ...g, path: [...g.path] })) },
  };
}

/** Spec 5.4: the name arrives trimmed and checked; renaming to the same name does nothing. */
export async function rename(db: AppDb, ctx: AccessContext, name: string): Promise<Folder> {
  const { folderId } = ctx.folder;
  const kind = ctx.folder.kind as 'project' | 'team';
  const current = targetToFolder(ctx.folder);
  if (name === ctx.folder.name) return current;
  return inScope(db, ctx.scope, async (tx) => {
    const row = await queries.renameFolder(tx, ctx.workspace.workspaceId, folderId, name);
    await recordEvents(tx, [
      {
        workspaceId: ctx.workspace.workspaceId,
        actorUserId: ctx.user.userId,
        action: 'folder.renamed',
        subjectType: kind,
        subjectId: folderId,
        folderPath: current.path,
        details: { name, from: ctx.folder.name },
      },
    ]);
    return { ...current, name: row.name };
  });
}

function targetToFolder(folder: TargetFolder): Folder {
  return {
    folderId: folder.folderId,
    kind: folder.kind,
    parentId: folder.parentId,
    name: folder.name,
    state: folder.state,
    path: [...folder.path],
  };
}

const stateVerb: Record<FolderStateChange['state'], Permission> = {
  active: 'folder.restore',
  archived: 'folder.archive',
  deleted: 'folder.delete',
};
const stateAction: Record<FolderStateChange['state'], string> = {
  active: 'folder.restored',
  archived: 'folder.archived',
  deleted: 'folder.deleted',
};

/**
 * Spec 4.2, 7: PUT companies/{companyId}/folders-state (projects and teams of the company) and
 * PUT projects/{projectId}/folders-state (teams of the project). All or nothing.
 */
export async function changeState(
  db: AppDb,
  ctx: AccessContext,
  change: FolderStateChange,
): Promise<FolderStateChangeResult> {
  const container = ctx.folder;
  if (change.folders.length === 0) throw new AppError('emptySelection');
  const companyId = ctx.workspace.workspaceId;
  const ids = [...new Set(change.folders)];

  return inScope(db, ctx.scope, async (tx) => {
    const rows = await queries.foldersByIds(tx, companyId, ids);
    const byId = new Map(rows.map((r) => [r.folderId, r]));
    for (const id of ids) {
      const row = byId.get(id);
      const inside =
        row &&
        row.state !== 'deleted' &&
        (container.kind === 'company'
          ? row.kind !== 'company'
          : row.kind === 'team' && row.parentId === container.folderId);
      if (!inside) throw new AppError('folderNotFound', { meta: { folderId: id } });
    }
    const verb = stateVerb[change.state];
    for (const row of rows) assertCan(ctx.viewer, verb, { kind: row.kind, path: pathOf(row, companyId) });

    const projectIds = rows.filter((r) => r.kind === 'project').map((r) => r.folderId);
    const teamIds = rows.filter((r) => r.kind === 'team').map((r) => r.folderId);
    const changed: { row: queries.FolderRow; cascade: boolean }[] = [];
    const push = (list: queries.FolderRow[], cascade: boolean) => {
      for (const row of list) changed.push({ row, cascade });
    };

    if (change.state === 'active') {
      // Projects first, only archived ones; their teams archived with them come back too.
      const projects = await queries.setState(tx, companyId, projectIds, ['archived'], 'active');
      push(projects, false);
      push(
        await queries.setTeamsStateOfProjects(
          tx,
          companyId,
          projects.map((p) => p.folderId),
          ['archived'],
          'active',
          { onlyArchivedWithProject: true },
        ),
        true,
      );
      await refuseTeamsUnderArchivedProjects(
        tx,
        companyId,
        rows.filter((r) => r.kind === 'team'),
      );
      push(await queries.setState(tx, companyId, teamIds, ['archived'], 'active'), false);
    } else {
      // Teams first, then projects with the teams they still hold.
      const from: ('active' | 'archived')[] = change.state === 'archived' ? ['active'] : ['active', 'archived'];
      push(await queries.setState(tx, companyId, teamIds, from, change.state), false);
      const projects = await queries.setState(tx, companyId, projectIds, from, change.state);
      push(projects, false);
      push(
        await queries.setTeamsStateOfProjects(
          tx,
          companyId,
          projects.map((p) => p.folderId),
          from,
          change.state,
          { markArchivedWithProject: change.state === 'archived' },
        ),
        true,
      );
    }

    await recordEvents(
      tx,
      changed.map(({ row, cascade }) => ({
        workspaceId: companyId,
        actorUserId: ctx.user.userId,
        action: stateAction[change.state],
        subjectType: row.kind as 'project' | 'team',
        subjectId: row.folderId,
        folderPath: pathOf(row, companyId),
        details: cascade ? { name: row.name, withProject: true } : { name: row.name },
      })),
    );
    return {
      state: change.state,
      changed: changed.map(({ row }) => ({ folderId: row.folderId, kind: row.kind, state: row.state })),
    };
  });
}

/** Spec 4.2: a team whose project is (still) archived cannot be restored. */
async function refuseTeamsUnderArchivedProjects(tx: Tx, companyId: string, teams: queries.FolderRow[]) {
  const archivedTeams = teams.filter((t) => t.state === 'archived');
  const parentIds = [...new Set(archivedTeams.map((t) => t.parentId as string))];
  const parents = await queries.foldersByIds(tx, companyId, parentIds);
  const blocked = parents.filter((p) => p.state !== 'active').map((p) => p.folderId);
  if (blocked.length > 0) {
    throw new AppError('folderPermissionsCannotRestoreProject', { meta: { projectIds: blocked } });
  }
}
