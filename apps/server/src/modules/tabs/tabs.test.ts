import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorkspace, type PersonaName, type TestWorkspace, templateBody } from '../../../test/factories.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

async function call(w: TestWorkspace, who: PersonaName, method: Method, url: string, payload?: unknown) {
  return ctx.app.inject({
    method,
    url,
    headers: await w.personas[who].headers(),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

const nonUuid = 'not-a-uuid';
const missing = '00000000-0000-4000-8000-000000000000';
const tabsUrl = (w: TestWorkspace) => `/api/companies/${w.companyId}/template-tabs`;

async function newTab(w: TestWorkspace, name: string, extra: Record<string, unknown> = {}) {
  const res = await call(w, 'orgController', 'POST', tabsUrl(w), { name, ...extra });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: string; name: string; style: string; sortValue: number };
}

describe('POST /api/companies/:companyId/template-tabs (save new tab)', () => {
  let w: TestWorkspace;
  beforeAll(async () => {
    w = await createWorkspace(ctx);
  });

  it('returns the saved tab: trimmed name, dark-blue by default, with an audit event', async () => {
    const res = await call(w, 'orgController', 'POST', tabsUrl(w), { name: '  Safety  ', sortValue: 0 });
    expect(res.statusCode).toBe(201);
    const tab = res.json();
    expect(tab).toEqual({ id: expect.any(String), name: 'Safety', style: 'dark-blue', sortValue: 0 });
    const events = (await call(w, 'orgController', 'GET', `/api/companies/${w.companyId}/activity`)).json().events;
    expect(events[0]).toMatchObject({ action: 'tab.created', subjectId: tab.id, subjectName: 'Safety' });
  });

  it('a client-generated id makes the call safe to retry', async () => {
    const id = randomUUID();
    const first = await call(w, 'orgController', 'POST', tabsUrl(w), { id, name: 'Daily', style: 'red', sortValue: 3 });
    expect(first.statusCode).toBe(201);
    const again = await call(w, 'orgController', 'POST', tabsUrl(w), { id, name: 'Daily', style: 'red', sortValue: 3 });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect((await call(w, 'orgController', 'POST', tabsUrl(w), { id, name: 'Other' })).statusCode).toBe(409);
  });

  it('names are unique case-insensitively: 409 tabNameUsed at the name', async () => {
    await newTab(w, 'Quality');
    const res = await call(w, 'orgController', 'POST', tabsUrl(w), { name: 'QUALITY ' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'tabNameUsed', errors: [{ path: 'body.name' }] });
  });

  it.each<PersonaName>(['orgMember', 'projectController', 'teamController', 'teamMember'])(
    '%s is refused with 403',
    async (who) => {
      expect((await call(w, who, 'POST', tabsUrl(w), { name: `By ${who}` })).statusCode).toBe(403);
    },
  );

  it('an admin may; another workspace answers 404', async () => {
    expect((await call(w, 'admin', 'POST', tabsUrl(w), { name: 'By admin' })).statusCode).toBe(201);
    expect((await call(w, 'outsider', 'POST', tabsUrl(w), { name: 'Intruder' })).statusCode).toBe(404);
  });

  it.each<[string, unknown]>([
    ['an empty name', { name: '   ' }],
    ['a missing name', { style: 'red' }],
    ['an unknown colour', { name: 'X', style: 'magenta' }],
    ['a negative sortValue', { name: 'X', sortValue: -1 }],
    ['a non-uuid id', { id: nonUuid, name: 'X' }],
    ['a name that is not text', { name: 7 }],
  ])('refuses %s with 400', async (_case, body) => {
    expect((await call(w, 'orgController', 'POST', tabsUrl(w), body)).statusCode).toBe(400);
  });

  it('refuses a non-uuid company with 400', async () => {
    expect(
      (await call(w, 'orgController', 'POST', `/api/companies/${nonUuid}/template-tabs`, { name: 'X' })).statusCode,
    ).toBe(400);
  });
});

describe('PUT /api/companies/:companyId/template-tabs/:tabId (update)', () => {
  let w: TestWorkspace;
  beforeAll(async () => {
    w = await createWorkspace(ctx);
  });

  it('changes name and colour; changing only the colour is allowed', async () => {
    const tab = await newTab(w, 'Daily');
    const renamed = await call(w, 'orgController', 'PUT', `${tabsUrl(w)}/${tab.id}`, {
      name: 'Daily logs',
      style: 'lime',
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toEqual({ ...tab, name: 'Daily logs', style: 'lime' });
    const recoloured = await call(w, 'orgController', 'PUT', `${tabsUrl(w)}/${tab.id}`, {
      ...tab,
      name: 'Daily logs',
      style: 'shale',
    });
    expect(recoloured.json().style).toBe('shale');
  });

  it("another tab's name answers 409; its own name in another case is fine", async () => {
    const a = await newTab(w, 'Alpha');
    await newTab(w, 'Beta');
    expect(
      (await call(w, 'orgController', 'PUT', `${tabsUrl(w)}/${a.id}`, { name: 'beta', style: 'red' })).statusCode,
    ).toBe(409);
    expect(
      (await call(w, 'orgController', 'PUT', `${tabsUrl(w)}/${a.id}`, { name: 'ALPHA', style: 'red' })).statusCode,
    ).toBe(200);
  });

  it('refuses non-controllers (403), unknown and foreign tabs (404), bad input (400)', async () => {
    const tab = await newTab(w, 'Gamma');
    expect((await call(w, 'orgMember', 'PUT', `${tabsUrl(w)}/${tab.id}`, { name: 'G', style: 'red' })).statusCode).toBe(
      403,
    );
    const unknown = await call(w, 'orgController', 'PUT', `${tabsUrl(w)}/${missing}`, { name: 'G', style: 'red' });
    expect(unknown.json().code).toBe('tabNotFound');
    const foreign = await call(w, 'outsider', 'POST', `/api/companies/${w.other.workspaceId}/template-tabs`, {
      name: 'Theirs',
    });
    expect(
      (await call(w, 'orgController', 'PUT', `${tabsUrl(w)}/${foreign.json().id}`, { name: 'G', style: 'red' }))
        .statusCode,
    ).toBe(404);
    expect((await call(w, 'outsider', 'PUT', `${tabsUrl(w)}/${tab.id}`, { name: 'G', style: 'red' })).statusCode).toBe(
      404,
    );
    expect((await call(w, 'orgController', 'PUT', `${tabsUrl(w)}/${tab.id}`, { name: 'G' })).statusCode).toBe(400);
    expect(
      (await call(w, 'orgController', 'PUT', `${tabsUrl(w)}/${nonUuid}`, { name: 'G', style: 'red' })).statusCode,
    ).toBe(400);
  });
});

describe('POST /api/companies/:companyId/template-tabs/delete', () => {
  let w: TestWorkspace;
  beforeAll(async () => {
    w = await createWorkspace(ctx);
  });

  it('deletes tabs; their templates stay, untagged', async () => {
    const a = await newTab(w, 'A');
    const b = await newTab(w, 'B');
    const t = await call(
      w,
      'orgController',
      'POST',
      `/api/companies/${w.companyId}/templates`,
      templateBody({ tabIds: [a.id, b.id] }),
    );
    const res = await call(w, 'orgController', 'POST', `${tabsUrl(w)}/delete`, { tabIds: [a.id] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ deleted: [a.id] });
    const after = await call(w, 'orgMember', 'GET', `/api/templates/${t.json().templateId}?lightweight=true`);
    expect(after.json().tabIds).toEqual([b.id]);
    expect((await call(w, 'orgMember', 'GET', tabsUrl(w))).json().tabs.map((x: { id: string }) => x.id)).toEqual([
      b.id,
    ]);
  });

  it('refuses non-controllers (403), unknown tabs (404), empty selections and bad ids (400)', async () => {
    const tab = await newTab(w, 'C');
    expect((await call(w, 'teamController', 'POST', `${tabsUrl(w)}/delete`, { tabIds: [tab.id] })).statusCode).toBe(
      403,
    );
    expect((await call(w, 'outsider', 'POST', `${tabsUrl(w)}/delete`, { tabIds: [tab.id] })).statusCode).toBe(404);
    const unknown = await call(w, 'orgController', 'POST', `${tabsUrl(w)}/delete`, { tabIds: [tab.id, missing] });
    expect(unknown.statusCode).toBe(404);
    expect((await call(w, 'orgController', 'GET', tabsUrl(w))).json().tabs.map((x: { id: string }) => x.id)).toContain(
      tab.id,
    );
    const empty = await call(w, 'orgController', 'POST', `${tabsUrl(w)}/delete`, { tabIds: [] });
    expect(empty.json().code).toBe('emptySelection');
    expect((await call(w, 'orgController', 'POST', `${tabsUrl(w)}/delete`, { tabIds: [nonUuid] })).statusCode).toBe(
      400,
    );
  });
});

describe('PUT /api/companies/:companyId/template-tabs/order', () => {
  let w: TestWorkspace;
  beforeAll(async () => {
    w = await createWorkspace(ctx);
  });

  it('saves the new order; unlisted tabs follow in their order', async () => {
    const a = await newTab(w, 'A', { sortValue: 0 });
    const b = await newTab(w, 'B', { sortValue: 1 });
    const c = await newTab(w, 'C', { sortValue: 2 });
    const res = await call(w, 'orgController', 'PUT', `${tabsUrl(w)}/order`, { tabs: [c, a] });
    expect(res.statusCode).toBe(200);
    expect(res.json().tabs.map((t: { name: string; sortValue: number }) => [t.name, t.sortValue])).toEqual([
      ['C', 0],
      ['A', 1],
      ['B', 2],
    ]);
    const list = await call(w, 'orgMember', 'GET', tabsUrl(w));
    expect(list.json().tabs.map((t: { id: string }) => t.id)).toEqual([c.id, a.id, b.id]);
  });

  it('refuses duplicates (400), unknown tabs (404), non-controllers (403), other workspaces (404)', async () => {
    const d = await newTab(w, 'D');
    expect((await call(w, 'orgController', 'PUT', `${tabsUrl(w)}/order`, { tabs: [d, d] })).statusCode).toBe(400);
    expect((await call(w, 'orgController', 'PUT', `${tabsUrl(w)}/order`, { tabs: [{ id: missing }] })).statusCode).toBe(
      404,
    );
    expect((await call(w, 'orgMember', 'PUT', `${tabsUrl(w)}/order`, { tabs: [d] })).statusCode).toBe(403);
    expect((await call(w, 'outsider', 'PUT', `${tabsUrl(w)}/order`, { tabs: [d] })).statusCode).toBe(404);
    expect((await call(w, 'orgController', 'PUT', `${tabsUrl(w)}/order`, { tabs: [{ id: nonUuid }] })).statusCode).toBe(
      400,
    );
  });
});

describe('PUT and DELETE /api/templates/:templateId/tabs/:tabId (add to / remove from tab)', () => {
  let w: TestWorkspace;
  beforeAll(async () => {
    w = await createWorkspace(ctx);
  });
  const teamId = (x: TestWorkspace) => x.projects[0]?.teams[0]?.teamId as string;

  it('a team controller tags their team template; removing is idempotent; both are audited', async () => {
    const tab = await newTab(w, 'Safety', { style: 'red' });
    const t = (await call(w, 'teamController', 'POST', `/api/teams/${teamId(w)}/templates`, templateBody())).json();
    const url = `/api/templates/${t.templateId}/tabs/${tab.id}`;
    const added = await call(w, 'teamController', 'PUT', url);
    expect(added.statusCode).toBe(200);
    expect(added.json()).toEqual({ templateId: t.templateId, tabIds: [tab.id] });
    expect((await call(w, 'teamController', 'PUT', url)).json().tabIds).toEqual([tab.id]);
    const list = (await call(w, 'teamMember', 'GET', `/api/teams/${teamId(w)}/templates`)).json();
    expect(list.tabs.map((x: { id: string }) => x.id)).toEqual([tab.id]);
    expect(list.templates[0].tabIds).toEqual([tab.id]);
    expect((await call(w, 'teamController', 'DELETE', url)).json().tabIds).toEqual([]);
    expect((await call(w, 'teamController', 'DELETE', url)).statusCode).toBe(200);
    const events = (await call(w, 'teamMember', 'GET', `/api/teams/${teamId(w)}/activity`)).json().events;
    expect(events.slice(0, 2).map((e: { action: string }) => e.action)).toEqual([
      'template.tabRemoved',
      'template.tabAdded',
    ]);
  });

  it('library templates are tagged by org controllers only (403 otherwise)', async () => {
    const tab = await newTab(w, 'Daily');
    const t = (
      await call(w, 'orgController', 'POST', `/api/companies/${w.companyId}/templates`, templateBody())
    ).json();
    const url = `/api/templates/${t.templateId}/tabs/${tab.id}`;
    expect((await call(w, 'teamController', 'PUT', url)).statusCode).toBe(403);
    expect((await call(w, 'orgMember', 'PUT', url)).statusCode).toBe(403);
    expect((await call(w, 'orgController', 'PUT', url)).statusCode).toBe(200);
  });

  it('unknown or foreign tabs and templates answer 404; non-uuids 400', async () => {
    const tab = await newTab(w, 'Other');
    const t = (
      await call(w, 'orgController', 'POST', `/api/companies/${w.companyId}/templates`, templateBody())
    ).json();
    expect((await call(w, 'orgController', 'PUT', `/api/templates/${t.templateId}/tabs/${missing}`)).json().code).toBe(
      'tabNotFound',
    );
    expect((await call(w, 'orgController', 'PUT', `/api/templates/${missing}/tabs/${tab.id}`)).json().code).toBe(
      'templateNotFound',
    );
    const foreignTab = (
      await call(w, 'outsider', 'POST', `/api/companies/${w.other.workspaceId}/template-tabs`, { name: 'Theirs' })
    ).json();
    expect(
      (await call(w, 'orgController', 'PUT', `/api/templates/${t.templateId}/tabs/${foreignTab.id}`)).statusCode,
    ).toBe(404);
    expect((await call(w, 'outsider', 'PUT', `/api/templates/${t.templateId}/tabs/${foreignTab.id}`)).statusCode).toBe(
      404,
    );
    expect((await call(w, 'orgController', 'PUT', `/api/templates/${t.templateId}/tabs/${nonUuid}`)).statusCode).toBe(
      400,
    );
    expect((await call(w, 'orgController', 'DELETE', `/api/templates/${nonUuid}/tabs/${tab.id}`)).statusCode).toBe(400);
  });
});

describe('GET /api/companies/:companyId/template-tabs', () => {
  it('members of the company see the tabs; others 403; other workspaces 404', async () => {
    const w = await createWorkspace(ctx);
    await newTab(w, 'Visible');
    expect((await call(w, 'orgMember', 'GET', tabsUrl(w))).json().tabs).toHaveLength(1);
    expect((await call(w, 'teamMember', 'GET', tabsUrl(w))).statusCode).toBe(403);
    expect((await call(w, 'outsider', 'GET', tabsUrl(w))).statusCode).toBe(404);
    expect((await call(w, 'orgMember', 'GET', `/api/companies/${nonUuid}/template-tabs`)).statusCode).toBe(400);
  });
});
