import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  createFormTemplate,
  createUser,
  createWorkspace,
  type Persona,
  personaFor,
  projectIdOf,
  type TestWorkspace,
  teamIdOf,
  templateBody,
} from '../factories.ts';
import { inspectionDefinition, postForm } from '../form-fixtures.ts';
import { createTestApp, type TestContext } from '../test-app.ts';
import { fillPath, listOperations, type Operation, operationHasIds, sample } from './openapi.ts';
import { workspaceFingerprint } from './tenant-fingerprint.ts';

/**
 * Generated from /api/openapi.json: every operation that takes ids is called by a user of another
 * workspace with this workspace's ids (must answer 404 and change nothing), and by a member of
 * this workspace without any role (403 where the route needs a permission). A new route is probed
 * without anyone writing a test; one whose ids this file cannot supply fails until mapped here.
 */
type Probed = TestWorkspace & {
  fileId: string;
  templateId: string;
  tabId: string;
  formId: string;
  exportId: string;
  actionId: string;
  listId: string;
};

const idSources: Record<string, (w: Probed) => string> = {
  companyId: (w) => w.companyId,
  workspaceId: (w) => w.workspaceId,
  fromWorkspaceId: (w) => w.workspaceId,
  projectId: (w) => projectIdOf(w),
  teamId: (w) => teamIdOf(w),
  folders: (w) => projectIdOf(w, 1),
  folderId: (w) => teamIdOf(w),
  fileId: (w) => w.fileId,
  // Workspace settings name their logos by file id (the route step answers on the workspace first).
  logoFileId: (w) => w.fileId,
  pdfLogoFileId: (w) => w.fileId,
  templateId: (w) => w.templateId,
  templateIds: (w) => w.templateId,
  _id: (w) => w.templateId,
  tabId: (w) => w.tabId,
  tabIds: (w) => w.tabId,
  // Tab bodies name their tab `id` (save new tab, sorted order).
  id: (w) => w.tabId,
  teamIds: (w) => teamIdOf(w),
  version: () => '1',
  // The route step answers on the team before the template's field is looked up: any field id probes it.
  fieldId: () => 'probe-field',
  formId: (w) => w.formId,
  formIds: (w) => w.formId,
  exportId: (w) => w.exportId,
  actionId: (w) => w.actionId,
  listId: (w) => w.listId,
  listIds: (w) => w.listId,
  projectIds: (w) => projectIdOf(w),
  // The route step answers on the list before any item or property is looked up: any id probes it.
  itemId: () => '00000000-0000-4000-8000-000000000002',
  propertyId: () => '00000000-0000-4000-8000-000000000003',
  afterItemId: () => '00000000-0000-4000-8000-000000000002',
  assigneeId: (w) => w.personas.orgController.userId,
  // People of the folder (Users page): a person of the workspace.
  userId: (w) => w.personas.teamMember.userId,
  // The route step answers on the folder before any invitation is looked up: any invitation id probes it.
  invitationId: () => '00000000-0000-4000-8000-000000000001',
  // A bulk invite's batch (the job that sends it): the route step answers on the folder first.
  batchId: () => '00000000-0000-4000-8000-000000000009',
  // A ZIP of photos (the job that makes it): the route step answers on the team first.
  zipId: () => '00000000-0000-4000-8000-00000000000a',
  // A personal API token: the route finds only the caller's own (another person's id is 404).
  tokenId: () => '00000000-0000-4000-8000-00000000000b',
  // A folder's webhook and its deliveries: the route step answers on the folder first.
  hookId: () => '00000000-0000-4000-8000-00000000000a',
  deliveryId: () => '00000000-0000-4000-8000-00000000000b',
  // A template import (the job that converts it): the route step answers on the folder first.
  importId: () => '00000000-0000-4000-8000-00000000000c',
  // A template's macro: the route step answers on the template (or the team and form) first.
  macroId: () => '00000000-0000-4000-8000-00000000000d',
  // A webhook's folder filter: folders of the probed workspace.
  folderIds: (w) => teamIdOf(w),
  // An activation link's secret: an unknown one must answer 404 whatever the workspace named.
  activationId: () => 'ZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZ',
  // The route step answers on the team (or project) before any photo, tag or group is looked up.
  photoId: () => '00000000-0000-4000-8000-000000000004',
  photoIds: () => '00000000-0000-4000-8000-000000000004',
  tagId: () => '00000000-0000-4000-8000-000000000005',
  groupId: () => '00000000-0000-4000-8000-000000000006',
  targetTeamId: (w) => teamIdOf(w, 0, 1),
  uploadedBy: (w) => w.personas.teamMember.userId,
  size: () => 'xs',
  // A photo comment's mentions: a person of the workspace (another workspace's photo is not found first).
  mentions: (w) => w.personas.teamMember.userId,
  add: () => '00000000-0000-4000-8000-000000000005',
  remove: () => '00000000-0000-4000-8000-000000000005',
  // The route step answers on the team before any link is looked up: any id probes it.
  linkId: () => '00000000-0000-4000-8000-000000000007',
  // A submission link's public token: no workspace's token is known to an outsider; a forged one must answer 404.
  token: () => 'ZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZ',
  // A sign-up belongs to no workspace yet (public routes): any id.
  signupId: () => '00000000-0000-4000-8000-000000000002',
  // The route step answers on the workspace before any domain is looked up: any domain probes it.
  domain: () => 'probe-builders.example',
  // A single sign-on test's state: the route step answers on the workspace before it is looked up.
  testId: () => 'ZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZ',
  // The route step answers on the folder before any dashboard or chart is looked up: any id probes it.
  dashboardId: () => '00000000-0000-4000-8000-000000000007',
  dashboardIds: () => '00000000-0000-4000-8000-000000000007',
  chartId: () => '00000000-0000-4000-8000-000000000008',
  // A snapshot e-mail's unsubscribe link names its subscription with a token no outsider knows: 404.
  subscriptionId: () => '00000000-0000-4000-8000-00000000000a',
  // A free template of the library (issue 22.2): the same for every workspace; the folder is what is probed.
  libraryTemplateId: () => 'site-diary',
};

