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

describe('Properties (issue 18.2, spec 5.2)', () => {
  it('adds typed properties; names are unique in the list; renames and removes them with their values', async () => {
    const list = await newList(libraryUrl(), 'Plant with properties');
    const added = await call('orgController', 'POST', `${listUrl(list.id)}/properties`, {
      name: 'Plant ID',
      type: 'text',
    });
    expect(added.statusCode).toBe(201);
    const [plantId] = added.json().properties;
    expect(plantId).toMatchObject({ name: 'Plant ID', type: 'text', sortValue: 0 });
    const dup = await call('orgController', 'POST', `${listUrl(list.id)}/properties`, {
      name: 'plant id',
      type: 'number',
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ code: 'listPropertyNameUsed', errors: [{ path: 'body.name' }] });

    const item = (
      await call('orgController', 'POST', `${listUrl(list.id)}/items`, {
        label: 'Excavator',
        values: { [plantId.id]: 'EX-1' },
      })
    ).json();
    expect(item.values).toEqual({ [plantId.id]: 'EX-1' });
    const renamed = await call('orgController', 'PATCH', `${listUrl(list.id)}/properties/${plantId.id}`, {
      name: 'Asset',
    });
    expect(renamed.json().properties[0].name).toBe('Asset');
    const removed = await call('orgController', 'DELETE', `${listUrl(list.id)}/properties/${plantId.id}`);
    expect(removed.json().properties).toEqual([]);
    const items = (await call('orgController', 'GET', `${listUrl(list.id)}/items`)).json().items;
    expect(items[0].values).toEqual({});
  });

  it('refuses an unknown type (400) and properties beyond the plan (409 listPropertyLimit)', async () => {
    const standard = await createWorkspace(ctx, { plan: 'standard' });
    const headers = await standard.personas.orgController.headers();
    const created = await ctx.app.inject({
      method: 'POST',
      url: `/api/companies/${standard.companyId}/lists`,
      headers,
      payload: { name: 'Limited' },
    });
    const url = `/api/companies/${standard.companyId}/lists/${created.json().id}/properties`;
    const bad = await ctx.app.inject({ method: 'POST', url, headers, payload: { name: 'X', type: 'url' } });
    expect(bad.statusCode).toBe(400);
    for (let n = 0; n < 10; n++) {
      const res = await ctx.app.inject({ method: 'POST', url, headers, payload: { name: `P${n}`, type: 'text' } });
      expect(res.statusCode).toBe(201);
    }
    const over = await ctx.app.inject({ method: 'POST', url, headers, payload: { name: 'P10', type: 'text' } });
    expect(over.statusCode).toBe(409);
    expect(over.json().code).toBe('listPropertyLimit');
  });

  it('a project controller manages its list properties; a project member may not (403)', async () => {
    const list = await newList(projectUrl(), 'Project props', 'projectController');
    const url = `${listUrl(list.id)}/properties`;
    expect((await call('projectController', 'POST', url, { name: 'Type', type: 'text' })).statusCode).toBe(201);
    expect((await call('projectMember', 'POST', url, { name: 'Other', type: 'text' })).statusCode).toBe(403);
  });
});

