import { sql } from 'drizzle-orm';
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

// Issue 18.5: a table column of type list is a picker of its list's items, like the list field:
// the template names the list, the typeahead offers its items, the cell keeps the item's snapshot.

let ctx: TestContext;
let w: TestWorkspace;
let other: TestWorkspace;
let plant: { id: string; items: { id: string; label: string }[] };
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
  const items = [];
  for (const label of labels) {
    const res = await call('orgController', 'POST', `${base}/${list.id}/items`, { label, values: {} }, ws);
    expect(res.statusCode, res.body).toBe(201);
    items.push(res.json());
  }
  return { id: list.id as string, items };
}

const tableField = (listId: string | null) => ({
  id: 'hire',
  type: 'defaultTable',
  label: 'Plant on site',
  columns: [
    { id: 'what', heading: 'Plant', width: 'M', cellType: 'list', listId },
    { id: 'hours', heading: 'Hours', width: 'S', cellType: 'number' },
  ],
});

const typeahead = (query = '', team = teamIdOf(w), template = templateId, column = 'what') =>
  `/api/teams/${team}/templates/${template}/versions/1/list-fields/hire/items?column=${column}${query}`;

beforeAll(async () => {
  ctx = await createTestApp();
  w = await createWorkspace(ctx);
  other = await createWorkspace(ctx);
  plant = await makeList(w, 'Plant', ['Excavator 1', 'Crane 2', 'Roller 3']);
  ({ templateId } = await createFormTemplate(ctx.database.db, w.workspaceId, {
    folderId: teamIdOf(w),
    definition: { fields: [tableField(plant.id)] } as never,
  }));
});
afterAll(() => ctx.close());

describe('the template editor: a table column of type list names a list its folder may read', () => {
  const create = (listId: string | null, ws = w) =>
    call(
      'orgController',
      'POST',
      `/api/companies/${ws.companyId}/templates`,
      templateBody({ definition: { fields: [tableField(listId)] } as never }),
      ws,
    );

  it('saves a Template Library template whose list column reads a List Library list', async () => {
    const res = await create(plant.id);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().definition.fields[0].columns[0].listId).toBe(plant.id);
  });

  it("refuses another workspace's list or a list that does not exist (400 at the column)", async () => {
    const theirs = await makeList(other, 'Theirs', ['Secret']);
    for (const listId of [theirs.id, '00000000-0000-4000-8000-000000000000']) {
      const res = await create(listId);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([
        { path: 'body.definition.fields.0.columns.0.listId', message: 'Choose an active list of the List Library' },
      ]);
    }
  });
});

