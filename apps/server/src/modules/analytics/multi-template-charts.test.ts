import type { ChartDefinitionInput, ChartGroup, ChartValues } from '@formwork/shared/schemas/analytics';
import type { TemplateDefinitionInput } from '@formwork/shared/templates/template-definition';
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

/**
 * Issue 20.2: a chart over the forms of several templates. The Defect Report shares Colour,
 * Count and Date with the Site Inspection under other field ids (and Red under another option
 * id); its Notes is a number where the inspection's is text, and it has no Safe? field.
 */
let ctx: TestContext;
let w: TestWorkspace;
let teamA: string;
let teamB: string;
let inspection: string;
let defect: string;

const defectDefinition: TemplateDefinitionInput = {
  fields: [
    { id: 'summary', type: 'singleLineText', label: 'Summary' },
    { id: 'raised', type: 'date', label: 'date ' },
    {
      id: 'shade',
      type: 'dropdown',
      label: 'Colour',
      options: [
        { id: 'r', label: 'Red' },
        { id: 'g', label: 'Green' },
      ],
    },
    { id: 'qty', type: 'number', label: 'Count' },
    { id: 'notes', type: 'number', label: 'Notes' },
  ],
};

beforeAll(async () => {
  ctx = await createTestApp();
  w = await createWorkspace(ctx, { projects: 2, teamsPerProject: 1 });
  teamA = teamIdOf(w, 0, 0);
  teamB = teamIdOf(w, 1, 0);
  ({ templateId: inspection } = await createFormTemplate(ctx.database.db, w.workspaceId, {
    folderId: w.companyId,
    definition: inspectionDefinition,
    name: 'Site Inspection',
    deployTo: [teamA, teamB],
  }));
  ({ templateId: defect } = await createFormTemplate(ctx.database.db, w.workspaceId, {
    folderId: w.companyId,
    definition: defectDefinition,
    name: 'Defect Report',
    deployTo: [teamA, teamB],
  }));
  const forms: [string, string, Record<string, unknown>][] = [
    [teamA, inspection, { title: 'i1', colour: 'red', count: 1, when: '2026-03-04', safe: { answer: 'yes' } }],
    [teamA, inspection, { title: 'i2', colour: 'red', count: 2, when: '2026-03-05' }],
    [teamA, inspection, { title: 'i3', colour: 'blue', count: 3, when: '2026-04-01' }],
    [teamB, inspection, { title: 'i4', colour: 'red', count: 10, when: '2026-03-04' }],
    [teamA, defect, { summary: 'd1', shade: 'r', qty: 5, raised: '2026-03-10' }],
    [teamA, defect, { summary: 'd2', shade: 'g', qty: 7, raised: '2026-04-02' }],
    [teamB, defect, { summary: 'd3', shade: 'r', qty: 100, raised: '2026-03-11' }],
  ];
  for (const [team, templateId, values] of forms) {
    const res = await postForm(ctx, w.personas.orgController, team, { templateId, values });
    expect(res.statusCode, res.body).toBe(201);
  }
});
afterAll(() => ctx.close());

async function call(who: Persona, method: 'GET' | 'POST', url: string, payload?: object) {
  return ctx.app.inject({ method, url, headers: await who.headers(), ...(payload ? { payload } : {}) });
}

function both(overrides: Partial<ChartDefinitionInput> = {}): ChartDefinitionInput {
  return {
    templateIds: [inspection, defect],
    measure: { aggregate: 'count' },
    groupBy: { by: 'field', fieldId: 'colour' },
    type: 'bar',
    ...overrides,
  };
}

async function preview(who: Persona, folderId: string, chart: ChartDefinitionInput) {
  return call(who, 'POST', `/api/folders/${folderId}/chart-preview`, { definition: chart });
}

async function savedChart(who: Persona, folderId: string, chart: ChartDefinitionInput) {
  const dashboard = await call(who, 'POST', `/api/folders/${folderId}/dashboards`, { name: 'Both' });
  expect(dashboard.statusCode, dashboard.body).toBe(201);
  const { dashboardId } = dashboard.json();
  const created = await call(who, 'POST', `/api/folders/${folderId}/dashboards/${dashboardId}/charts`, {
    title: 'Inspections and defects by colour',
    definition: chart,
  });
  expect(created.statusCode, created.body).toBe(201);
  return `/api/folders/${folderId}/dashboards/${dashboardId}/charts/${created.json().chartId}/values`;
}