describe('Items (issue 18.2)', () => {
  it('adds items with colours and typed values, checks each value against its property type', async () => {
    const list = await newList(libraryUrl(), 'Typed');
    const props = async (name: string, type: string) =>
      (await call('orgController', 'POST', `${listUrl(list.id)}/properties`, { name, type })).json().properties.at(-1);
    const count = await props('Hours', 'number');
    const service = await props('Next service', 'expiry_date');
    const shade = await props('Shade', 'colour');
    const ok = await call('orgController', 'POST', `${listUrl(list.id)}/items`, {
      label: ' Crane ',
      colour: '#FF8800',
      values: { [count.id]: '12.5', [service.id]: '2027-01-31', [shade.id]: '#00AA00' },
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({
      label: 'Crane',
      colour: '#ff8800',
      values: { [count.id]: '12.5', [service.id]: '2027-01-31', [shade.id]: '#00aa00' },
    });

    for (const [values, path] of [
      [{ [count.id]: 'twelve' }, `body.values.${count.id}`],
      [{ [service.id]: '2027-02-30' }, `body.values.${service.id}`],
      [{ [shade.id]: 'green' }, `body.values.${shade.id}`],
      [{ '00000000-0000-4000-8000-000000000009': 'x' }, 'body.values.00000000-0000-4000-8000-000000000009'],
    ] as const) {
      const res = await call('orgController', 'POST', `${listUrl(list.id)}/items`, { label: 'Bad', values });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].path).toBe(path);
    }
    expect((await call('orgController', 'POST', `${listUrl(list.id)}/items`, { label: ' ' })).statusCode).toBe(400);
    expect(
      (await call('orgController', 'POST', `${listUrl(list.id)}/items`, { label: 'X', colour: 'red' })).statusCode,
    ).toBe(400);
    expect((await call('orgController', 'GET', listUrl(list.id))).json().itemCount).toBe(1);
  });

  it('edits inline (a value cleared with an empty text), reorders, searches, pages and removes', async () => {
    const list = await newList(libraryUrl(), 'Ordered');
    const itemsUrl = `${listUrl(list.id)}/items`;
    const ids: string[] = [];
    for (const label of ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo']) {
      ids.push((await call('orgController', 'POST', itemsUrl, { label })).json().id);
    }
    const labels = async (query = '') =>
      (await call('orgMember', 'GET', `${itemsUrl}${query}`)).json().items.map((i: { label: string }) => i.label);
    expect(await labels()).toEqual(['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo']);

    const edited = await call('orgController', 'PATCH', `${itemsUrl}/${ids[1]}`, { label: 'Bravo 2', colour: null });
    expect(edited.json()).toMatchObject({ label: 'Bravo 2', colour: null });

    await call('orgController', 'PUT', `${itemsUrl}/${ids[4]}/position`, { afterItemId: null });
    await call('orgController', 'PUT', `${itemsUrl}/${ids[0]}/position`, { afterItemId: ids[2] });
    expect(await labels()).toEqual(['Echo', 'Bravo 2', 'Charlie', 'Alpha', 'Delta']);
    const self = await call('orgController', 'PUT', `${itemsUrl}/${ids[0]}/position`, { afterItemId: ids[0] });
    expect(self.statusCode).toBe(400);

    expect(await labels('?search=HA')).toEqual(['Charlie', 'Alpha']);
    expect((await call('orgMember', 'GET', `${itemsUrl}?search=%25`)).json().total).toBe(0);

    const first = (await call('orgMember', 'GET', `${itemsUrl}?limit=2`)).json();
    expect(first.items.map((i: { label: string }) => i.label)).toEqual(['Echo', 'Bravo 2']);
    expect(first.total).toBe(5);
    const second = (await call('orgMember', 'GET', `${itemsUrl}?limit=2&cursor=${first.nextCursor}`)).json();
    expect(second.items.map((i: { label: string }) => i.label)).toEqual(['Charlie', 'Alpha']);
    expect((await call('orgMember', 'GET', `${itemsUrl}?cursor=nonsense`)).statusCode).toBe(400);

    expect((await call('orgController', 'DELETE', `${itemsUrl}/${ids[3]}`)).statusCode).toBe(200);
    expect((await call('orgController', 'DELETE', `${itemsUrl}/${ids[3]}`)).statusCode).toBe(404);
    expect(await labels()).toEqual(['Echo', 'Bravo 2', 'Charlie', 'Alpha']);
  });

  it('many moves between the same two items keep the order (positions are renumbered when they run out)', async () => {
    const list = await newList(libraryUrl(), 'Squeezed');
    const itemsUrl = `${listUrl(list.id)}/items`;
    const a = (await call('orgController', 'POST', itemsUrl, { label: 'A' })).json().id;
    const b = (await call('orgController', 'POST', itemsUrl, { label: 'B' })).json().id;
    const c = (await call('orgController', 'POST', itemsUrl, { label: 'C' })).json().id;
    for (let n = 0; n < 60; n++) {
      await call('orgController', 'PUT', `${itemsUrl}/${n % 2 ? b : c}/position`, { afterItemId: a });
    }
    const order = (await call('orgController', 'GET', itemsUrl)).json().items.map((i: { label: string }) => i.label);
    expect(order).toEqual(['A', 'B', 'C']);
  });

  it('project members edit their project list items; org members may not edit List Library items (403)', async () => {
    const projectList = await newList(projectUrl(), 'Project items', 'projectController');
    expect(
      (await call('projectMember', 'POST', `${listUrl(projectList.id)}/items`, { label: 'Gate 1' })).statusCode,
    ).toBe(201);
    const library = await newList(libraryUrl(), 'Library items');
    expect((await call('orgMember', 'POST', `${listUrl(library.id)}/items`, { label: 'X' })).statusCode).toBe(403);
    expect((await call('outsider', 'POST', `${listUrl(library.id)}/items`, { label: 'X' })).statusCode).toBe(404);
    const unknown = `${listUrl(library.id)}/items/00000000-0000-4000-8000-000000000009`;
    expect((await call('orgController', 'PATCH', unknown, { label: 'Y' })).json().code).toBe('listItemNotFound');
  });
});