/**
 * Ids that name no workspace's data: the browser makes a sign-up's id before any workspace exists
 * (issue 17.1), so another workspace's "id" means nothing there; such a call must still leave the
 * probed workspace unchanged.
 */
const workspaceLessIds = new Set(['signupId']);
const onlyWorkspaceLessIds = (operation: Operation) =>
  [...operation.path.matchAll(/\{(\w+)\}/g)].every((m) => workspaceLessIds.has(m[1] as string)) &&
  /\{\w+\}/.test(operation.path) &&
  !operation.parameters.some((p) => p.in === 'query');

/** An action on the probed form, assigned to the org controller, made the way the app does. */
async function assignedAction(workspace: TestWorkspace, formId: string): Promise<string> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: `/api/teams/${workspace.projects[0]?.teams[0]?.teamId}/actions`,
    headers: await workspace.personas.orgController.headers(),
    payload: {
      actionId: crypto.randomUUID(),
      title: 'Probed action',
      formId,
      assign: true,
      assigneeId: workspace.personas.orgController.userId,
    },
  });
  return response.json().actionId;
}

/** A form in the first team, and an export of its register, made the way the app does. */
async function formAndExport(workspace: TestWorkspace): Promise<{ formId: string; exportId: string }> {
  const teamId = workspace.projects[0]?.teams[0]?.teamId as string;
  const { templateId } = await createFormTemplate(ctx.database.db, workspace.workspaceId, {
    folderId: teamId,
    definition: inspectionDefinition,
  });
  const form = await postForm(ctx, workspace.personas.orgController, teamId, {
    templateId,
    values: { title: 'Probed form' },
  });
  const job = await ctx.app.inject({
    method: 'POST',
    url: `/api/teams/${teamId}/templates/${templateId}/exports`,
    headers: await workspace.personas.orgController.headers(),
    payload: { format: 'csv' },
  });
  return { formId: form.json().formId, exportId: job.json().exportId };
}

/** A tab and a library template deployed to the first team, made the way the app does. */
async function templateAndTab(workspace: TestWorkspace): Promise<{ templateId: string; tabId: string }> {
  const headers = await workspace.personas.orgController.headers();
  const tab = await ctx.app.inject({
    method: 'POST',
    url: `/api/companies/${workspace.companyId}/template-tabs`,
    headers,
    payload: { name: 'Probe tab' },
  });
  const template = await ctx.app.inject({
    method: 'POST',
    url: `/api/companies/${workspace.companyId}/templates`,
    headers,
    payload: templateBody({ tabIds: [tab.json().id] }),
  });
  const templateId = template.json().templateId;
  await ctx.app.inject({
    method: 'PUT',
    url: `/api/templates/${templateId}/deployment`,
    headers,
    payload: { teamIds: [workspace.projects[0]?.teams[0]?.teamId] },
  });
  return { templateId, tabId: tab.json().id };
}

/** A list in the List Library, made the way the app does. */
async function libraryList(workspace: TestWorkspace): Promise<string> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: `/api/companies/${workspace.companyId}/lists`,
    headers: await workspace.personas.orgController.headers(),
    payload: { name: 'Probe list' },
  });
  return response.json().id;
}

