import type { ChartDefinitionInput, ChartGroup, ChartValues } from '@formwork/shared/schemas/analytics';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createFormTemplate,
  createWorkspace,
  type Persona,
  type TestWorkspace,
  teamIdOf,
} from '../../../test/factories.ts';
import { inspectionDefinition, postForm, registerRows } from '../../../test/form-fixtures.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';

let ctx: TestContext;
let w: TestWorkspace;
/** The team of the team personas (project 0) and a team of another project (project 1). */
let teamA: string;
let teamB: string;
/** A Template Library template deployed to both teams. */
let templateId: string;

beforeAll(async () => {
  ctx = await createTestApp();
  w = await createWorkspace(ctx, { projects: 2, teamsPerProject: 1 });
  teamA = teamIdOf(w, 0, 0);
  teamB = teamIdOf(w, 1, 0);
  ({ templateId } = await createFormTemplate(ctx.database.db, w.workspaceId, {
    folderId: w.companyId,
    definition: inspectionDefinition,
    name: 'Site Inspection',
    deployTo: [teamA, teamB],
  }));
  const forms: [string, string, number, string][] = [
    [teamA, 'red', 1, 'yes'],
    [teamA, 'red', 2, 'no'],
    [teamA, 'blue', 3, 'yes'],
    [teamB, 'red', 10, 'yes'],
    [teamB, 'blue', 20, 'na'],
  ];
  for (const [team, colour, count, safe] of forms) {
    const res = await postForm(ctx, w.personas.orgController, team, {
      templateId,
      values: { title: `${colour} ${count}`, colour, count, safe: { answer: safe }, when: '2026-03-04' },
    });
    expect(res.statusCode, res.body).toBe(201);
  }
});
afterAll(() => ctx.close());

async function call(who: Persona, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) {
  return ctx.app.inject({ method, url, headers: await who.headers(), ...(payload ? { payload } : {}) });
}

const byColour: ChartDefinitionInput = {
  templateIds: [],
  measure: { aggregate: 'count' },
  groupBy: { by: 'field', fieldId: 'colour' },
  type: 'bar',
};

function definition(overrides: Partial<ChartDefinitionInput> = {}): ChartDefinitionInput {
  return { ...byColour, templateIds: [templateId], ...overrides };
}

async function newDashboard(who: Persona, folderId: string, name = 'Site overview'): Promise<string> {
  const res = await call(who, 'POST', `/api/folders/${folderId}/dashboards`, { name });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().dashboardId;
}