describe('CSV import (issue 18.3, spec 5.1)', () => {
  async function listWithItems() {
    const list = await newList(libraryUrl(), `Imported ${Math.random()}`);
    const type = (await call('orgController', 'POST', `${listUrl(list.id)}/properties`, { name: 'Type', type: 'text' }))
      .json()
      .properties.at(-1);
    for (const [label, value] of [
      ['Excavator', 'Earthmoving'],
      ['Crane', 'Lifting'],
      ['Roller', 'Compaction'],
    ]) {
      await call('orgController', 'POST', `${listUrl(list.id)}/items`, { label, values: { [type.id]: value } });
    }
    const excavator = (await call('orgController', 'GET', `${listUrl(list.id)}/items`)).json().items[0];
    return { list, type, excavator };
  }

  const csv = [
    'Plant,Type,Colour,Next service [Date with expiry],Hours [Number]',
    'Excavator,Earthmoving,#FF0000,2027-03-01,120',
    'Crane,Heavy lifting,,2027-04-01,',
    '"Tipper, 10t",Haulage,#00ff00,,8.5',
  ].join('\r\n');

  it('previews what changes (added, changed, removed) and writes nothing', async () => {
    const { list } = await listWithItems();
    const res = await call('orgController', 'POST', `${listUrl(list.id)}/import/preview`, { csv });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      properties: [
        { name: 'Type', type: 'text', change: 'kept' },
        { name: 'Next service', type: 'expiry_date', change: 'added' },
        { name: 'Hours', type: 'number', change: 'added' },
      ],
      counts: { added: 1, changed: 2, removed: 1, unchanged: 0 },
      examples: { added: ['Tipper, 10t'], changed: ['Excavator', 'Crane'], removed: ['Roller'] },
      errors: [],
    });
    expect((await call('orgController', 'GET', listUrl(list.id))).json()).toMatchObject({
      itemCount: 3,
      propertyCount: 1,
    });
  });

  it('replaces all items and properties; kept items and properties keep their ids; an activity entry', async () => {
    const { list, type, excavator } = await listWithItems();
    const res = await call('orgController', 'POST', `${listUrl(list.id)}/import`, { csv });
    expect(res.statusCode).toBe(200);
    const detail = res.json();
    expect(detail.properties.map((p: { name: string; type: string }) => [p.name, p.type])).toEqual([
      ['Type', 'text'],
      ['Next service', 'expiry_date'],
      ['Hours', 'number'],
    ]);
    expect(detail.properties[0].id).toBe(type.id);
    const items = (await call('orgController', 'GET', `${listUrl(list.id)}/items`)).json().items;
    expect(items.map((i: { label: string }) => i.label)).toEqual(['Excavator', 'Crane', 'Tipper, 10t']);
    expect(items[0]).toMatchObject({ id: excavator.id, colour: '#ff0000' });
    const [, nextService, hours] = detail.properties.map((p: { id: string }) => p.id);
    expect(items[0].values).toEqual({ [type.id]: 'Earthmoving', [nextService]: '2027-03-01', [hours]: '120' });
    expect(items[1].values).toEqual({ [type.id]: 'Heavy lifting', [nextService]: '2027-04-01' });
    const events = (await call('orgController', 'GET', `/api/companies/${w.companyId}/activity`)).json().events;
    expect(events[0]).toMatchObject({ action: 'list.imported', subjectId: list.id });
  });

  it('a file with errors lists every bad row (400 listCsvInvalid) and changes nothing', async () => {
    const { list } = await listWithItems();
    const bad = [
      'Plant,Hours [Number],Colour',
      'Excavator,12,#ff0000',
      ',3,',
      'Crane,lots,',
      'excavator,1,',
      'Roller,2,blue',
    ].join('\n');
    const preview = (await call('orgController', 'POST', `${listUrl(list.id)}/import/preview`, { csv: bad })).json();
    expect(preview.errors.map((e: { line: number }) => e.line)).toEqual([3, 4, 5, 6]);
    const res = await call('orgController', 'POST', `${listUrl(list.id)}/import`, { csv: bad });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('listCsvInvalid');
    expect(res.json().errors).toHaveLength(4);
    expect(res.json().errors[1]).toMatchObject({ path: 'body.csv.line.4', message: expect.stringContaining('Hours') });
    const after = (await call('orgController', 'GET', `${listUrl(list.id)}/items`)).json().items;
    expect(after.map((i: { label: string }) => i.label)).toEqual(['Excavator', 'Crane', 'Roller']);
  });

  it('refuses what is not CSV, an unknown column type and properties beyond the plan', async () => {
    const { list } = await listWithItems();
    const preview = async (text: string) =>
      (await call('orgController', 'POST', `${listUrl(list.id)}/import/preview`, { csv: text })).json().errors;
    expect(await preview('a,b\u0000c')).toEqual([{ line: 1, message: 'This file is not a CSV file.' }]);
    expect((await preview('Plant,Size [Huge]\nA,1'))[0].message).toContain('unknown type');
    const wide = `Plant,${Array.from({ length: 51 }, (_, n) => `P${n}`).join(',')}\nA`;
    expect((await preview(wide))[0].message).toContain('your plan allows 50');
    expect((await call('orgController', 'POST', `${listUrl(list.id)}/import`, { csv: '' })).statusCode).toBe(400);
  });

  it('exports the list as CSV that imports back unchanged; members may export', async () => {
    const { list } = await listWithItems();
    await call('orgController', 'POST', `${listUrl(list.id)}/import`, { csv });
    const file = await call('orgMember', 'GET', `${listUrl(list.id)}/export.csv`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('text/csv');
    expect(file.body.split('\r\n').slice(0, 2)).toEqual([
      '\uFEFFItem,Colour,Type [Text],Next service [Date with expiry],Hours [Number]',
      'Excavator,#ff0000,Earthmoving,2027-03-01,120',
    ]);
    const again = await call('orgController', 'POST', `${listUrl(list.id)}/import/preview`, { csv: file.body });
    expect(again.json().counts).toEqual({ added: 0, changed: 0, removed: 0, unchanged: 3 });
    expect((await call('outsider', 'GET', `${listUrl(list.id)}/export.csv`)).statusCode).toBe(404);
  });

  it('only those who manage the list import (403); another workspace 404', async () => {
    const { list } = await listWithItems();
    expect((await call('orgMember', 'POST', `${listUrl(list.id)}/import`, { csv })).statusCode).toBe(403);
    expect((await call('outsider', 'POST', `${listUrl(list.id)}/import/preview`, { csv })).statusCode).toBe(404);
  });
});
