import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorkspace, type PersonaName, projectIdOf, type TestWorkspace } from '../../../test/factories.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { lists } from '../../db/schema.ts';
import { inScope, type Tx } from '../../db/tenant.ts';
import { readableList } from './lists.queries.ts';

let ctx: TestContext;
let w: TestWorkspace;
beforeAll(async () => {
  ctx = await createTestApp();
  w = await createWorkspace(ctx);
});
afterAll(() => ctx.close());

function inWorkspace<T>(workspaceId: string, work: (tx: Tx) => Promise<T>) {
  return inScope(ctx.database.db, { userId: null, workspaceId, isAdmin: false }, work);
}

describe('readableList (issue 18.5 reads what 18.4 deploys)', () => {
  it("answers the project's deployed copy, else the company list itself; another workspace's id answers nothing", async () => {
    const companyListId = randomUUID();
    const copyId = randomUUID();
    const [p0, p1] = [projectIdOf(w, 0), projectIdOf(w, 1)];
    await inWorkspace(w.companyId, async (tx) => {
      await tx
        .insert(lists)
        .values({ workspaceId: w.companyId, listId: companyListId, folderId: w.companyId, name: 'Subs' });
      await tx.insert(lists).values({
        workspaceId: w.companyId,
        listId: copyId,
        folderId: p0,
        name: 'Subs',
        sourceListId: companyListId,
        deployment: 'empty',
      });
    });
    const projectListId = randomUUID();
    await inWorkspace(w.companyId, (tx) =>
      tx.insert(lists).values({ workspaceId: w.companyId, listId: projectListId, folderId: p0, name: 'Areas' }),
    );
    await inWorkspace(w.companyId, async (tx) => {
      expect(await readableList(tx, w.companyId, p0, companyListId)).toBe(copyId);
      expect(await readableList(tx, w.companyId, p1, companyListId)).toBe(companyListId);
      expect(await readableList(tx, w.companyId, p0, randomUUID())).toBeUndefined();
      // A project's own list is read in that project only; a copy is named by its library list.
      expect(await readableList(tx, w.companyId, p0, projectListId)).toBe(projectListId);
      expect(await readableList(tx, w.companyId, p1, projectListId)).toBeUndefined();
      expect(await readableList(tx, w.companyId, p0, copyId)).toBeUndefined();
    });
    await inWorkspace(w.other.workspaceId, async (tx) => {
      expect(await readableList(tx, w.other.workspaceId, p0, companyListId)).toBeUndefined();
    });
  });
});

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

