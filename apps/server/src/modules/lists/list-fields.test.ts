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
let archivedListTemplateId: string;
let archivedList: string;

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

/** The typeahead of the field `fieldId` of version 1 of the template (the plant field of the team's template). */
const typeahead = (query = '', team = teamIdOf(w), template = templateId, fieldId = 'plant') =>
  `/api/teams/${team}/templates/${template}/versions/1/list-fields/${fieldId}/items${query}`;

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
        { id: 'note', type: 'singleLineText', label: 'Note' },
      ],
    },
  }));
  archivedList = (await makeList(w, 'Old', ['A'])).id;
  ({ templateId: archivedListTemplateId } = await createFormTemplate(ctx.database.db, w.workspaceId, {
    folderId: teamIdOf(w),
    definition: { fields: [{ id: 'old', type: 'list', label: 'Old', listId: archivedList }] },
  }));
});
afterAll(() => ctx.close());

describe('the typeahead of a list field (GET /api/teams/:teamId/templates/:templateId/versions/:version/list-fields/:fieldId/items)', () => {
  it('a team member gets the items whose label contains the search, in order, as snapshots', async () => {
    const res = await call('teamMember', 'GET', typeahead('?search=CRANE&limit=1'));
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
    const next = (await call('teamMember', 'GET', typeahead(`?search=crane&limit=1&cursor=${page.nextCursor}`))).json();
    expect(next.items.map((i: { label: string }) => i.label)).toEqual(['Crane 4']);
    expect(next.nextCursor).toBeNull();
  });

  it("a team reads its project's deployed copy of the list (issue 18.4), other projects the company list", async () => {
    // A library template deployed to a team of each project reads the same list field.
    const { templateId: sharedTemplateId } = await createFormTemplate(ctx.database.db, w.workspaceId, {
      folderId: w.companyId,
      definition: { fields: [{ id: 'plant', type: 'list', label: 'Plant', listId: plant.id }] },
      deployTo: [teamIdOf(w), teamIdOf(w, 1)],
    });
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
      (await call('orgController', 'GET', typeahead('?search=crane', team, sharedTemplateId)))
        .json()
        .items.map((i: { label: string }) => i.label);
    expect(await labels(teamIdOf(w))).toEqual(['Site crane']);
    expect(await labels(teamIdOf(w, 1))).toEqual(['Crane 2', 'Crane 4']);
    await inScope(ctx.database.db, { userId: null, workspaceId: w.workspaceId, isAdmin: false }, (tx) =>
      tx.delete(lists).where(and(eq(lists.workspaceId, w.workspaceId), eq(lists.listId, copyId))),
    );
  });

  it('a person without a role in the team gets 403', async () => {
    expect((await call('visitor', 'GET', typeahead('', teamIdOf(w, 0, 1)))).statusCode).toBe(403);
  });

  it("another workspace's team or template is 404", async () => {
    expect((await call('outsider', 'GET', typeahead())).statusCode).toBe(404);
    const { templateId: theirs } = await createFormTemplate(ctx.database.db, other.workspaceId, {
      folderId: teamIdOf(other),
      definition: { fields: [{ id: 'plant', type: 'list', label: 'Plant', listId: plant.id }] },
    });
    expect((await call('teamMember', 'GET', typeahead('', teamIdOf(w), theirs))).statusCode).toBe(404);
  });

  it('a team reads no list its templates do not name: the list id alone opens nothing (404)', async () => {
    // A list of the workspace that no template of the team names.
    const secret = await makeList(w, 'Payroll grades', ['Grade A']);
    const byListId = await call('teamMember', 'GET', `/api/teams/${teamIdOf(w)}/list-fields/${secret.id}/items`);
    expect(byListId.statusCode).toBe(404);
    expect(byListId.body).not.toContain('Grade A');
    // Another team's template naming it: not this team's to fill.
    const { templateId: elsewhere } = await createFormTemplate(ctx.database.db, w.workspaceId, {
      folderId: teamIdOf(w, 1),
      definition: { fields: [{ id: 'secret', type: 'list', label: 'Secret', listId: secret.id }] },
    });
    expect((await call('teamMember', 'GET', typeahead('', teamIdOf(w), elsewhere, 'secret'))).statusCode).toBe(404);
    // A field of the team's template that is no list field, or no field, or another version.
    expect((await call('teamMember', 'GET', typeahead('', teamIdOf(w), templateId, 'note'))).statusCode).toBe(404);
    expect((await call('teamMember', 'GET', typeahead('', teamIdOf(w), templateId, 'nope'))).statusCode).toBe(404);
    expect((await call('teamMember', 'GET', typeahead('').replace('/versions/1/', '/versions/2/'))).statusCode).toBe(
      404,
    );
  });

  it('an archived list is not offered (404)', async () => {
    await call('orgController', 'POST', `/api/companies/${w.companyId}/lists/${archivedList}/archive`);
    expect(
      (await call('teamMember', 'GET', typeahead('', teamIdOf(w), archivedListTemplateId, 'old'))).statusCode,
    ).toBe(404);
  });

  it.each<[string, string, string?]>([
    ['a limit of 0', '?limit=0'],
    ['a limit above 100', '?limit=101'],
    ['a bad cursor', '?cursor=xyz'],
    ['version 0', '', '/versions/0/'],
  ])('refuses %s with 400 problem+json', async (_, query, version) => {
    const url = typeahead(query);
    const res = await call('teamMember', 'GET', version ? url.replace('/versions/1/', version) : url);
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
    const res = await call('orgController', 'PUT', `/api/templates/${created.templateId}`, {
      ...templateBody({ definition: definition('00000000-0000-4000-8000-000000000000') }),
      expectedVersion: created.currentVersion,
    });
    expect(res.statusCode).toBe(400);
  });
});

