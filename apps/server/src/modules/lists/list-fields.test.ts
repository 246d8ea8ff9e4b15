import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createFormTemplate,
  createWorkspace,
  type PersonaName,
  type TestWorkspace,
  teamIdOf,
  templateBody,
} from '../../../test/factories.ts';
import { postForm } from '../../../test/form-fixtures.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { listItems, lists } from '../../db/schema.ts';
import { inScope } from '../../db/tenant.ts';

// Issue 18.5: fields that read lists. The template's list field names a list of the List Library;
// a form of a team offers that list's items (typeahead) and keeps the item it was filled with.

let ctx: TestContext;
let w: TestWorkspace;
let other: TestWorkspace;
let plant: { id: string; props: { id: string; name: string }[]; items: { id: string; label: string }[] };
let templateId: string;

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
async function call(who: PersonaName, method: Method, url: string, payload?: unknown, ws = w) {
  return ctx.app.inject({
    method,
    url,
    headers: await ws.personas[who].headers(),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function makeList(ws: TestWorkspace, name: string, labels: string[]) {
  const base = `/api/companies/${ws.companyId}/lists`;
  const list = (await call('orgController', 'POST', base, { name }, ws)).json();
  const [prop] = (
    await call('orgController', 'POST', `${base}/${list.id}/properties`, { name: 'Plant ID', type: 'text' }, ws)
  ).json().properties;
  const items = [];
  for (const [n, label] of labels.entries()) {
    const res = await call(
      'orgController',
      'POST',
      `${base}/${list.id}/items`,
      { label, values: { [prop.id]: `P-${n + 1}` } },
      ws,
    );
    expect(res.statusCode, res.body).toBe(201);
    items.push(res.json());
  }
  return { id: list.id as string, props: [prop], items };
}

const typeahead = (listId: string, query = '', team = teamIdOf(w)) =>
  `/api/teams/${team}/list-fields/${listId}/items${query}`;

beforeAll(async () => {
  ctx = await createTestApp();
  w = await createWorkspace(ctx);
  other = await createWorkspace(ctx);
  plant = await makeList(w, 'Plant', ['Excavator 1', 'Crane 2', 'Roller 3', 'Crane 4']);
  ({ templateId } = await createFormTemplate(ctx.database.db, w.workspaceId, {
    folderId: teamIdOf(w),
    definition: {
      fields: [
        { id: 'plant', type: 'list', label: 'Plant', listId: plant.id },
        {
          id: 'plantId',
          type: 'listProperty',
          label: 'Plant ID',
          sourceFieldId: 'plant',
          property: plant.props[0]?.id,
        },
      ],
    },
  }));
});
afterAll(() => ctx.close());

describe('the typeahead of a list field (GET /api/teams/:teamId/list-fields/:listId/items)', () => {
  it('a team member gets the items whose label contains the search, in order, as snapshots', async () => {
    const res = await call('teamMember', 'GET', typeahead(plant.id, '?search=CRANE&limit=1'));
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json();
    expect(page).toMatchObject({ total: 2, totalCapped: false });
    expect(page.items).toEqual([
      {
        itemId: plant.items[1]?.id,
        label: 'Crane 2',
        colour: null,
        properties: [{ id: plant.props[0]?.id, name: 'Plant ID', type: 'text', value: 'P-2' }],
      },
    ]);
    const next = (
      await call('teamMember', 'GET', typeahead(plant.id, `?search=crane&limit=1&cursor=${page.nextCursor}`))
    ).json();
    expect(next.items.map((i: { label: string }) => i.label)).toEqual(['Crane 4']);
    expect(next.nextCursor).toBeNull();
  });

  it("a team reads its project's deployed copy of the list (issue 18.4), other projects the company list", async () => {
    const copyId = randomUUID();
    const projectId = w.projects[0]?.projectId as string;
    await inScope(ctx.database.db, { userId: null, workspaceId: w.workspaceId, isAdmin: false }, async (tx) => {
      await tx.insert(lists).values({
        workspaceId: w.workspaceId,
        listId: copyId,
        folderId: projectId,
        name: 'Plant',
        sourceListId: plant.id,
        deployment: 'empty',
      });
      await tx
        .insert(listItems)
        .values({ workspaceId: w.workspaceId, listId: copyId, itemId: randomUUID(), label: 'Site crane', position: 1 });
    });
    const labels = async (team: string) =>
      (await call('orgController', 'GET', typeahead(plant.id, '?search=crane', team)))
        .json()
        .items.map((i: { label: string }) => i.label);
    expect(await labels(teamIdOf(w))).toEqual(['Site crane']);
    expect(await labels(teamIdOf(w, 1))).toEqual(['Crane 2', 'Crane 4']);
    await inScope(ctx.database.db, { userId: null, workspaceId: w.workspaceId, isAdmin: false }, (tx) =>
      tx.delete(lists).where(and(eq(lists.workspaceId, w.workspaceId), eq(lists.listId, copyId))),
    );
  });

  it('a person without a role in the team gets 403', async () => {
    expect((await call('visitor', 'GET', typeahead(plant.id, '', teamIdOf(w, 0, 1)))).statusCode).toBe(403);
  });

  it("another workspace's list or team is 404", async () => {
    const theirs = await makeList(other, 'Theirs', ['Secret']);
    expect((await call('teamMember', 'GET', typeahead(theirs.id))).statusCode).toBe(404);
    expect((await call('outsider', 'GET', typeahead(plant.id))).statusCode).toBe(404);
  });

  it('an archived list is not offered (404)', async () => {
    const old = await makeList(w, 'Old', ['A']);
    await call('orgController', 'POST', `/api/companies/${w.companyId}/lists/${old.id}/archive`);
    expect((await call('teamMember', 'GET', typeahead(old.id))).statusCode).toBe(404);
  });

  it.each([
    ['a limit of 0', '?limit=0'],
    ['a limit above 100', '?limit=101'],
    ['a bad cursor', '?cursor=xyz'],
  ])('refuses %s with 400 problem+json', async (_, query) => {
    const res = await call('teamMember', 'GET', typeahead(plant.id, query));
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
  });
});

describe('a form keeps the item it was filled with (issue 18.5)', () => {
  it('the server writes the snapshot from the list; the list-property field reads it', async () => {
    const res = await postForm(ctx, w.personas.teamMember, teamIdOf(w), {
      templateId,
      values: { plant: [{ itemId: plant.items[0]?.id, label: 'Forged label', properties: [] }] },
    });
    expect(res.statusCode, res.body).toBe(201);
    const form = res.json();
    expect(form.values.plant).toEqual([
      {
        itemId: plant.items[0]?.id,
        label: 'Excavator 1',
        colour: null,
        properties: [{ id: plant.props[0]?.id, name: 'Plant ID', type: 'text', value: 'P-1' }],
      },
    ]);
    expect(form.values.plantId).toBe('P-1');
  });

  it('after the item is renamed (and its property changed) the form, its re-save and its register keep the old values', async () => {
    const itemId = plant.items[2]?.id as string;
    const created = (
      await postForm(ctx, w.personas.teamMember, teamIdOf(w), { templateId, values: { plant: [{ itemId }] } })
    ).json();
    const renamed = await call(
      'orgController',
      'PATCH',
      `/api/companies/${w.companyId}/lists/${plant.id}/items/${itemId}`,
      {
        label: 'Roller 3 (sold)',
        values: { [plant.props[0]?.id as string]: 'P-99' },
      },
    );
    expect(renamed.statusCode, renamed.body).toBe(200);
    const url = `/api/teams/${teamIdOf(w)}/forms/${created.formId}`;
    const saved = await call('teamMember', 'PUT', url, { baseVersion: created.version, values: created.values });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().values.plant[0]).toMatchObject({ itemId, label: 'Roller 3' });
    expect(saved.json().values.plantId).toBe('P-3');
    const read = (await call('teamMember', 'GET', url)).json();
    expect(read.form.values.plant[0].label).toBe('Roller 3');
    // Deleting the item leaves the form as it was too.
    await call('orgController', 'DELETE', `/api/companies/${w.companyId}/lists/${plant.id}/items/${itemId}`);
    expect((await call('teamMember', 'GET', url)).json().form.values.plantId).toBe('P-3');
  });

  it('refuses an item that is not in the list (400 with the field error)', async () => {
    const theirs = await makeList(other, 'Theirs 2', ['Secret']);
    for (const itemId of [theirs.items[0]?.id, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const res = await postForm(ctx, w.personas.teamMember, teamIdOf(w), {
        templateId,
        values: { plant: [{ itemId }] },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual(
        expect.arrayContaining([expect.objectContaining({ message: 'Choose an item of the list' })]),
      );
    }
  });

  it('refuses two items in a single-item field', async () => {
    const res = await postForm(ctx, w.personas.teamMember, teamIdOf(w), {
      templateId,
      values: { plant: [{ itemId: plant.items[0]?.id }, { itemId: plant.items[1]?.id }] },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('the template editor: a list field names an active list of the List Library (issue 18.5)', () => {
  const definition = (listId: string | null, property = '') => ({
    fields: [
      { id: 'plant', type: 'list', label: 'Plant', listId },
      { id: 'pid', type: 'listProperty', label: 'Plant ID', sourceFieldId: 'plant', property },
    ],
  });
  const create = (body: unknown, ws = w) =>
    call('orgController', 'POST', `/api/companies/${ws.companyId}/templates`, body, ws);

  it('saves a template whose list field reads a company list and whose list-property field one of its properties', async () => {
    const res = await create(templateBody({ definition: definition(plant.id, plant.props[0]?.id) }));
    expect(res.statusCode, res.body).toBe(201);
  });

  it.each<[string, () => Promise<string>, string]>([
    ['another workspace', async () => (await makeList(other, 'Elsewhere', [])).id, 'body.definition.fields.0.listId'],
    [
      'an archived list',
      async () => {
        const old = await makeList(w, 'Archived', []);
        await call('orgController', 'POST', `/api/companies/${w.companyId}/lists/${old.id}/archive`);
        return old.id;
      },
      'body.definition.fields.0.listId',
    ],
    [
      'a project list',
      async () =>
        (
          await call('orgController', 'POST', `/api/projects/${w.projects[0]?.projectId}/lists`, { name: 'Proj' })
        ).json().id,
      'body.definition.fields.0.listId',
    ],
  ])('refuses a list of %s (400 at the field)', async (_, listOf, path) => {
    const res = await create(templateBody({ definition: definition(await listOf()) }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ path, message: 'Choose an active list of the List Library' }]);
  });

  it('refuses a list-property field naming a property its list does not have', async () => {
    const res = await create(
      templateBody({ definition: definition(plant.id, '00000000-0000-4000-8000-000000000000') }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { path: 'body.definition.fields.1.property', message: 'Choose a property of the list' },
    ]);
  });

  it('checks on save too', async () => {
    const created = (await create(templateBody({ definition: definition(null) }))).json();
    const res = await call('orgController', 'PUT', `/api/templates/${created.id}`, {
      ...templateBody({ definition: definition('00000000-0000-4000-8000-000000000000') }),
      expectedVersion: created.currentVersion,
    });
    expect(res.statusCode).toBe(400);
  });
});