async function newChart(who: Persona, folderId: string, dashboardId: string, chart = definition()): Promise<string> {
  const res = await call(who, 'POST', `/api/folders/${folderId}/dashboards/${dashboardId}/charts`, {
    title: 'Forms by colour',
    definition: chart,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().chartId;
}

async function values(who: Persona, folderId: string, dashboardId: string, chartId: string): Promise<ChartValues> {
  const res = await call(who, 'GET', `/api/folders/${folderId}/dashboards/${dashboardId}/charts/${chartId}/values`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function preview(who: Persona, folderId: string, chart: ChartDefinitionInput) {
  return call(who, 'POST', `/api/folders/${folderId}/chart-preview`, { definition: chart });
}

function counts(groups: ChartGroup[]): Record<string, number | null> {
  return Object.fromEntries(groups.map((g) => [g.label ?? String(g.key), g.value]));
}

describe('dashboards', () => {
  it('team controllers create, rename, reorder, archive and delete dashboards; members only view', async () => {
    const first = await newDashboard(w.personas.teamController, teamA, 'Defects');
    const second = await newDashboard(w.personas.teamController, teamA, 'Weather');
    const denied = await call(w.personas.teamMember, 'POST', `/api/folders/${teamA}/dashboards`, { name: 'Mine' });
    expect(denied.statusCode).toBe(403);

    const list = await call(w.personas.teamMember, 'GET', `/api/folders/${teamA}/dashboards`);
    expect(list.statusCode).toBe(200);
    expect(list.json().canEdit).toBe(false);
    const names = (body: { dashboards: { name: string }[] }) => body.dashboards.map((d) => d.name);
    expect(names(list.json())).toEqual(expect.arrayContaining(['Defects', 'Weather']));

    const renamed = await call(w.personas.teamController, 'PATCH', `/api/folders/${teamA}/dashboards/${first}`, {
      name: 'Open defects',
    });
    expect(renamed.json().name).toBe('Open defects');
    const ids = (await call(w.personas.teamController, 'GET', `/api/folders/${teamA}/dashboards`))
      .json()
      .dashboards.map((d: { dashboardId: string }) => d.dashboardId);
    const reordered = await call(w.personas.teamController, 'PUT', `/api/folders/${teamA}/dashboards/order`, {
      dashboardIds: [...ids].reverse(),
    });
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect(reordered.json().dashboards.map((d: { dashboardId: string }) => d.dashboardId)).toEqual([...ids].reverse());
    const partial = await call(w.personas.teamController, 'PUT', `/api/folders/${teamA}/dashboards/order`, {
      dashboardIds: [first],
    });
    expect(partial.statusCode).toBe(ids.length === 1 ? 200 : 400);

    const archived = await call(w.personas.teamController, 'PATCH', `/api/folders/${teamA}/dashboards/${second}`, {
      state: 'archived',
    });
    expect(archived.json().state).toBe('archived');
    const active = await call(w.personas.teamController, 'GET', `/api/folders/${teamA}/dashboards`);
    expect(names(active.json())).not.toContain('Weather');
    const gone = await call(w.personas.teamController, 'DELETE', `/api/folders/${teamA}/dashboards/${second}`);
    expect(gone.statusCode).toBe(204);
    const after = await call(w.personas.teamController, 'GET', `/api/folders/${teamA}/dashboards/${second}`);
    expect(after.statusCode).toBe(404);
    expect(after.json().code).toBe('dashboardNotFound');
  });

  it('refuses a blank name with a field error', async () => {
    const res = await call(w.personas.teamController, 'POST', `/api/folders/${teamA}/dashboards`, { name: '  ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([expect.objectContaining({ path: 'body.name' })]);
  });

  it("answers another workspace's folder, and another folder's dashboard, with 404", async () => {
    const dashboardId = await newDashboard(w.personas.teamController, teamA);
    const outsider = await call(w.personas.outsider, 'GET', `/api/folders/${teamA}/dashboards/${dashboardId}`);
    expect(outsider.statusCode).toBe(404);
    // The dashboard of team A named under team B (which the org controller may see) is not found.
    const elsewhere = await call(w.personas.orgController, 'GET', `/api/folders/${teamB}/dashboards/${dashboardId}`);
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().code).toBe('dashboardNotFound');
    const otherTeam = w.other.projects[0]?.teams[0]?.teamId as string;
    const foreign = await call(w.personas.teamController, 'GET', `/api/folders/${otherTeam}/dashboards`);
    expect(foreign.statusCode).toBe(404);
  });

  it('has no dashboards in a project (403)', async () => {
    const res = await call(w.personas.orgController, 'GET', `/api/folders/${w.projects[0]?.projectId}/dashboards`);
    expect(res.statusCode).toBe(403);
  });
});

describe('charts', () => {
  it('counts the forms of the team by a field, in the database; members view, only controllers edit', async () => {
    const dashboardId = await newDashboard(w.personas.teamController, teamA);
    const chartId = await newChart(w.personas.teamController, teamA, dashboardId);
    const result = await values(w.personas.teamMember, teamA, dashboardId, chartId);
    expect(result.templates).toEqual([{ templateId, name: 'Site Inspection' }]);
    expect(counts(result.groups)).toEqual({ Red: 2, Blue: 1 });
    const red = result.groups.find((g) => g.key === 'red') as ChartGroup;
    expect(red).toMatchObject({
      teamId: teamA,
      forms: 2,
      registers: [{ templateId, forms: 2, filters: ['field:colour:eq:red'] }],
    });

    const denied = await call(w.personas.teamMember, 'POST', `/api/folders/${teamA}/dashboards/${dashboardId}/charts`, {
      title: 'Mine',
      definition: definition(),
    });
    expect(denied.statusCode).toBe(403);
    const deniedPreview = await preview(w.personas.teamMember, teamA, definition());
    expect(deniedPreview.statusCode).toBe(403);

    const dashboard = await call(w.personas.teamMember, 'GET', `/api/folders/${teamA}/dashboards/${dashboardId}`);
    expect(dashboard.json()).toMatchObject({ canEdit: false, charts: [{ chartId, title: 'Forms by colour' }] });
  });

  it('a filter changes the numbers, and the groups open the register filtered to the same forms', async () => {
    const res = await preview(w.personas.teamController, teamA, definition({ filters: ['field:count:gte:2'] }));
    expect(res.statusCode, res.body).toBe(200);
    const groups: ChartGroup[] = res.json().groups;
    expect(counts(groups)).toEqual({ Red: 1, Blue: 1 });
    for (const group of groups) {
      const rows = await registerRows(
        ctx,
        w.personas.teamMember,
        { teamId: group.teamId as string, templateId },
        { filter: group.registers[0]?.filters ?? [] },
      );
      expect(rows).toHaveLength(group.forms);
    }
  });

  it('sums, averages and finds the extremes of a number field', async () => {
    const sum = await preview(
      w.personas.teamController,
      teamA,
      definition({ measure: { aggregate: 'sum', fieldId: 'count' } }),
    );
    expect(counts(sum.json().groups)).toEqual({ Red: 3, Blue: 3 });
    expect(sum.json().measureLabel).toBe('Count');
    const max = await preview(
      w.personas.teamController,
      teamA,
      definition({ measure: { aggregate: 'max', fieldId: 'double' }, groupBy: { by: 'none' }, type: 'number' }),
    );
    expect(max.json().groups).toEqual([expect.objectContaining({ key: 'all', value: 6, forms: 3 })]);
  });

  it('groups by Yes/No answer and by a period of a date field or of the creation time', async () => {
    const safe = await preview(
      w.personas.teamController,
      teamA,
      definition({ groupBy: { by: 'field', fieldId: 'safe' } }),
    );
    expect(counts(safe.json().groups)).toEqual({ yes: 2, no: 1 });

    const month = await preview(
      w.personas.teamController,
      teamA,
      definition({ groupBy: { by: 'period', date: 'field:when', period: 'month' }, type: 'line' }),
    );
    expect(month.json().groups).toEqual([
      expect.objectContaining({
        key: '2026-03-01',
        value: 3,
        registers: [{ templateId, forms: 3, filters: ['field:when:gte:2026-03-01', 'field:when:lt:2026-04-01'] }],
      }),
    ]);

    const week = await preview(
      w.personas.teamController,
      teamA,
      definition({ groupBy: { by: 'period', date: 'createdAt', period: 'week' }, type: 'line' }),
    );
    const [group] = week.json().groups as ChartGroup[];
    expect(group?.value).toBe(3);
    const rows = await registerRows(
      ctx,
      w.personas.teamMember,
      { teamId: teamA, templateId },
      { filter: group?.registers[0]?.filters ?? [] },
    );
    expect(rows).toHaveLength(3);
  });

  it('refuses bad chart definitions with field errors', async () => {
    const cases: [ChartDefinitionInput, string][] = [
      [definition({ measure: { aggregate: 'sum', fieldId: 'title' } }), 'body.definition.measure.fieldId'],
      [definition({ measure: { aggregate: 'avg' } }), 'body.definition.measure.fieldId'],
      [definition({ groupBy: { by: 'field', fieldId: 'notes' } }), 'body.definition.groupBy.fieldId'],
      [definition({ groupBy: { by: 'field' } }), 'body.definition.groupBy.fieldId'],
      [definition({ groupBy: { by: 'period', date: 'field:title', period: 'week' } }), 'body.definition.groupBy.date'],
      [definition({ groupBy: { by: 'workflowColumn' } }), 'body.definition.groupBy.by'],
      [definition({ filters: ['field:nope:eq:1'] }), 'body.definition.filters.0'],
      [definition({ templateIds: ['00000000-0000-4000-8000-000000000009'] }), 'body.definition.templateIds.0'],
      [definition({ type: 'number' }), 'body.definition.type'],
    ];
    for (const [chart, path] of cases) {
      const res = await preview(w.personas.teamController, teamA, chart);
      expect(res.statusCode, `${path}: ${res.body}`).toBe(400);
      expect(res.json().errors, path).toEqual(expect.arrayContaining([expect.objectContaining({ path })]));
    }
  });

  it('refuses more than 2 filters (spec 5.1)', async () => {
    const dashboardId = await newDashboard(w.personas.teamController, teamA);
    const res = await call(
      w.personas.teamController,
      'POST',
      `/api/folders/${teamA}/dashboards/${dashboardId}/charts`,
      {
        title: 'Three filters',
        definition: definition({ filters: ['field:count:gte:1', 'field:count:lte:9', 'field:colour:eq:red'] }),
      },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      expect.objectContaining({ path: 'body.definition.filters', message: 'At most 2 filters per chart' }),
    ]);
  });

  it('changes, arranges and removes a chart', async () => {
    const dashboardId = await newDashboard(w.personas.teamController, teamA);
    const chartId = await newChart(w.personas.teamController, teamA, dashboardId);
    const url = `/api/folders/${teamA}/dashboards/${dashboardId}/charts/${chartId}`;
    const changed = await call(w.personas.teamController, 'PUT', url, {
      title: 'By answer',
      definition: definition({ groupBy: { by: 'field', fieldId: 'safe' }, type: 'pie' }),
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ title: 'By answer', definition: { type: 'pie' } });
    const arranged = await call(
      w.personas.teamController,
      'PUT',
      `/api/folders/${teamA}/dashboards/${dashboardId}/layout`,
      {
        layouts: [{ chartId, layout: { x: 6, y: 0, w: 6, h: 5 } }],
      },
    );
    expect(arranged.statusCode, arranged.body).toBe(200);
    expect(arranged.json().charts[0].layout).toEqual({ x: 6, y: 0, w: 6, h: 5 });
    const removed = await call(w.personas.teamController, 'DELETE', url);
    expect(removed.statusCode).toBe(204);
    const gone = await call(w.personas.teamController, 'GET', `${url}/values`);
    expect(gone.json().code).toBe('chartNotFound');
  });
});

describe('company dashboards', () => {
  let dashboardId: string;
  let chartId: string;
  let byFolder: string;
  beforeAll(async () => {
    dashboardId = await newDashboard(w.personas.orgController, w.companyId, 'Company');
    chartId = await newChart(w.personas.orgController, w.companyId, dashboardId);
    byFolder = await newChart(
      w.personas.orgController,
      w.companyId,
      dashboardId,
      definition({ groupBy: { by: 'folder' } }),
    );
  });

  it('counts the forms of every team for an org member', async () => {
    const result = await values(w.personas.orgMember, w.companyId, dashboardId, chartId);
    expect(counts(result.groups)).toEqual({ Red: 3, Blue: 2 });
    // Red lies in two teams: no single register holds its forms.
    expect(result.groups.find((g) => g.key === 'red')?.teamId).toBeNull();
    const folders = await values(w.personas.orgMember, w.companyId, dashboardId, byFolder);
    expect(counts(folders.groups)).toEqual({
      [w.projects[0]?.teams[0]?.name as string]: 3,
      [w.projects[1]?.teams[0]?.name as string]: 2,
    });
    expect(folders.groups.map((g) => g.teamId).sort()).toEqual([teamA, teamB].sort());
  });

  it('a viewer who cannot see a folder does not count its forms', async () => {
    for (const who of [w.personas.teamMember, w.personas.projectMember]) {
      const result = await values(who, w.companyId, dashboardId, chartId);
      expect(counts(result.groups)).toEqual({ Red: 2, Blue: 1 });
      const folders = await values(who, w.companyId, dashboardId, byFolder);
      expect(folders.groups.map((g) => g.teamId)).toEqual([teamA]);
    }
  });

  it('a split chart of the company counts only the teams the viewer sees, in each part of each bar', async () => {
    const split = await newChart(
      w.personas.orgController,
      w.companyId,
      dashboardId,
      definition({ type: 'groupedBar', splitBy: { by: 'folder' } }),
    );
    const all = await values(w.personas.orgMember, w.companyId, dashboardId, split);
    expect(all.groups.map((g) => [g.label, g.seriesKey, g.value])).toEqual(
      expect.arrayContaining([
        ['Red', teamA, 2],
        ['Red', teamB, 1],
        ['Blue', teamA, 1],
        ['Blue', teamB, 1],
      ]),
    );
    expect(all.groups.find((g) => g.seriesKey === teamB)?.seriesLabel).toBe(w.projects[1]?.teams[0]?.name);
    const seen = await values(w.personas.teamMember, w.companyId, dashboardId, split);
    expect(seen.groups.map((g) => [g.label, g.seriesKey, g.value])).toEqual([
      ['Red', teamA, 2],
      ['Blue', teamA, 1],
    ]);
  });

  it('only org controllers edit the company dashboards; a team controller views them', async () => {
    const list = await call(w.personas.teamController, 'GET', `/api/folders/${w.companyId}/dashboards`);
    expect(list.statusCode).toBe(200);
    expect(list.json().canEdit).toBe(false);
    const denied = await call(w.personas.teamController, 'POST', `/api/folders/${w.companyId}/dashboards`, {
      name: 'x',
    });
    expect(denied.statusCode).toBe(403);
  });

  it("charts read the Template Library's templates at the company, a team's own and deployed ones in a team", async () => {
    const { templateId: teamOnly } = await createFormTemplate(ctx.database.db, w.workspaceId, {
      folderId: teamA,
      definition: { fields: [{ id: 'n', type: 'number', label: 'N' }] },
      name: 'Team only',
    });
    const company = await call(w.personas.orgController, 'GET', `/api/folders/${w.companyId}/chart-sources`);
    const team = await call(w.personas.teamController, 'GET', `/api/folders/${teamA}/chart-sources`);
    const names = (res: typeof company) => res.json().templates.map((t: { name: string }) => t.name);
    expect(names(company)).toEqual(['Site Inspection']);
    expect(names(team)).toEqual(['Site Inspection', 'Team only']);
    const colour = team.json().templates[0].fields.find((f: { id: string }) => f.id === 'colour');
    expect(colour).toMatchObject({ groupable: true, numeric: false });
    const refused = await preview(w.personas.orgController, w.companyId, definition({ templateIds: [teamOnly] }));
    expect(refused.statusCode).toBe(400);
  });
});

describe('grouping by list and person fields, stacked and grouped bars', () => {
  let plantTemplate: string;
  let items: { id: string; label: string }[];
  beforeAll(async () => {
    const lists = `/api/companies/${w.companyId}/lists`;
    const list = (await call(w.personas.orgController, 'POST', lists, { name: 'Plant' })).json();
    items = [];
    for (const label of ['Excavator', 'Crane']) {
      const res = await call(w.personas.orgController, 'POST', `${lists}/${list.id}/items`, { label, values: {} });
      expect(res.statusCode, res.body).toBe(201);
      items.push(res.json());
    }
    ({ templateId: plantTemplate } = await createFormTemplate(ctx.database.db, w.workspaceId, {
      folderId: teamA,
      name: 'Plant check',
      definition: {
        fields: [
          { id: 'plant', type: 'list', label: 'Plant', listId: list.id, allowMultiple: true },
          { id: 'checker', type: 'singlePerson', label: 'Checked by' },
          { id: 'crew', type: 'person', label: 'Crew' },
          inspectionDefinition.fields[3] as never,
        ],
      },
    }));
    const excavator = items[0] as { id: string };
    const crane = items[1] as { id: string };
    const member = w.personas.teamMember.userId;
    const controller = w.personas.teamController.userId;
    const forms: [{ id: string }[], string, string[], string][] = [
      [[excavator], member, [member], 'red'],
      [[excavator, crane], member, [member, controller], 'red'],
      [[crane], controller, [controller], 'blue'],
      [[], controller, [], 'red'],
    ];
    for (const [plant, checker, crew, colour] of forms) {
      const res = await postForm(ctx, w.personas.teamController, teamA, {
        templateId: plantTemplate,
        values: { plant: plant.map((p) => ({ itemId: p.id })), checker, crew, colour },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
  });

  const chart = (overrides: Partial<ChartDefinitionInput>): ChartDefinitionInput => ({
    ...byColour,
    templateIds: [plantTemplate],
    ...overrides,
  });

  async function opensTheSameForms(groups: ChartGroup[]) {
    for (const group of groups) {
      const rows = await registerRows(
        ctx,
        w.personas.teamMember,
        { teamId: group.teamId as string, templateId: plantTemplate },
        { filter: group.registers[0]?.filters ?? [] },
      );
      expect(rows, JSON.stringify(group)).toHaveLength(group.forms);
    }
  }

  it('groups by the items of a list field, named as the forms keep them, and opens their register', async () => {
    const res = await preview(w.personas.teamController, teamA, chart({ groupBy: { by: 'field', fieldId: 'plant' } }));
    expect(res.statusCode, res.body).toBe(200);
    const groups: ChartGroup[] = res.json().groups;
    expect(counts(groups)).toEqual({ Excavator: 2, Crane: 2, null: 1 });
    expect(groups.find((g) => g.label === 'Crane')?.key).toBe(items[1]?.id);
    await opensTheSameForms(groups);
  });

  it('groups by a single person and by each person of a person field, named by their names', async () => {
    const single = await preview(
      w.personas.teamController,
      teamA,
      chart({ groupBy: { by: 'field', fieldId: 'checker' } }),
    );
    expect(single.statusCode, single.body).toBe(200);
    const byChecker: ChartGroup[] = single.json().groups;
    expect(byChecker.map((g) => [g.key, g.forms])).toEqual(
      expect.arrayContaining([
        [w.personas.teamMember.userId, 2],
        [w.personas.teamController.userId, 2],
      ]),
    );
    for (const group of byChecker) expect(group.label).toMatch(/\S/);
    await opensTheSameForms(byChecker);

    const crew = await preview(w.personas.teamController, teamA, chart({ groupBy: { by: 'field', fieldId: 'crew' } }));
    const byCrew: ChartGroup[] = crew.json().groups;
    expect(byCrew.map((g) => [g.key, g.forms])).toEqual(
      expect.arrayContaining([
        [w.personas.teamMember.userId, 2],
        [w.personas.teamController.userId, 2],
        [null, 1],
      ]),
    );
    await opensTheSameForms(byCrew);
  });

  it('splits each bar by a second field (stacked or grouped bars), each part opening its forms', async () => {
    for (const type of ['stackedBar', 'groupedBar'] as const) {
      const res = await preview(
        w.personas.teamController,
        teamA,
        chart({ type, groupBy: { by: 'field', fieldId: 'colour' }, splitBy: { by: 'field', fieldId: 'plant' } }),
      );
      expect(res.statusCode, res.body).toBe(200);
      const groups: ChartGroup[] = res.json().groups;
      const cells = groups.map((g) => [g.label, g.seriesLabel, g.value]);
      expect(cells).toEqual(
        expect.arrayContaining([
          ['Red', 'Excavator', 2],
          ['Red', 'Crane', 1],
          ['Red', null, 1],
          ['Blue', 'Crane', 1],
        ]),
      );
      expect(cells).toHaveLength(4);
      await opensTheSameForms(groups);
    }
    const byTeam = await preview(
      w.personas.teamController,
      teamA,
      chart({ type: 'stackedBar', groupBy: { by: 'field', fieldId: 'plant' }, splitBy: { by: 'folder' } }),
    );
    expect(byTeam.statusCode, byTeam.body).toBe(200);
    expect(byTeam.json().groups.every((g: ChartGroup) => g.seriesKey === teamA)).toBe(true);
  });

  it('refuses a split without stacked or grouped bars, and stacked bars without a split, with field errors', async () => {
    const cases: [ChartDefinitionInput, string][] = [
      [chart({ type: 'stackedBar' }), 'body.definition.splitBy'],
      [chart({ type: 'pie', splitBy: { by: 'field', fieldId: 'plant' } }), 'body.definition.splitBy'],
      [chart({ type: 'groupedBar', splitBy: { by: 'field', fieldId: 'nope' } }), 'body.definition.splitBy.fieldId'],
      [chart({ type: 'groupedBar', splitBy: { by: 'field' } }), 'body.definition.splitBy.fieldId'],
    ];
    for (const [definition, path] of cases) {
      const res = await preview(w.personas.teamController, teamA, definition);
      expect(res.statusCode, `${path}: ${res.body}`).toBe(400);
      expect(res.json().errors, path).toEqual(expect.arrayContaining([expect.objectContaining({ path })]));
    }
  });
});
