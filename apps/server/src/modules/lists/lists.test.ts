import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorkspace, type PersonaName, type TestWorkspace } from '../../../test/factories.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';

let ctx: TestContext;
let w: TestWorkspace;
beforeAll(async () => {
  ctx = await createTestApp();
  w = await createWorkspace(ctx);
});
afterAll(() => ctx.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

async function call(who: PersonaName, method: Method, url: string, payload?: unknown) {
  return ctx.app.inject({
    method,
    url,
    headers: await w.personas[who].headers(),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

const libraryUrl = () => `/api/companies/${w.companyId}/lists`;
const projectUrl = () => `/api/projects/${w.projects[0]?.projectId}/lists`;
const listUrl = (listId: string) => `/api/companies/${w.companyId}/lists/${listId}`;

async function newList(url: string, name: string, who: PersonaName = 'orgController') {
  const res = await call(who, 'POST', url, { name });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: string; name: string; folderId: string; state: string };
}

describe('List Library: create and list (issue 18.1)', () => {
  it('an org controller creates a company list: trimmed name, no items or properties, an activity entry', async () => {
    const list = await newList(libraryUrl(), '  Plant  ');
    expect(list).toMatchObject({ name: 'Plant', folderId: w.companyId, state: 'active', itemCount: 0, properties: [] });
    const events = (await call('orgController', 'GET', `/api/companies/${w.companyId}/activity`)).json().events;
    expect(events[0]).toMatchObject({ action: 'list.created', subjectId: list.id, subjectName: 'Plant' });
    const listed = (await call('orgMember', 'GET', libraryUrl())).json().lists;
    expect(listed.map((l: { id: string }) => l.id)).toContain(list.id);
  });

  it.each<PersonaName>(['orgMember', 'projectController', 'teamController', 'visitor'])(
    '%s may not create in the List Library (403)',
    async (who) => {
      expect((await call(who, 'POST', libraryUrl(), { name: `By ${who}` })).statusCode).toBe(403);
    },
  );

  it('a team member does not see the List Library (403); an outsider gets 404', async () => {
    expect((await call('teamMember', 'GET', libraryUrl())).statusCode).toBe(403);
    expect((await call('outsider', 'GET', libraryUrl())).statusCode).toBe(404);
    expect((await call('outsider', 'POST', libraryUrl(), { name: 'X' })).statusCode).toBe(404);
  });

  it.each<[string, unknown]>([
    ['a blank name', { name: '   ' }],
    ['no name', {}],
    ['a name of 201 characters', { name: 'x'.repeat(201) }],
    ['an unknown field', { name: 'A', colour: 'red' }],
  ])('refuses %s with 400 and a field error', async (_, body) => {
    const res = await call('orgController', 'POST', libraryUrl(), body);
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json().errors.length).toBeGreaterThan(0);
  });

  it('refuses an unknown state filter with 400', async () => {
    expect((await call('orgController', 'GET', `${libraryUrl()}?state=deleted`)).statusCode).toBe(400);
  });
});

describe("A project's Lists (issue 18.1, spec 6)", () => {
  it('a project controller creates a project list; project members see it, the List Library does not', async () => {
    const list = await newList(projectUrl(), 'Locations', 'projectController');
    expect(list.folderId).toBe(w.projects[0]?.projectId);
    const seen = (await call('projectMember', 'GET', projectUrl())).json().lists;
    expect(seen.map((l: { id: string }) => l.id)).toEqual([list.id]);
    const library = (await call('orgController', 'GET', libraryUrl())).json().lists;
    expect(library.map((l: { id: string }) => l.id)).not.toContain(list.id);
    expect((await call('projectMember', 'GET', listUrl(list.id))).statusCode).toBe(200);
  });

  it('a project member may not create or manage lists (403); a team member may not view them (403)', async () => {
    const list = await newList(projectUrl(), 'Defect types', 'projectController');
    expect((await call('projectMember', 'POST', projectUrl(), { name: 'X' })).statusCode).toBe(403);
    expect((await call('projectMember', 'PATCH', listUrl(list.id), { name: 'Y' })).statusCode).toBe(403);
    expect((await call('teamMember', 'GET', projectUrl())).statusCode).toBe(403);
    expect((await call('teamMember', 'GET', listUrl(list.id))).statusCode).toBe(403);
  });

  it("another project's controller may not manage it (403)", async () => {
    const other = `/api/projects/${w.projects[1]?.projectId}/lists`;
    expect((await call('projectController', 'POST', other, { name: 'X' })).statusCode).toBe(403);
  });
});

describe('One list: rename, archive, restore, delete (spec 4.1)', () => {
  it('renames, archives, restores and deletes, each with its activity entry', async () => {
    const list = await newList(libraryUrl(), 'Subcontractors');
    const renamed = await call('orgController', 'PATCH', listUrl(list.id), { name: 'Subbies' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().name).toBe('Subbies');

    const archived = await call('orgController', 'POST', `${listUrl(list.id)}/archive`);
    expect(archived.json().state).toBe('archived');
    const active = (await call('orgController', 'GET', libraryUrl())).json().lists;
    expect(active.map((l: { id: string }) => l.id)).not.toContain(list.id);
    const inArchive = (await call('orgController', 'GET', `${libraryUrl()}?state=archived`)).json().lists;
    expect(inArchive.map((l: { id: string }) => l.id)).toContain(list.id);

    expect((await call('orgController', 'POST', `${listUrl(list.id)}/restore`)).json().state).toBe('active');
    const deleted = await call('orgController', 'DELETE', listUrl(list.id));
    expect(deleted.json()).toEqual({ id: list.id, state: null });
    expect((await call('orgController', 'GET', listUrl(list.id))).statusCode).toBe(404);

    const events = (await call('orgController', 'GET', `/api/companies/${w.companyId}/activity`)).json().events;
    const actions = events
      .filter((e: { subjectId: string }) => e.subjectId === list.id)
      .map((e: { action: string }) => e.action);
    expect(actions).toEqual(['list.deleted', 'list.restored', 'list.archived', 'list.renamed', 'list.created']);
  });

  it('an org member may view but not rename, archive or delete (403)', async () => {
    const list = await newList(libraryUrl(), 'Plant 2');
    expect((await call('orgMember', 'GET', listUrl(list.id))).statusCode).toBe(200);
    expect((await call('orgMember', 'PATCH', listUrl(list.id), { name: 'X' })).statusCode).toBe(403);
    expect((await call('orgMember', 'POST', `${listUrl(list.id)}/archive`)).statusCode).toBe(403);
    expect((await call('orgMember', 'DELETE', listUrl(list.id))).statusCode).toBe(403);
  });

  it("another workspace's list answers 404 listNotFound, also under the caller's own company", async () => {
    const list = await newList(libraryUrl(), 'Private');
    const outsider = await call('outsider', 'GET', listUrl(list.id));
    expect(outsider.statusCode).toBe(404);
    expect(outsider.json().code).toBe('listNotFound');
    const underOwn = `/api/companies/${w.other.workspaceId}/lists/${list.id}`;
    expect((await call('outsider', 'DELETE', underOwn)).statusCode).toBe(404);
    expect((await call('orgController', 'GET', listUrl(list.id))).statusCode).toBe(200);
  });

  it('refuses a blank name and a non-uuid id with 400', async () => {
    const list = await newList(libraryUrl(), 'Named');
    expect((await call('orgController', 'PATCH', listUrl(list.id), { name: ' ' })).statusCode).toBe(400);
    expect((await call('orgController', 'GET', listUrl('nope'))).statusCode).toBe(400);
  });
});