async function call(who: PersonaName, method: Method, url: string, payload?: unknown) {
  return ctx.app.inject({
    method,
    url,
    headers: await w.personas[who].headers(),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

const listUrl = (listId: string) => `/api/companies/${w.companyId}/lists/${listId}`;
const bulkUrl = (action: 'deploy' | 'undeploy') => `/api/companies/${w.companyId}/lists/${action}`;
type Summary = { id: string; name: string; state: string; itemCount: number; propertyCount: number };

/** A List Library list with a Trade property and two items. */
async function libraryList(name: string) {
  const created = await call('orgController', 'POST', `/api/companies/${w.companyId}/lists`, { name });
  expect(created.statusCode).toBe(201);
  const id = created.json().id as string;
  const withProperty = await call('orgController', 'POST', `${listUrl(id)}/properties`, {
    name: 'Trade',
    type: 'text',
  });
  const trade = withProperty.json().properties[0].id as string;
  for (const [label, value] of [
    ['Acme Electrical', 'Electrical'],
    ['Brick & Co', 'Masonry'],
  ]) {
    expect(
      (await call('orgController', 'POST', `${listUrl(id)}/items`, { label, values: { [trade]: value } })).statusCode,
    ).toBe(201);
  }
  return { id, trade };
}

async function projectLists(
  projectId: string,
  state = 'active',
  who: PersonaName = projectId === projectIdOf(w, 0) ? 'projectMember' : 'orgController',
): Promise<(Summary & Record<string, unknown>)[]> {
  const res = await call(who, 'GET', `/api/projects/${projectId}/lists?state=${state}`);
  expect(res.statusCode).toBe(200);
  return res.json().lists;
}

describe('Deploying a List Library list to projects (issue 18.4, spec 3, 4.3)', () => {
  it('Manage Deployment copies it populated; Bulk Deploy empty; each project shows its copy, resolved for its forms', async () => {
    const [p0, p1] = [projectIdOf(w, 0), projectIdOf(w, 1)];
    const list = await libraryList('Subcontractors');
    const managed = await call('orgController', 'PUT', `${listUrl(list.id)}/deployment`, {
      projectIds: [p0],
      deployment: 'populated',
    });
    expect(managed.statusCode).toBe(200);
    expect(managed.json()).toMatchObject({ listId: list.id, added: [p0], removed: [] });
    const bulk = await call('orgController', 'POST', bulkUrl('deploy'), {
      listIds: [list.id],
      projectIds: [p0, p1],
      deployment: 'empty',
    });
    expect(bulk.statusCode).toBe(200);
    expect(bulk.json().changed).toEqual([{ listId: list.id, projectId: p1 }]);

    const [populated] = (await projectLists(p0)).filter((l) => l.sourceListId === list.id);
    expect(populated).toMatchObject({
      name: 'Subcontractors',
      deployment: 'populated',
      itemCount: 2,
      propertyCount: 1,
    });
    const [empty] = (await projectLists(p1)).filter((l) => l.sourceListId === list.id);
    expect(empty).toMatchObject({ deployment: 'empty', itemCount: 0, propertyCount: 1 });
    // The copy's items keep the library's property ids and values.
    const items = (await call('projectMember', 'GET', `${listUrl(populated?.id as string)}/items?limit=10`)).json()
      .items;
    expect(items.map((i: { label: string; values: object }) => [i.label, i.values])).toEqual([
      ['Acme Electrical', { [list.trade]: 'Electrical' }],
      ['Brick & Co', { [list.trade]: 'Masonry' }],
    ]);
    const deployment = (await call('orgMember', 'GET', `${listUrl(list.id)}/deployment`)).json();
    expect(deployment.projects).toHaveLength(2);
    await inWorkspace(w.companyId, async (tx) => {
      expect(await readableList(tx, w.companyId, p0, list.id)).toBe(populated?.id);
      expect(await readableList(tx, w.companyId, p1, list.id)).toBe(empty?.id);
    });
    const events = (await call('orgController', 'GET', `/api/companies/${w.companyId}/activity`)).json().events;
    expect(events.filter((e: { action: string }) => e.action === 'list.deployed')).toHaveLength(2);

    // Manage Deployment to p0 only removes p1's copy; Bulk Undeploy removes p0's.
    const managedAgain = await call('orgController', 'PUT', `${listUrl(list.id)}/deployment`, { projectIds: [p0] });
    expect(managedAgain.json()).toMatchObject({ added: [], removed: [p1] });
    expect((await projectLists(p1)).some((l) => l.sourceListId === list.id)).toBe(false);
    const undeployed = await call('orgController', 'POST', bulkUrl('undeploy'), {
      listIds: [list.id],
      projectIds: [p0],
    });
    expect(undeployed.json().changed).toEqual([{ listId: list.id, projectId: p0 }]);
    expect((await call('orgMember', 'GET', `${listUrl(list.id)}/deployment`)).json().projects).toEqual([]);
  });

  it("project members edit their copy's items (spec 6); its name and properties are the library's (409)", async () => {
    const p0 = projectIdOf(w, 0);
    const list = await libraryList('Plant hire');
    await call('orgController', 'PUT', `${listUrl(list.id)}/deployment`, { projectIds: [p0], deployment: 'empty' });
    const [copy] = (await projectLists(p0)).filter((l) => l.sourceListId === list.id);
    const copyUrl = listUrl(copy?.id as string);
    const added = await call('projectMember', 'POST', `${copyUrl}/items`, {
      label: 'Local Plant Pty',
      values: { [list.trade]: 'Plant' },
    });
    expect(added.statusCode).toBe(201);
    expect((await call('orgMember', 'GET', `${listUrl(list.id)}`)).json().itemCount).toBe(2);
    expect((await call('projectMember', 'PATCH', copyUrl, { name: 'Mine' })).statusCode).toBe(403);
    for (const [method, url, body] of [
      ['PATCH', copyUrl, { name: 'Mine' }],
      ['POST', `${copyUrl}/archive`, undefined],
      ['DELETE', copyUrl, undefined],
      ['POST', `${copyUrl}/properties`, { name: 'Phone', type: 'text' }],
      ['POST', `${copyUrl}/import`, { csv: 'Item\nA\n' }],
    ] as const) {
      const res = await call('projectController', method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(409);
      expect(res.json().code).toBe('listDeployedCopy');
    }
    // A property added, renamed or removed in the library reaches the copy.
    const phone = (
      await call('orgController', 'POST', `${listUrl(list.id)}/properties`, { name: 'Phone', type: 'text' })
    )
      .json()
      .properties.find((p: { name: string }) => p.name === 'Phone').id;
    await call('orgController', 'DELETE', `${listUrl(list.id)}/properties/${list.trade}`);
    const copyDetail = (await call('projectMember', 'GET', copyUrl)).json();
    expect(copyDetail.properties.map((p: { id: string }) => p.id)).toEqual([phone]);
    const copyItems = (await call('projectMember', 'GET', `${copyUrl}/items`)).json().items;
    expect(copyItems).toMatchObject([{ label: 'Local Plant Pty', values: {} }]);
    // Renaming the library list renames the copy.
    await call('orgController', 'PATCH', listUrl(list.id), { name: 'Plant suppliers' });
    expect((await call('projectMember', 'GET', copyUrl)).json().name).toBe('Plant suppliers');
  });

  it('archiving the library list archives its copies, restoring restores them, deleting deletes them (spec 4.1)', async () => {
    const p0 = projectIdOf(w, 0);
    const list = await libraryList('Cranes');
    await call('orgController', 'PUT', `${listUrl(list.id)}/deployment`, { projectIds: [p0] });
    const copyOf = async (state: string) => (await projectLists(p0, state)).find((l) => l.sourceListId === list.id);
    expect((await call('orgController', 'POST', `${listUrl(list.id)}/archive`)).statusCode).toBe(200);
    expect(await copyOf('active')).toBeUndefined();
    expect(await copyOf('archived')).toMatchObject({ state: 'archived' });
    // An archived list is not deployed further.
    const refused = await call('orgController', 'POST', bulkUrl('deploy'), {
      listIds: [list.id],
      projectIds: [projectIdOf(w, 1)],
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('listNotDeployable');
    await call('orgController', 'POST', `${listUrl(list.id)}/restore`);
    expect(await copyOf('active')).toMatchObject({ state: 'active' });
    expect((await call('orgController', 'DELETE', listUrl(list.id))).statusCode).toBe(200);
    expect(await copyOf('active')).toBeUndefined();
    expect(await copyOf('archived')).toBeUndefined();
  });

  it.each<PersonaName>(['orgMember', 'projectController', 'projectMember', 'teamController'])(
    '%s may not deploy or undeploy (403)',
    async (who) => {
      const list = await libraryList(`Refused for ${who}`);
      const p0 = projectIdOf(w, 0);
      expect((await call(who, 'PUT', `${listUrl(list.id)}/deployment`, { projectIds: [p0] })).statusCode).toBe(403);
      for (const action of ['deploy', 'undeploy'] as const) {
        const res = await call(who, 'POST', bulkUrl(action), { listIds: [list.id], projectIds: [p0] });
        expect(res.statusCode).toBe(403);
      }
    },
  );

  it("another workspace's lists, projects and callers get 404", async () => {
    const list = await libraryList('Scaffolders');
    const theirProject = w.other.projects[0]?.projectId as string;
    const res = await call('orgController', 'PUT', `${listUrl(list.id)}/deployment`, { projectIds: [theirProject] });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('projectNotFound');
    const bulk = await call('orgController', 'POST', bulkUrl('deploy'), {
      listIds: [list.id],
      projectIds: [theirProject],
    });
    expect(bulk.statusCode).toBe(404);
    expect((await call('outsider', 'GET', `${listUrl(list.id)}/deployment`)).statusCode).toBe(404);
    expect((await call('outsider', 'POST', bulkUrl('deploy'), { listIds: [list.id], projectIds: [] })).statusCode).toBe(
      404,
    );
    const unknown = await call('orgController', 'POST', bulkUrl('deploy'), {
      listIds: [randomUUID()],
      projectIds: [projectIdOf(w, 0)],
    });
    expect(unknown.statusCode).toBe(404);
  });

  it.each<[string, unknown]>([
    ['a project id that is not an id', { projectIds: ['p1'] }],
    ['an unknown deployment type', { projectIds: [], deployment: 'full' }],
    ['an unknown field', { projectIds: [], teamIds: [] }],
    ['no projects', {}],
  ])('Manage Deployment refuses %s with 400 and a field error', async (_, body) => {
    const list = await libraryList(`Bad ${JSON.stringify(body)}`);
    const res = await call('orgController', 'PUT', `${listUrl(list.id)}/deployment`, body);
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json().errors.length).toBeGreaterThan(0);
  });

  it('Bulk Deploy refuses an empty selection (400) and a project list (409)', async () => {
    const empty = await call('orgController', 'POST', bulkUrl('deploy'), { listIds: [], projectIds: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().code).toBe('emptySelection');
    const p0 = projectIdOf(w, 0);
    const own = await call('projectController', 'POST', `/api/projects/${p0}/lists`, { name: 'Gates' });
    const res = await call('orgController', 'PUT', `${listUrl(own.json().id)}/deployment`, { projectIds: [p0] });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('listNotDeployable');
  });
});
