import { randomUUID } from 'node:crypto';
import type { Tab, TabCreate, TabOrder, TabUpdate } from '@formwork/shared/schemas/tabs';
import type { AccessContext, WorkspaceContext } from '../../authz/context.ts';
import type { AppDb } from '../../db/client.ts';
import { inScope, type Tx } from '../../db/tenant.ts';
import { AppError } from '../../errors.ts';
import { templateContext, uniqueViolation } from '../templates/template-access.service.ts';
import { recordTemplateEvents, type TemplateEvent } from '../templates/template-events.ts';
import * as queries from './tabs.queries.ts';

/** The workspace's tabs in the sidebar's order, inside the caller's transaction. */
export function tabsOf(tx: Tx, workspaceId: string): Promise<Tab[]> {
  return queries.listTabs(tx, workspaceId);
}

/** The ids among `ids` that are tabs of the workspace. */
export async function existingTabIds(tx: Tx, workspaceId: string, ids: string[]): Promise<Set<string>> {
  return new Set((await queries.tabsByIds(tx, workspaceId, ids)).map((t) => t.id));
}

function tabEvent(ctx: WorkspaceContext, action: string, tab: { id: string | null; name: string }, details = {}) {
  return {
    workspaceId: ctx.workspace.workspaceId,
    actorUserId: ctx.user.userId,
    action,
    subjectType: 'tab',
    subjectId: tab.id,
    folderPath: [ctx.workspace.workspaceId],
    details: { name: tab.name, ...details },
  } satisfies TemplateEvent;
}

/** Spec 5.5: a duplicate name (case-insensitive) answers 409 tabNameUsed at the name field. */
function nameTaken(error: unknown): never {
  if (uniqueViolation(error) === 'template_tabs_name_key' || uniqueViolation(error) === '') {
    throw new AppError('tabNameUsed', {
      errors: [{ path: 'body.name', message: 'A tab with this name already exists. Tab names must be unique' }],
    });
  }
  throw error;
}

export async function listTabs(db: AppDb, access: AccessContext, companyId: string): Promise<{ tabs: Tab[] }> {
  const ctx = access;
  return { tabs: await inScope(db, ctx.scope, (tx) => queries.listTabs(tx, companyId)) };
}

/**
 * Save a new tab (spec 4.3, 7). With a client-generated id the call is safe to retry: the tab
 * already saved under that id is answered again when it has the same name.
 */
export async function createTab(
  db: AppDb,
  access: AccessContext,
  companyId: string,
  body: TabCreate,
): Promise<{ tab: Tab; created: boolean }> {
  const ctx = access;
  return inScope(db, ctx.scope, async (tx) => {
    if (body.id) {
      const [existing] = await queries.tabsByIds(tx, companyId, [body.id]);
      if (existing) {
        if (existing.name.toLowerCase() === body.name.toLowerCase()) return { tab: existing, created: false };
        throw new AppError('conflict', { detail: 'This tab id is already in use.' });
      }
    }
    const tab = await queries
      .insertTab(tx, {
        workspaceId: companyId,
        tabId: body.id ?? randomUUID(),
        name: body.name,
        style: body.style,
        sortValue: body.sortValue,
      })
      .catch(nameTaken);
    await recordTemplateEvents(tx, [tabEvent(ctx, 'tab.created', tab, { style: tab.style })]);
    return { tab, created: true };
  });
}

/** Edit name and colour (spec 4.3, 5.5); changing only the colour is allowed. */
export async function updateTab(
  db: AppDb,
  access: AccessContext,
  companyId: string,
  tabId: string,
  body: TabUpdate,
): Promise<Tab> {
  const ctx = access;
  return inScope(db, ctx.scope, async (tx) => {
    const [before] = await queries.tabsByIds(tx, companyId, [tabId]);
    if (!before) throw new AppError('tabNotFound');
    const tab = await queries
      .updateTab(tx, companyId, tabId, { name: body.name, style: body.style, sortValue: body.sortValue })
      .catch(nameTaken);
    if (!tab) throw new AppError('tabNotFound');
    await recordTemplateEvents(tx, [
      tabEvent(ctx, 'tab.updated', tab, { from: before.name, style: tab.style, fromStyle: before.style }),
    ]);
    return tab;
  });
}