/** A photo in workspace A's first team, uploaded the way the app does. */
async function uploadPhoto(workspace: TestWorkspace): Promise<string> {
  const photo = await sharp({ create: { width: 8, height: 8, channels: 3, background: 'grey' } })
    .jpeg()
    .toBuffer();
  const response = await ctx.app.inject({
    method: 'POST',
    url: `/api/companies/${workspace.companyId}/files?purpose=photo&folderId=${workspace.projects[0]?.teams[0]?.teamId}`,
    headers: { ...(await workspace.personas.orgController.headers()), 'content-type': 'image/jpeg' },
    payload: photo,
  });
  return response.json().fileId;
}

let ctx: TestContext;
let a: Probed;
let outsider: Persona;
let roleless: Persona;
let operations: Operation[];

beforeAll(async () => {
  ctx = await createTestApp();
  const workspace = await createWorkspace(ctx, { projects: 3, teamsPerProject: 2 });
  a = {
    ...workspace,
    fileId: await uploadPhoto(workspace),
    ...(await templateAndTab(workspace)),
    ...(await formAndExport(workspace)),
    actionId: '',
    listId: await libraryList(workspace),
  };
  a.actionId = await assignedAction(workspace, a.formId);
  outsider = a.personas.outsider;
  const user = await createUser(ctx.database.db, { firstName: 'No', lastName: 'Role' });
  await addMember(ctx.database.db, a.workspaceId, user.userId);
  roleless = personaFor(ctx, user);
  operations = await listOperations(ctx.app);
});
afterAll(() => ctx.close());

function idFor(name: string): string {
  const source = idSources[name];
  if (!source) throw new Error(`No id source for "${name}": add it to idSources in cross-tenant.test.ts`);
  return source(a);
}

async function call(operation: Operation, who: Persona) {
  const url = fillPath(operation, idFor);
  const query: Record<string, string> = {};
  for (const p of operation.parameters.filter((p) => p.in === 'query' && (p.required || p.schema.format === 'uuid'))) {
    query[p.name] = String(sample(p.schema, idFor, p.name));
  }
  const search = new URLSearchParams(query).toString();
  return ctx.app.inject({
    method: operation.method as 'GET',
    url: search ? `${url}?${search}` : url,
    headers: await who.headers(),
    ...(operation.body ? { payload: sample(operation.body, idFor) as object } : {}),
  });
}

/** The probes call every route in turn, so they take longer as the route table grows (and on a loaded machine). */
const probeTimeoutMs = 180_000;

describe('cross-tenant probe', () => {
  it('finds the operations to probe', () => {
    expect(operations.filter(operationHasIds).length).toBeGreaterThan(5);
  });

  it(
    "every operation answers another workspace's ids with 404 and changes nothing",
    async () => {
      const failures: string[] = [];
      for (const operation of operations.filter(operationHasIds)) {
        const before = await workspaceFingerprint(ctx.database.db, a.workspaceId);
        const response = await call(operation, outsider);
        const after = await workspaceFingerprint(ctx.database.db, a.workspaceId);
        if (response.statusCode !== 404 && !onlyWorkspaceLessIds(operation))
          failures.push(`${operation.method} ${operation.path}: ${response.statusCode} ${response.body.slice(0, 200)}`);
        if (JSON.stringify(before) !== JSON.stringify(after))
          failures.push(`${operation.method} ${operation.path}: changed workspace data`);
      }
      expect(failures).toEqual([]);
    },
    probeTimeoutMs,
  );

  it(
    'every operation with a permission answers a member without the role with 403 and changes nothing',
    async () => {
      const failures: string[] = [];
      // Every route that declares a permission, with ids or not (searching and creating workspaces too).
      const checked = operations.filter((o) => !['public', 'signedIn'].includes(o.access));
      expect(checked.length).toBe(ctx.app.routeAccess.filter((r) => !['public', 'signedIn'].includes(r.access)).length);
      for (const operation of checked) {
        const before = await workspaceFingerprint(ctx.database.db, a.workspaceId);
        const response = await call(operation, roleless);
        const after = await workspaceFingerprint(ctx.database.db, a.workspaceId);
        if (response.statusCode !== 403)
          failures.push(`${operation.method} ${operation.path}: ${response.statusCode} ${response.body.slice(0, 200)}`);
        if (JSON.stringify(before) !== JSON.stringify(after))
          failures.push(`${operation.method} ${operation.path}: changed workspace data`);
      }
      expect(failures).toEqual([]);
    },
    probeTimeoutMs,
  );

  it('every operation is accounted for: probed, or taking no ids at all', () => {
    const unknown = operations.filter((o) => o.access === 'unknown').map((o) => `${o.method} ${o.path}`);
    expect(unknown).toEqual([]);
    for (const operation of operations.filter(operationHasIds)) {
      expect(() => fillPath(operation, idFor)).not.toThrow();
    }
  });
});