describe('the typeahead of a list column (list-fields/:fieldId/items?column=)', () => {
  it("a team member gets the column's list items whose label contains the search", async () => {
    const res = await call('teamMember', 'GET', typeahead('&search=cr'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().items.map((i: { label: string }) => i.label)).toEqual(['Crane 2']);
  });

  it('a column that is not a list column, or no column of the field, is 404', async () => {
    for (const column of ['hours', 'nope']) {
      const res = await call('teamMember', 'GET', typeahead('', teamIdOf(w), templateId, column));
      expect(res.statusCode, res.body).toBe(404);
    }
  });

  it('a person without a role in the team gets 403', async () => {
    expect((await call('visitor', 'GET', typeahead('', teamIdOf(w, 0, 1)))).statusCode).toBe(403);
  });

  it("another workspace's user, or another workspace's template, is 404", async () => {
    expect((await call('outsider', 'GET', typeahead())).statusCode).toBe(404);
    const { templateId: theirs } = await createFormTemplate(ctx.database.db, other.workspaceId, {
      folderId: teamIdOf(other),
      definition: { fields: [tableField(plant.id)] } as never,
    });
    expect((await call('teamMember', 'GET', typeahead('', teamIdOf(w), theirs))).statusCode).toBe(404);
  });

  it('a column id longer than 64 characters is 400', async () => {
    const res = await call('teamMember', 'GET', typeahead('', teamIdOf(w), templateId, 'c'.repeat(65)));
    expect(res.statusCode).toBe(400);
  });
});

describe("a form's list cell keeps the item it was filled with", () => {
  it('the server writes the snapshot from the list, not the one sent', async () => {
    const item = plant.items[1] as { id: string };
    const res = await postForm(ctx, w.personas.teamMember, teamIdOf(w), {
      templateId,
      values: {
        hire: { rows: [{ id: 'r1', cells: { what: { itemId: item.id, label: 'Forged' }, hours: 4 } }] },
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().values.hire.rows[0].cells.what).toEqual({
      itemId: item.id,
      label: 'Crane 2',
      colour: null,
      properties: [],
    });
  });

  it('keeps the label after the item is renamed in the list', async () => {
    const item = plant.items[2] as { id: string };
    const created = (
      await postForm(ctx, w.personas.teamMember, teamIdOf(w), {
        templateId,
        values: { hire: { rows: [{ id: 'r1', cells: { what: { itemId: item.id, label: 'x' } } }] } },
      })
    ).json();
    const renamed = await call(
      'orgController',
      'PATCH',
      `/api/companies/${w.companyId}/lists/${plant.id}/items/${item.id}`,
      { label: 'Roller 3 (sold)', values: {} },
    );
    expect(renamed.statusCode, renamed.body).toBe(200);
    const url = `/api/teams/${teamIdOf(w)}/forms/${created.formId}`;
    const saved = await call('teamMember', 'PUT', url, { baseVersion: created.version, values: created.values });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().values.hire.rows[0].cells.what.label).toBe('Roller 3');
  });

  it('a cell written as text before list columns named lists keeps its text when the form is saved again', async () => {
    const item = plant.items[0] as { id: string };
    const created = (
      await postForm(ctx, w.personas.teamMember, teamIdOf(w), {
        templateId,
        values: { hire: { rows: [{ id: 'r1', cells: { what: { itemId: item.id, label: 'x' }, hours: 1 } }] } },
      })
    ).json();
    // The cell as forms kept it while a list column was free text.
    await ctx.database.db.execute(
      sql`update forms set field_values = jsonb_set(field_values, '{hire,rows,0,cells,what}', '"Old dozer"') where form_id = ${created.formId}`,
    );
    const url = `/api/teams/${teamIdOf(w)}/forms/${created.formId}`;
    const form = (await call('teamMember', 'GET', url)).json();
    const rows = [{ id: 'r1', cells: { what: 'Old dozer', hours: 2 } }];
    const saved = await call('teamMember', 'PUT', url, {
      baseVersion: form.form?.version ?? form.version,
      values: { hire: { rows } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().values.hire.rows[0].cells).toMatchObject({ what: 'Old dozer', hours: 2 });
    // Other text is not an item of the list.
    const changed = await call('teamMember', 'PUT', url, {
      baseVersion: saved.json().version,
      values: { hire: { rows: [{ id: 'r1', cells: { what: 'New dozer' } }] } },
    });
    expect(changed.statusCode, changed.body).toBe(400);
    expect(changed.json().errors).toEqual([expect.objectContaining({ path: 'values.hire.rows.0.cells.what' })]);
  });

  it('refuses an item not in the list, or free text (400 at the cell)', async () => {
    const theirs = await makeList(other, 'Theirs 2', ['Secret']);
    for (const what of [
      { itemId: theirs.items[0]?.id, label: 'Secret' },
      { itemId: '00000000-0000-4000-8000-000000000000', label: 'Ghost' },
      'Excavator 1',
    ]) {
      const res = await postForm(ctx, w.personas.teamMember, teamIdOf(w), {
        templateId,
        values: { hire: { rows: [{ id: 'r1', cells: { what } }] } },
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ path: expect.stringMatching(/hire\.rows\.0\.cells\.what/) }),
        ]),
      );
    }
  });
});