async function valuesAt(who: Persona, url: string): Promise<ChartValues> {
  const res = await call(who, 'GET', url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

function counts(groups: ChartGroup[]): Record<string, number | null> {
  return Object.fromEntries(groups.map((g) => [g.label ?? String(g.key), g.value]));
}

/** Each group's registers list exactly its forms of that template. */
async function registersListTheForms(groups: ChartGroup[]) {
  for (const group of groups) {
    expect(
      group.registers.reduce((sum, r) => sum + r.forms, 0),
      group.label ?? '',
    ).toBe(group.forms);
    for (const register of group.registers) {
      const rows = await registerRows(
        ctx,
        w.personas.teamMember,
        { teamId: group.teamId as string, templateId: register.templateId },
        { filter: register.filters },
      );
      expect(rows, `${group.label} in ${register.templateId}`).toHaveLength(register.forms);
    }
  }
}

describe('charts over several templates (issue 20.2)', () => {
  it('counts the forms of both templates by a field they share, options matched by name; members view', async () => {
    const url = await savedChart(w.personas.teamController, teamA, both());
    const result = await valuesAt(w.personas.teamMember, url);
    expect(result.templates).toEqual([
      { templateId: inspection, name: 'Site Inspection' },
      { templateId: defect, name: 'Defect Report' },
    ]);
    expect(counts(result.groups)).toEqual({ Red: 3, Blue: 1, Green: 1 });
    const red = result.groups.find((g) => g.label === 'Red') as ChartGroup;
    expect(red.registers).toEqual([
      { templateId: inspection, forms: 2, filters: ['field:colour:eq:red'] },
      { templateId: defect, forms: 1, filters: ['field:shade:eq:r'] },
    ]);
    expect(result.groups.find((g) => g.label === 'Green')?.registers).toEqual([
      { templateId: defect, forms: 1, filters: ['field:shade:eq:g'] },
    ]);
    await registersListTheForms(result.groups);
  });

  it('measures, filters and groups by period over both, each filter written for each register', async () => {
    const sum = await preview(
      w.personas.teamController,
      teamA,
      both({ measure: { aggregate: 'sum', fieldId: 'count' }, filters: ['field:colour:eq:red'] }),
    );
    expect(sum.statusCode, sum.body).toBe(200);
    expect(counts(sum.json().groups)).toEqual({ Red: 8 });
    await registersListTheForms(sum.json().groups);

    const filtered = await preview(w.personas.teamController, teamA, both({ filters: ['field:count:gte:2'] }));
    expect(counts(filtered.json().groups)).toEqual({ Red: 2, Blue: 1, Green: 1 });
    await registersListTheForms(filtered.json().groups);

    const months = await preview(
      w.personas.teamController,
      teamA,
      both({ groupBy: { by: 'period', date: 'field:when', period: 'month' }, type: 'line' }),
    );
    expect(months.json().groups.map((g: ChartGroup) => [g.key, g.value])).toEqual([
      ['2026-03-01', 3],
      ['2026-04-01', 2],
    ]);
    await registersListTheForms(months.json().groups);
  });

  it('groups and splits by template', async () => {
    const byTemplate = await preview(w.personas.teamController, teamA, both({ groupBy: { by: 'template' } }));
    expect(counts(byTemplate.json().groups)).toEqual({ 'Site Inspection': 3, 'Defect Report': 2 });
    await registersListTheForms(byTemplate.json().groups);

    const split = await preview(
      w.personas.teamController,
      teamA,
      both({ type: 'stackedBar', splitBy: { by: 'template' } }),
    );
    const parts = split.json().groups.map((g: ChartGroup) => [g.label, g.seriesLabel, g.value]);
    expect(parts).toEqual(
      expect.arrayContaining([
        ['Red', 'Site Inspection', 2],
        ['Red', 'Defect Report', 1],
        ['Blue', 'Site Inspection', 1],
        ['Green', 'Defect Report', 1],
      ]),
    );
    await registersListTheForms(split.json().groups);
  });

  it('at the company, a viewer who cannot see a folder does not count its forms of either template', async () => {
    const url = await savedChart(w.personas.orgController, w.companyId, both());
    expect(counts((await valuesAt(w.personas.orgMember, url)).groups)).toEqual({ Red: 5, Blue: 1, Green: 1 });
    for (const who of [w.personas.teamMember, w.personas.projectMember])
      expect(counts((await valuesAt(who, url)).groups)).toEqual({ Red: 3, Blue: 1, Green: 1 });
  });

  it('refuses members (403) and answers another workspace with 404', async () => {
    const denied = await preview(w.personas.teamMember, teamA, both());
    expect(denied.statusCode).toBe(403);
    const url = await savedChart(w.personas.teamController, teamA, both());
    const outsider = await call(w.personas.outsider, 'GET', url);
    expect(outsider.statusCode).toBe(404);
    const foreignTeam = w.other.projects[0]?.teams[0]?.teamId as string;
    const foreign = await preview(w.personas.teamController, foreignTeam, both());
    expect(foreign.statusCode).toBe(404);
  });

  it('refuses fields the templates do not share and other bad definitions with field errors', async () => {
    const outsiderTemplate = await createFormTemplate(ctx.database.db, w.other.workspaceId, {
      folderId: w.other.workspaceId,
      definition: inspectionDefinition,
      name: 'Elsewhere',
    });
    const cases: [ChartDefinitionInput, string, string][] = [
      [
        both({ groupBy: { by: 'field', fieldId: 'safe' } }),
        'body.definition.groupBy.fieldId',
        'Choose a field every chosen template has',
      ],
      [
        both({ templateIds: [defect, inspection], measure: { aggregate: 'sum', fieldId: 'notes' } }),
        'body.definition.measure.fieldId',
        'Choose a field every chosen template has',
      ],
      [
        both({ filters: ['field:safe:eq:yes'] }),
        'body.definition.filters.0',
        'Unknown field or a value that does not fit',
      ],
      [
        both({ groupBy: { by: 'workflowColumn' } }),
        'body.definition.groupBy.by',
        'Only workflow templates have workflow columns',
      ],
      [
        both({ templateIds: [inspection, outsiderTemplate.templateId] }),
        'body.definition.templateIds.1',
        'Choose a template of this folder',
      ],
      [both({ templateIds: [inspection, inspection] }), 'body.definition.templateIds', 'Choose each template once'],
      [both({ templateIds: [] }), 'body.definition.templateIds', 'Choose a template'],
    ];
    for (const [chart, path, message] of cases) {
      const res = await preview(w.personas.teamController, teamA, chart);
      expect(res.statusCode, `${path}: ${res.body}`).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json().errors, path).toEqual(expect.arrayContaining([expect.objectContaining({ path, message })]));
    }
  });

  it('refuses more than 2 filters (spec 5.1)', async () => {
    const res = await preview(
      w.personas.teamController,
      teamA,
      both({ filters: ['field:count:gte:1', 'field:count:lte:9', 'field:colour:eq:red'] }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      expect.objectContaining({ path: 'body.definition.filters', message: 'At most 2 filters per chart' }),
    ]);
  });
});
