import { randomUUID } from 'node:crypto';
import type { ListCreate, ListDetail, ListState, ListSummary } from '@formwork/shared/schemas/lists';
import type { AccessContext } from '../../authz/context.ts';
import type { AppDb } from '../../db/client.ts';
import { inScope, type Tx } from '../../db/tenant.ts';
import { AppError } from '../../errors.ts';
import { recordEvents } from '../activity/record-events.ts';
import * as queries from './lists.queries.ts';

/** An audit event about a list, shown in the Activity of the list's folder. */
function listEvent(ctx: AccessContext, action: string, list: { id: string; name: string }, details = {}) {
  return {
    workspaceId: ctx.workspace.workspaceId,
    actorUserId: ctx.user.userId,
    action,
    subjectType: 'list' as const,
    subjectId: list.id,
    folderPath: [...ctx.folder.path],
    details: { name: list.name, ...details },
  };
}

/** The lists of the route's folder (the company's List Library or a project's Lists). */
export async function listLists(db: AppDb, ctx: AccessContext, state: ListState): Promise<{ lists: ListSummary[] }> {
  return {
    lists: await inScope(db, ctx.scope, (tx) =>
      queries.listsOfFolder(tx, ctx.workspace.workspaceId, ctx.folder.folderId, state),
    ),
  };
}

async function detail(tx: Tx, workspaceId: string, listId: string): Promise<ListDetail> {
  const list = await queries.listById(tx, workspaceId, listId);
  if (!list) throw new AppError('listNotFound');
  return { ...list, properties: await queries.propertiesOf(tx, workspaceId, listId) };
}

/** Create a list in the route's folder (spec 5.1: a name is required). */
export async function createList(db: AppDb, ctx: AccessContext, body: ListCreate): Promise<ListDetail> {
  const workspaceId = ctx.workspace.workspaceId;
  const listId = randomUUID();
  return inScope(db, ctx.scope, async (tx) => {
    await queries.insertList(tx, {
      workspaceId,
      listId,
      folderId: ctx.folder.folderId,
      name: body.name,
      userId: ctx.user.userId,
    });
    await recordEvents(tx, [listEvent(ctx, 'list.created', { id: listId, name: body.name })]);
    return detail(tx, workspaceId, listId);
  });
}

/** One list with its properties; the route step found it in the caller's workspace. */
export async function getList(db: AppDb, ctx: AccessContext, listId: string): Promise<ListDetail> {
  return inScope(db, ctx.scope, (tx) => detail(tx, ctx.workspace.workspaceId, listId));
}

export async function renameList(db: AppDb, ctx: AccessContext, listId: string, name: string): Promise<ListDetail> {
  const workspaceId = ctx.workspace.workspaceId;
  return inScope(db, ctx.scope, async (tx) => {
    const before = await detail(tx, workspaceId, listId);
    if (before.name === name) return before;
    await queries.updateList(tx, workspaceId, listId, { name, userId: ctx.user.userId });
    await recordEvents(tx, [listEvent(ctx, 'list.renamed', { id: listId, name }, { from: before.name })]);
    return detail(tx, workspaceId, listId);
  });
}

/** Spec 4.1: active lists are archived, archived ones restored; the other way is a no-op. */
export async function setListState(
  db: AppDb,
  ctx: AccessContext,
  listId: string,
  state: ListState,
): Promise<ListDetail> {
  const workspaceId = ctx.workspace.workspaceId;
  return inScope(db, ctx.scope, async (tx) => {
    const before = await detail(tx, workspaceId, listId);
    if (before.state === state) return before;
    await queries.updateList(tx, workspaceId, listId, { state, userId: ctx.user.userId });
    await recordEvents(tx, [listEvent(ctx, state === 'archived' ? 'list.archived' : 'list.restored', before)]);
    return detail(tx, workspaceId, listId);
  });
}

/** Spec 4.1: a list is permanently deleted with its properties and items. */
export async function deleteList(db: AppDb, ctx: AccessContext, listId: string): Promise<{ id: string; state: null }> {
  const workspaceId = ctx.workspace.workspaceId;
  return inScope(db, ctx.scope, async (tx) => {
    const before = await detail(tx, workspaceId, listId);
    await queries.deleteList(tx, workspaceId, listId);
    await recordEvents(tx, [listEvent(ctx, 'list.deleted', before)]);
    return { id: listId, state: null };
  });
}