describe("the template editor's list picker (GET /api/{companies,teams}/:id/template-lists) and a team template's lists", () => {
  let deployed: Awaited<ReturnType<typeof makeList>>;
  let undeployed: Awaited<ReturnType<typeof makeList>>;
  let projectList: string;
  let otherProjectList: string;
  let teamTemplate: string;
  const listDefinition = (listId: string | null, property = '') => ({
    fields: [
      { id: 'plant', type: 'list', label: 'Plant', listId },
      { id: 'pid', type: 'listProperty', label: 'Plant ID', sourceFieldId: 'plant', property },
    ],
  });

  beforeAll(async () => {
    deployed = await makeList(w, 'Deployed plant', ['Dozer']);
    undeployed = await makeList(w, 'Undeployed payroll', ['Grade A']);
    const deploy = await call('orgController', 'PUT', `/api/companies/${w.companyId}/lists/${deployed.id}/deployment`, {
      projectIds: [w.projects[0]?.projectId],
      deployment: 'populated',
    });
    expect(deploy.statusCode, deploy.body).toBe(200);
    const own = await call('projectController', 'POST', `/api/projects/${w.projects[0]?.projectId}/lists`, {
      name: 'Site areas',
    });
    expect(own.statusCode, own.body).toBe(201);
    projectList = own.json().id;
    otherProjectList = (
      await call('orgController', 'POST', `/api/projects/${w.projects[1]?.projectId}/lists`, { name: 'Elsewhere' })
    ).json().id;
    const team = await call('teamController', 'POST', `/api/teams/${teamIdOf(w)}/templates`, templateBody());
    expect(team.statusCode, team.body).toBe(201);
    teamTemplate = team.json().templateId;
  });

  const teamPicker = (who: PersonaName, team = teamIdOf(w)) => call(who, 'GET', `/api/teams/${team}/template-lists`);
  const libraryPicker = (who: PersonaName) => call(who, 'GET', `/api/companies/${w.companyId}/template-lists`);

  it("a team controller gets the library lists deployed to the team's project and the project's own lists, with properties", async () => {
    const res = await teamPicker('teamController');
    expect(res.statusCode, res.body).toBe(200);
    const lists = res.json().lists as { id: string; name: string; origin: string; properties: { id: string }[] }[];
    // By name: the deployed library list, and the project's own lists (an earlier test made 'Proj').
    expect(lists.map((l) => [l.name, l.origin])).toEqual([
      ['Deployed plant', 'library'],
      ['Proj', 'project'],
      ['Site areas', 'project'],
    ]);
    expect(lists.map((l) => l.id)).not.toContain(plant.id);
    expect(lists[0]).toMatchObject({ id: deployed.id, properties: [{ id: deployed.props[0]?.id, name: 'Plant ID' }] });
    expect(lists.map((l) => l.id)).not.toContain(undeployed.id);
    expect(lists.map((l) => l.id)).not.toContain(otherProjectList);
  });

  it('the Template Library reads every active List Library list (org controller)', async () => {
    const res = await libraryPicker('orgController');
    expect(res.statusCode, res.body).toBe(200);
    const ids = res.json().lists.map((l: { id: string }) => l.id);
    expect(ids).toEqual(expect.arrayContaining([plant.id, deployed.id, undeployed.id]));
    expect(ids).not.toContain(projectList);
  });

  it("a team member may not edit the team's templates (403); a team controller not the Template Library's, nor another team's (403)", async () => {
    expect((await teamPicker('teamMember')).statusCode).toBe(403);
    expect((await teamPicker('teamController', teamIdOf(w, 0, 1))).statusCode).toBe(403);
    expect((await libraryPicker('teamController')).statusCode).toBe(403);
    expect((await libraryPicker('orgMember')).statusCode).toBe(403);
  });

  it("another workspace's user gets 404, and another workspace's team 404", async () => {
    expect((await teamPicker('outsider')).statusCode).toBe(404);
    expect((await libraryPicker('outsider')).statusCode).toBe(404);
    expect((await teamPicker('teamController', teamIdOf(other))).statusCode).toBe(404);
  });

  it('a team controller saves a team template reading a deployed library list or a project list, and its property', async () => {
    for (const [listId, property] of [
      [deployed.id, deployed.props[0]?.id],
      [projectList, ''],
    ] as const) {
      const current = (await call('teamController', 'GET', `/api/templates/${teamTemplate}`)).json();
      const res = await call('teamController', 'PUT', `/api/templates/${teamTemplate}`, {
        ...templateBody({ definition: listDefinition(listId, property) }),
        expectedVersion: current.currentVersion,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
  });

  it("refuses a team template reading a library list not deployed to its project, or another project's list (400 at the field)", async () => {
    for (const listId of [undeployed.id, otherProjectList]) {
      const current = (await call('teamController', 'GET', `/api/templates/${teamTemplate}`)).json();
      const res = await call('teamController', 'PUT', `/api/templates/${teamTemplate}`, {
        ...templateBody({ definition: listDefinition(listId) }),
        expectedVersion: current.currentVersion,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([
        {
          path: 'body.definition.fields.0.listId',
          message: "Choose a list of the project: one deployed to it from the List Library, or the project's own",
        },
      ]);
    }
  });

  it("a form of the team template reads the project's list and its copy of the deployed list", async () => {
    const item = await call('projectMember', 'POST', `/api/companies/${w.companyId}/lists/${projectList}/items`, {
      label: 'North car park',
    });
    expect(item.statusCode, item.body).toBe(201);
    const current = (await call('teamController', 'GET', `/api/templates/${teamTemplate}`)).json();
    const saved = await call('teamController', 'PUT', `/api/templates/${teamTemplate}`, {
      ...templateBody({ definition: listDefinition(projectList) }),
      expectedVersion: current.currentVersion,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const version = saved.json().currentVersion;
    const url = `/api/teams/${teamIdOf(w)}/templates/${teamTemplate}/versions/${version}/list-fields/plant/items`;
    const page = await call('teamMember', 'GET', url);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().items.map((i: { label: string }) => i.label)).toEqual(['North car park']);
    const form = await postForm(ctx, w.personas.teamMember, teamIdOf(w), {
      templateId: teamTemplate,
      values: { plant: [{ itemId: item.json().id }] },
    });
    expect(form.statusCode, form.body).toBe(201);
    expect(form.json().values.plant[0]).toMatchObject({ label: 'North car park' });
  });
});