/** Delete tabs; their templates stay, untagged from them. */
export async function deleteTabs(
  db: AppDb,
  access: AccessContext,
  companyId: string,
  tabIds: string[],
): Promise<{ deleted: string[] }> {
  const ctx = access;
  const ids = [...new Set(tabIds)];
  if (ids.length === 0) throw new AppError('emptySelection');
  return inScope(db, ctx.scope, async (tx) => {
    const tabs = await queries.tabsByIds(tx, companyId, ids);
    const missing = ids.find((id) => !tabs.some((t) => t.id === id));
    if (missing) throw new AppError('tabNotFound', { meta: { tabId: missing } });
    const deleted = await queries.deleteTabs(tx, companyId, ids);
    await recordTemplateEvents(
      tx,
      tabs.map((t) => tabEvent(ctx, 'tab.deleted', t)),
    );
    return { deleted };
  });
}

/**
 * Save the sorted order (spec 4.3): the listed tabs get sortValue 0..n-1 in order; tabs not listed
 * (added meanwhile by someone else) keep their relative order after them.
 */
export async function saveOrder(
  db: AppDb,
  access: AccessContext,
  companyId: string,
  body: TabOrder,
): Promise<{ tabs: Tab[] }> {
  const ctx = access;
  const ids = body.tabs.map((t) => t.id);
  if (new Set(ids).size !== ids.length) {
    throw new AppError('validationFailed', { errors: [{ path: 'body.tabs', message: 'Each tab may appear once' }] });
  }
  return inScope(db, ctx.scope, async (tx) => {
    const all = await queries.listTabs(tx, companyId);
    const known = new Set(all.map((t) => t.id));
    const missing = ids.find((id) => !known.has(id));
    if (missing) throw new AppError('tabNotFound', { meta: { tabId: missing } });
    const listed = new Set(ids);
    const order = [...ids, ...all.filter((t) => !listed.has(t.id)).map((t) => t.id)];
    await queries.setOrder(tx, companyId, order);
    await recordTemplateEvents(tx, [tabEvent(ctx, 'tabs.reordered', { id: null, name: 'Template tabs' }, { order })]);
    return { tabs: await queries.listTabs(tx, companyId) };
  });
}

/** Add to Tab / Remove from Tab (spec 2.5, 5.5): the template editor's right on its folder. */
export async function setTemplateTab(
  db: AppDb,
  access: AccessContext,
  templateId: string,
  tabId: string,
  present: boolean,
): Promise<{ templateId: string; tabIds: string[] }> {
  const ctx = await templateContext(db, access, templateId);
  const workspaceId = ctx.workspace.workspaceId;
  return inScope(db, ctx.scope, async (tx) => {
    const [tab] = await queries.tabsByIds(tx, workspaceId, [tabId]);
    if (!tab) throw new AppError('tabNotFound');
    const changed = present
      ? await queries.linkTab(tx, workspaceId, templateId, tabId)
      : await queries.unlinkTab(tx, workspaceId, templateId, tabId);
    if (changed) {
      await recordTemplateEvents(tx, [
        {
          workspaceId,
          actorUserId: ctx.user.userId,
          action: present ? 'template.tabAdded' : 'template.tabRemoved',
          subjectType: 'template',
          subjectId: templateId,
          folderPath: ctx.home.path as string[],
          details: { name: ctx.template.name, tabId, tabName: tab.name },
        },
      ]);
    }
    return { templateId, tabIds: await queries.tabIdsOfTemplate(tx, workspaceId, templateId) };
  });
}
