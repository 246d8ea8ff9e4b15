import { randomUUID } from 'node:crypto';
import { type Field, personFieldTypes } from '@formwork/shared/fields/field';
import { can } from '@formwork/shared/permissions';
import {
  type Chart,
  type ChartDefinition,
  type ChartGroup,
  type ChartSources,
  type ChartValues,
  chartDefinitionSchema,
  type Dashboard,
  type DashboardDetail,
  type DashboardList,
  type DashboardState,
  type SaveChart,
  type UpdateDashboard,
} from '@formwork/shared/schemas/analytics';
import { isListedField } from '@formwork/shared/templates/register-order';
import { type TemplateDefinition, templateDefinitionSchema } from '@formwork/shared/templates/template-definition';
import { type SQL, sql } from 'drizzle-orm';
import type { AccessContext } from '../../authz/context.ts';
import type { AppDb } from '../../db/client.ts';
import { inScope, type Tx } from '../../db/tenant.ts';
import { AppError } from '../../errors.ts';
import { type AuditEvent, recordEvents } from '../activity/record-events.ts';
import { formFilters } from '../forms/register.service.ts';
import { peopleNames } from '../people/people.service.ts';
import * as queries from './analytics.queries.ts';
import {
  type ChartSource,
  fieldKeySql,
  filterFor,
  optionKeySql,
  optionName,
  type SharedField,
  sharedField,
} from './chart-fields.ts';

/** Dashboards live in teams and in the company (spec 2.2); the route's verb refuses projects. */
type AnalyticsFolder = { kind: 'team' | 'company'; folderId: string };

function folderOf(ctx: AccessContext): AnalyticsFolder {
  return { kind: ctx.folder.kind === 'team' ? 'team' : 'company', folderId: ctx.folder.folderId };
}

function canEdit(ctx: AccessContext): boolean {
  return can(ctx.viewer, 'chart.edit', ctx.folder);
}

function event(ctx: AccessContext, action: string, details: Record<string, unknown>): AuditEvent {
  return {
    workspaceId: ctx.workspace.workspaceId,
    actorUserId: ctx.user.userId,
    action,
    subjectType: ctx.folder.kind,
    subjectId: ctx.folder.folderId,
    folderPath: [...ctx.folder.path],
    details,
  };
}

// Dashboards ------------------------------------------------------------------------------------

export async function listDashboards(db: AppDb, ctx: AccessContext, state: DashboardState): Promise<DashboardList> {
  const dashboards = await inScope(db, ctx.scope, (tx) =>
    queries.dashboardsOf(tx, ctx.workspace.workspaceId, ctx.folder.folderId, state),
  );
  return { dashboards, canEdit: canEdit(ctx) };
}

async function requireDashboard(tx: Tx, ctx: AccessContext, dashboardId: string, forUpdate = false) {
  const dashboard = await queries.dashboardOf(
    tx,
    ctx.workspace.workspaceId,
    ctx.folder.folderId,
    dashboardId,
    forUpdate,
  );
  if (!dashboard) throw new AppError('dashboardNotFound');
  return dashboard;
}

function toChart(row: queries.ChartRow): Chart {
  return { ...row, definition: chartDefinitionSchema.parse(row.definition) };
}

async function detail(tx: Tx, ctx: AccessContext, dashboardId: string): Promise<DashboardDetail> {
  const dashboard = await requireDashboard(tx, ctx, dashboardId);
  const charts = await queries.chartsOf(tx, ctx.workspace.workspaceId, dashboardId);
  return { ...dashboard, charts: charts.map(toChart), canEdit: canEdit(ctx) };
}

export async function getDashboard(db: AppDb, ctx: AccessContext, dashboardId: string): Promise<DashboardDetail> {
  return inScope(db, ctx.scope, (tx) => detail(tx, ctx, dashboardId));
}

export async function createDashboard(db: AppDb, ctx: AccessContext, name: string): Promise<Dashboard> {
  const workspaceId = ctx.workspace.workspaceId;
  const dashboardId = randomUUID();
  return inScope(db, ctx.scope, async (tx) => {
    await queries.insertDashboard(tx, {
      workspaceId,
      dashboardId,
      folderId: ctx.folder.folderId,
      name,
      userId: ctx.user.userId,
    });
    await recordEvents(tx, [event(ctx, 'dashboard.created', { dashboardId, name })]);
    return requireDashboard(tx, ctx, dashboardId);
  });
}

/** Rename, archive or restore a dashboard. */
export async function updateDashboard(
  db: AppDb,
  ctx: AccessContext,
  dashboardId: string,
  change: UpdateDashboard,
): Promise<Dashboard> {
  const workspaceId = ctx.workspace.workspaceId;
  return inScope(db, ctx.scope, async (tx) => {
    const before = await requireDashboard(tx, ctx, dashboardId, true);
    const events: AuditEvent[] = [];
    if (change.name !== undefined && change.name !== before.name)
      events.push(event(ctx, 'dashboard.renamed', { dashboardId, name: change.name, from: before.name }));
    if (change.state !== undefined && change.state !== before.state)
      events.push(
        event(ctx, change.state === 'archived' ? 'dashboard.archived' : 'dashboard.restored', {
          dashboardId,
          name: change.name ?? before.name,
        }),
      );
    if (events.length === 0) return before;
    await queries.updateDashboard(tx, workspaceId, dashboardId, change);
    await recordEvents(tx, events);
    return requireDashboard(tx, ctx, dashboardId);
  });
}

export async function deleteDashboard(db: AppDb, ctx: AccessContext, dashboardId: string): Promise<void> {
  await inScope(db, ctx.scope, async (tx) => {
    const before = await requireDashboard(tx, ctx, dashboardId, true);
    await queries.deleteDashboard(tx, ctx.workspace.workspaceId, dashboardId);
    await recordEvents(tx, [event(ctx, 'dashboard.deleted', { dashboardId, name: before.name })]);
  });
}

/** The folder's dashboards in a new order: the ids must be every dashboard of the folder, once. */
export async function reorderDashboards(db: AppDb, ctx: AccessContext, dashboardIds: string[]): Promise<DashboardList> {
  const workspaceId = ctx.workspace.workspaceId;
  await inScope(db, ctx.scope, async (tx) => {
    const current = await queries.dashboardIdsOf(tx, workspaceId, ctx.folder.folderId);
    const asked = new Set(dashboardIds);
    if (asked.size !== dashboardIds.length || asked.size !== current.length || current.some((id) => !asked.has(id)))
      throw new AppError('validationFailed', {
        errors: [{ path: 'body.dashboardIds', message: "List each of the folder's dashboards once" }],
      });
    await queries.setDashboardOrder(tx, workspaceId, dashboardIds);
    await recordEvents(tx, [event(ctx, 'dashboard.reordered', { dashboardIds })]);
  });
  return listDashboards(db, ctx, 'active');
}

// Charts ----------------------------------------------------------------------------------------

export async function createChart(db: AppDb, ctx: AccessContext, dashboardId: string, body: SaveChart): Promise<Chart> {
  const workspaceId = ctx.workspace.workspaceId;
  const chartId = randomUUID();
  return inScope(db, ctx.scope, async (tx) => {
    await requireDashboard(tx, ctx, dashboardId, true);
    await checkedChart(tx, ctx, body.definition);
    const layout = body.layout ?? { x: 0, y: await queries.gridBottom(tx, workspaceId, dashboardId), w: 6, h: 4 };
    await queries.insertChart(tx, {
      workspaceId,
      chartId,
      dashboardId,
      title: body.title,
      definition: body.definition,
      layout,
      userId: ctx.user.userId,
    });
    await recordEvents(tx, [event(ctx, 'chart.created', { dashboardId, chartId, title: body.title })]);
    return requireChart(tx, ctx, dashboardId, chartId);
  });
}

async function requireChart(tx: Tx, ctx: AccessContext, dashboardId: string, chartId: string): Promise<Chart> {
  const row = await queries.chartOf(tx, ctx.workspace.workspaceId, dashboardId, chartId);
  if (!row) throw new AppError('chartNotFound');
  return toChart(row);
}

export async function updateChart(
  db: AppDb,
  ctx: AccessContext,
  dashboardId: string,
  chartId: string,
  body: SaveChart,
): Promise<Chart> {
  return inScope(db, ctx.scope, async (tx) => {
    await requireDashboard(tx, ctx, dashboardId, true);
    await requireChart(tx, ctx, dashboardId, chartId);
    await checkedChart(tx, ctx, body.definition);
    await queries.updateChart(tx, ctx.workspace.workspaceId, chartId, body);
    await recordEvents(tx, [event(ctx, 'chart.changed', { dashboardId, chartId, title: body.title })]);
    return requireChart(tx, ctx, dashboardId, chartId);
  });
}

export async function deleteChart(db: AppDb, ctx: AccessContext, dashboardId: string, chartId: string): Promise<void> {
  await inScope(db, ctx.scope, async (tx) => {
    await requireDashboard(tx, ctx, dashboardId, true);
    const chart = await requireChart(tx, ctx, dashboardId, chartId);
    await queries.deleteChart(tx, ctx.workspace.workspaceId, chartId);
    await recordEvents(tx, [event(ctx, 'chart.deleted', { dashboardId, chartId, title: chart.title })]);
  });
}

/** Arrange the dashboard's charts (drag and resize in the grid). */
export async function arrangeCharts(
  db: AppDb,
  ctx: AccessContext,
  dashboardId: string,
  layouts: { chartId: string; layout: Chart['layout'] }[],
): Promise<DashboardDetail> {
  return inScope(db, ctx.scope, async (tx) => {
    await requireDashboard(tx, ctx, dashboardId, true);
    const changed = await queries.setChartLayouts(tx, ctx.workspace.workspaceId, dashboardId, layouts);
    if (changed !== layouts.length) throw new AppError('chartNotFound');
    await recordEvents(tx, [event(ctx, 'dashboard.arranged', { dashboardId })]);
    return detail(tx, ctx, dashboardId);
  });
}

// Values ----------------------------------------------------------------------------------------

/** Field types a chart groups forms by (the value is an option, an answer or a short text). */
const groupableTypes: readonly Field['type'][] = [
  'dropdown',
  'multipleChoice',
  'yesNo',
  'yesNoNa',
  'singleLineText',
  'list',
  'person',
  'singlePerson',
];
const numericTypes: readonly Field['type'][] = ['number', 'formula'];
const dateTypes: readonly Field['type'][] = ['date', 'expiryDate', 'dateTime'];

function chartFields(definition: TemplateDefinition): Field[] {
  return definition.fields.filter(isListedField);
}

/** The templates and fields a chart in this folder may use (the chart editor's choices). */
export async function chartSources(db: AppDb, ctx: AccessContext): Promise<ChartSources> {
  const rows = await inScope(db, ctx.scope, (tx) =>
    queries.chartTemplates(tx, ctx.workspace.workspaceId, folderOf(ctx)),
  );
  return {
    templates: rows.map((t) => {
      const definition = templateDefinitionSchema.parse(t.definition);
      return {
        templateId: t.templateId,
        name: t.name,
        workflow: t.type === 'workflow',
        fields: chartFields(definition).map((f) => ({
          id: f.id,
          label: f.label,
          type: f.type,
          numeric: numericTypes.includes(f.type),
          groupable: groupableTypes.includes(f.type),
          date: dateTypes.includes(f.type),
        })),
      };
    }),
  };
}

type CheckedChart = {
  sources: ChartSource[];
  /** Each field the chart names, with its match in every template. */
  fields: Map<string, SharedField>;
  /** The chart's filters as one condition (null: none). */
  filter: SQL | null;
};

/**
 * A chart definition checked against its templates: each must be one charts in the folder read,
 * each field it names must exist in the first template, be of a kind that role takes and be
 * shared by the others (same name and type), and the filters must fit each template's register.
 * Every problem is a field error under `body.definition`.
 */
async function checkedChart(tx: Tx, ctx: AccessContext, chart: ChartDefinition): Promise<CheckedChart> {
  return checkedChartIn(tx, ctx.workspace.workspaceId, folderOf(ctx), chart);
}

async function chartSourcesIn(
  tx: Tx,
  workspaceId: string,
  folder: AnalyticsFolder,
  templateIds: string[],
  at: string,
): Promise<ChartSource[]> {
  const rows = await queries.chartTemplates(tx, workspaceId, folder, templateIds);
  const problems = templateIds.flatMap((id, index) =>
    rows.some((t) => t.templateId === id)
      ? []
      : [{ path: `${at}.templateIds.${index}`, message: 'Choose a template of this folder' }],
  );
  if (problems.length > 0) throw new AppError('validationFailed', { errors: problems });
  return templateIds.map((id) => {
    const template = rows.find((t) => t.templateId === id) as queries.ChartTemplateRow;
    const definition = templateDefinitionSchema.parse(template.definition);
    return { template, definition, fields: new Map(chartFields(definition).map((f) => [f.id, f])) };
  });
}

async function checkedChartIn(
  tx: Tx,
  workspaceId: string,
  folder: AnalyticsFolder,
  chart: ChartDefinition,
): Promise<CheckedChart> {
  const at = 'body.definition';
  const sources = await chartSourcesIn(tx, workspaceId, folder, chart.templateIds, at);
  const fields = new Map<string, SharedField>();
  const problems: { path: string; message: string }[] = [];
  const needs = (fieldId: string | undefined, types: readonly Field['type'][], path: string, message: string) => {
    const field = fieldId ? sources[0]?.fields.get(fieldId) : undefined;
    if (!fieldId || !field || !types.includes(field.type))
      return void problems.push({ path: `${at}.${path}`, message });
    const shared = sharedField(sources, fieldId);
    if (shared) fields.set(fieldId, shared);
    else problems.push({ path: `${at}.${path}`, message: 'Choose a field every chosen template has' });
  };
  if (chart.measure.aggregate !== 'count')
    needs(chart.measure.fieldId, numericTypes, 'measure.fieldId', 'Choose a Number or Formula field');
  const { groupBy } = chart;
  if (groupBy.by === 'field')
    needs(groupBy.fieldId, groupableTypes, 'groupBy.fieldId', 'Choose a choice, Yes/No, text, list or person field');
  if (chart.splitBy?.by === 'field')
    needs(
      chart.splitBy.fieldId,
      groupableTypes,
      'splitBy.fieldId',
      'Choose a choice, Yes/No, text, list or person field',
    );
  if (groupBy.by === 'period' && groupBy.date?.startsWith('field:'))
    needs(groupBy.date.slice(6), dateTypes, 'groupBy.date', 'Choose a date field');
  if (groupBy.by === 'workflowColumn' && sources.some((s) => s.template.type !== 'workflow'))
    problems.push({ path: `${at}.groupBy.by`, message: 'Only workflow templates have workflow columns' });
  const filtered = chartFilters(sources, chart.filters, `${at}.filters`);
  problems.push(...filtered.problems);
  if (problems.length > 0) throw new AppError('validationFailed', { errors: problems });
  return { sources, fields, filter: filtered.filter };
}

/**
 * The chart's filters as one condition: each written for every template's register (its field
 * ids and options), the register's rules checking each. The same condition for all templates
 * when the filters read the same in each, else one per template.
 */
function chartFilters(
  sources: ChartSource[],
  texts: readonly string[],
  path: string,
): { filter: SQL | null; problems: { path: string; message: string }[] } {
  if (texts.length === 0) return { filter: null, problems: [] };
  const problems = new Map<string, string>();
  const perTemplate = sources.map((source, index) => {
    const written = texts.map((text) => filterFor(sources, index, text));
    const conditions: SQL[] = [];
    written.forEach((text, at) => {
      const checked = text === null ? null : formFilters(source.definition, [text], `${path}.${at}`);
      if (!checked || checked.problems.length > 0)
        problems.set(`${path}.${at}`, 'Unknown field or a value that does not fit');
      else conditions.push(...checked.filters);
    });
    return { templateId: source.template.templateId, condition: sql.join(conditions, sql` and `), written };
  });
  const errors = [...problems].map(([p, message]) => ({ path: p, message }));
  if (errors.length > 0) return { filter: null, problems: errors };
  const alike = perTemplate.every((t) => t.written.every((w, i) => w === texts[i]));
  const filter = alike
    ? (perTemplate[0]?.condition ?? null)
    : sql`(${sql.join(
        perTemplate.map((t) => sql`(f.template_id = ${t.templateId}::uuid and ${t.condition})`),
        sql` or `,
      )})`;
  return { filter, problems: [] };
}

/** The teams whose forms the viewer counts: one team, or the company's teams they may see (spec 6). */
function teamsSeen(ctx: AccessContext): queries.TeamsSeen {
  if (ctx.folder.kind === 'team') return { kind: 'team', teamId: ctx.folder.folderId };
  const { viewer } = ctx;
  if (viewer.isAdmin || viewer.roles.some((g) => g.kind === 'company')) return { kind: 'company', everything: true };
  return {
    kind: 'company',
    everything: false,
    teamIds: viewer.roles.filter((g) => g.kind === 'team').map((g) => g.folderId),
    projectIds: viewer.roles.filter((g) => g.kind === 'project').map((g) => g.folderId),
  };
}

const maxGroups = 200;

function measureSql(chart: ChartDefinition, fields: Map<string, SharedField>): SQL {
  const { aggregate, fieldId } = chart.measure;
  if (aggregate === 'count') return sql`count(*)`;
  const key = fieldKeySql(fields.get(fieldId as string) as SharedField);
  const number = sql`case when jsonb_typeof(f.field_values -> ${key}) = 'number' then (f.field_values ->> ${key})::numeric end`;
  return sql`${sql.raw(aggregate)}(${number})`;
}

type Dimension = queries.ChartDimension & { filtersOf: (key: string | null) => string[] };

/**
 * A field's values as groups: the key each form falls under (one per item of a multiple choice,
 * list or person field, through a lateral join named `alias`; a choice option as the first
 * template's option of its name), the name the forms keep for it (a list item's label), and the
 * register's filters that find a group's forms again (in the first template's terms).
 */
function fieldDimension(shared: SharedField, alias: string): Dimension {
  const { field } = shared;
  const id = fieldKeySql(shared);
  const filtersOf = (key: string | null) =>
    key === null ? [`field:${field.id}:empty`] : [`field:${field.id}:eq:${key}`];
  const a = sql.raw(alias);
  const elements = (fn: string) =>
    sql`left join lateral ${sql.raw(fn)}(case when jsonb_typeof(f.field_values -> ${id}) = 'array'
      then f.field_values -> ${id} else '[]'::jsonb end) as ${a}(item) on true`;
  if (field.type === 'multipleChoice')
    return { key: optionKeySql(shared, sql`${a}.item`), from: elements('jsonb_array_elements_text'), filtersOf };
  if (field.type === 'person') return { key: sql`${a}.item`, from: elements('jsonb_array_elements_text'), filtersOf };
  if (field.type === 'list')
    return {
      key: sql`(${a}.item ->> 'itemId')`,
      from: elements('jsonb_array_elements'),
      label: sql`(${a}.item ->> 'label')`,
      filtersOf,
    };
  if (field.type === 'yesNo' || field.type === 'yesNoNa')
    return { key: sql`(f.field_values -> ${id} ->> 'answer')`, filtersOf };
  if (field.type === 'dropdown') return { key: optionKeySql(shared, sql`(f.field_values ->> ${id})`), filtersOf };
  return { key: sql`(f.field_values ->> ${id})`, filtersOf };
}

/** Grouping by the team or the template: the register of that team or template lists the forms. */
const folderDimension: Dimension = { key: sql`f.folder_id::text`, filtersOf: () => [] };
const templateDimension: Dimension = { key: sql`f.template_id::text`, filtersOf: () => [] };

/** The second grouping of stacked and grouped bars (a field's value, the team or the template). */
function splitting(chart: ChartDefinition, fields: Map<string, SharedField>): Dimension | undefined {
  const { splitBy } = chart;
  if (!splitBy) return undefined;
  if (splitBy.by === 'folder') return folderDimension;
  if (splitBy.by === 'template') return templateDimension;
  return fieldDimension(fields.get(splitBy.fieldId as string) as SharedField, 's');
}

/** How the forms are grouped, in SQL, and how a group's forms are found again in the register. */
function grouping(
  chart: ChartDefinition,
  fields: Map<string, SharedField>,
  timeZone: string,
): { aggregate: Omit<queries.ChartAggregate, 'value'>; filtersOf: (row: queries.ChartGroupRow) => string[] } {
  const { groupBy } = chart;
  switch (groupBy.by) {
    case 'none':
      return { aggregate: { key: sql`'all'`, order: 'key' }, filtersOf: () => [] };
    case 'folder':
      return { aggregate: { key: folderDimension.key, order: 'value' }, filtersOf: () => [] };
    case 'template':
      return { aggregate: { key: templateDimension.key, order: 'value' }, filtersOf: () => [] };
    case 'workflowColumn':
      return {
        aggregate: { key: sql`coalesce(f.workflow_column, 0)::text`, order: 'key' },
        filtersOf: (row) => [`workflowColumn:eq:${row.key}`],
      };
    case 'field': {
      const { filtersOf, ...dimension } = fieldDimension(fields.get(groupBy.fieldId as string) as SharedField, 'o');
      return { aggregate: { ...dimension, order: 'value' }, filtersOf: (row) => filtersOf(row.key) };
    }
    case 'period': {
      const unit = sql.raw(`'${groupBy.period}'`);
      const step = sql.raw(`interval '1 ${groupBy.period}'`);
      const date = groupBy.date as string;
      const day = (timestamp: SQL) => sql`to_char(date_trunc(${unit}, ${timestamp}), 'YYYY-MM-DD')`;
      if (date === 'createdAt' || date === 'updatedAt') {
        const column = date === 'createdAt' ? sql`f.created_at` : sql`f.updated_at`;
        // The period's first instant and the next period's, in the workspace's time zone, as UTC ISO text.
        const instant = (local: SQL) =>
          sql`to_char((${local}) at time zone ${timeZone} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;
        return {
          aggregate: {
            key: day(sql`${column} at time zone ${timeZone}`),
            order: 'key',
            period: { start: instant(sql`g.key::timestamp`), end: instant(sql`g.key::timestamp + ${step}`) },
          },
          filtersOf: (row) => (row.key === null ? [] : [`${date}:gte:${row.start}`, `${date}:lt:${row.end}`]),
        };
      }
      const shared = fields.get(date.slice(6)) as SharedField;
      const { field } = shared;
      const value = sql`(f.field_values ->> ${fieldKeySql(shared)})`;
      const local =
        field.type === 'dateTime'
          ? sql`case when ${value} ~ '^\\d{4}-\\d{2}-\\d{2}T' then (${value})::timestamptz at time zone ${timeZone} end`
          : sql`case when ${value} ~ '^\\d{4}-\\d{2}-\\d{2}$' then (${value})::date::timestamp end`;
      const dayText = (t: SQL) => sql`to_char(${t}, 'YYYY-MM-DD')`;
      return {
        aggregate: {
          key: day(local),
          order: 'key',
          period: { start: dayText(sql`g.key::timestamp`), end: dayText(sql`g.key::timestamp + ${step}`) },
        },
        filtersOf: (row) =>
          row.key === null
            ? [`field:${field.id}:empty`]
            : [`field:${field.id}:gte:${row.start}`, `field:${field.id}:lt:${row.end}`],
      };
    }
  }
}

/** Names the workspace's data gives to keys: teams and people by id. */
type KeyNames = { teams: Map<string, string>; people: Map<string, string> };

/**
 * The name of a group (or of a bar's part) where the workspace's data names it: an option, a
 * team, a template, a workflow column (of the first template), a person, or the label the forms
 * keep for a list item (`kept`).
 */
function nameOf(
  grouped: { by: ChartDefinition['groupBy']['by']; fieldId?: string },
  checked: CheckedChart,
  names: KeyNames,
  key: string | null,
  kept: string | null,
): string | null {
  if (key === null) return null;
  if (grouped.by === 'folder') return names.teams.get(key) ?? null;
  if (grouped.by === 'template')
    return checked.sources.find((s) => s.template.templateId === key)?.template.name ?? null;
  if (grouped.by === 'workflowColumn')
    return checked.sources[0]?.definition.workflow?.columns[Number(key)]?.name ?? null;
  if (grouped.by === 'field') {
    const shared = checked.fields.get(grouped.fieldId as string);
    const field = shared?.field;
    if (shared && (field?.type === 'dropdown' || field?.type === 'multipleChoice')) return optionName(shared, key);
    if (field && personFieldTypes.includes(field.type)) return names.people.get(key) ?? null;
    if (field?.type === 'list') return kept;
    if (field?.type === 'singleLineText') return key;
  }
  return null;
}

/** The teams and people the groups' keys name, read once for the whole chart. */
async function keyNames(
  tx: Tx,
  workspaceId: string,
  fields: Map<string, SharedField>,
  dimensions: { by: string; fieldId?: string; keys: (string | null)[] }[],
): Promise<KeyNames> {
  const teams = new Set<string>();
  const people = new Set<string>();
  for (const { by, fieldId, keys } of dimensions) {
    const field = by === 'field' ? fields.get(fieldId as string)?.field : undefined;
    const into = by === 'folder' ? teams : field && personFieldTypes.includes(field.type) ? people : undefined;
    for (const key of keys) if (key !== null && uuidText.test(key)) into?.add(key);
  }
  const [teamNames, personNames] = await Promise.all([
    queries.folderNames(tx, workspaceId, [...teams]),
    peopleNames(tx, workspaceId, [...people]),
  ]);
  return { teams: teamNames, people: personNames };
}

const uuidText = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A chart's values over the forms the context's viewer may see (routes, and snapshot e-mails as their subscriber). */
export async function valuesOf(tx: Tx, ctx: AccessContext, chart: ChartDefinition): Promise<ChartValues> {
  const checked = await checkedChart(tx, ctx, chart);
  const { sources, fields } = checked;
  const workspaceId = ctx.workspace.workspaceId;
  const { aggregate, filtersOf } = grouping(chart, fields, ctx.workspace.timeZone);
  const split = splitting(chart, fields);
  const rows = await queries.chartGroups(
    tx,
    {
      workspaceId,
      templateIds: chart.templateIds,
      seen: teamsSeen(ctx),
      filter: checked.filter,
    },
    { ...aggregate, value: measureSql(chart, fields), split },
    maxGroups + 1,
  );
  const shown = rows.slice(0, maxGroups);
  const names = await keyNames(tx, workspaceId, fields, [
    { ...chart.groupBy, keys: shown.map((r) => r.key) },
    ...(chart.splitBy ? [{ ...chart.splitBy, keys: shown.map((r) => r.seriesKey) }] : []),
  ]);
  const measured = chart.measure.fieldId ? fields.get(chart.measure.fieldId)?.field : undefined;
  const groups: ChartGroup[] = shown.map((row) => {
    const written = [...chart.filters, ...filtersOf(row), ...(split ? split.filtersOf(row.seriesKey) : [])];
    return {
      key: row.key,
      label: nameOf(chart.groupBy, checked, names, row.key, row.label),
      value: row.value,
      forms: row.forms,
      teamId: ctx.folder.kind === 'team' ? ctx.folder.folderId : row.teamId,
      seriesKey: row.seriesKey,
      seriesLabel: chart.splitBy ? nameOf(chart.splitBy, checked, names, row.seriesKey, row.seriesLabel) : null,
      registers: sources.flatMap((source, index) => {
        const forms = row.templateForms[index] ?? 0;
        if (forms === 0) return [];
        const filters = written.map((text) => filterFor(sources, index, text) as string);
        return [{ templateId: source.template.templateId, forms, filters }];
      }),
    };
  });
  return {
    templates: sources.map((s) => ({ templateId: s.template.templateId, name: s.template.name })),
    measureLabel: chart.measure.aggregate === 'count' ? null : (measured?.label ?? null),
    groups,
    truncated: rows.length > maxGroups,
  };
}

/** The values of a definition being edited (the chart editor's live preview). */
export async function previewChart(db: AppDb, ctx: AccessContext, chart: ChartDefinition): Promise<ChartValues> {
  return inScope(db, ctx.scope, (tx) => valuesOf(tx, ctx, chart));
}

/** The values of a saved chart, counted over the forms the viewer may see. */
export async function chartValues(
  db: AppDb,
  ctx: AccessContext,
  dashboardId: string,
  chartId: string,
): Promise<ChartValues> {
  return inScope(db, ctx.scope, async (tx) => {
    await requireDashboard(tx, ctx, dashboardId);
    const chart = await requireChart(tx, ctx, dashboardId, chartId);
    return valuesOf(tx, ctx, chart.definition);
  });
}

/** A chart of a dashboard written by the demo seed: its templates named by name. */
export type SeedChart = {
  title: string;
  templates: string[];
  definition: Omit<ChartDefinition, 'templateIds'>;
  layout: Chart['layout'];
};

/**
 * The demo seed's dashboards (issue 20): one dashboard with its charts in a team or the company,
 * each chart checked against its template as the routes check it, with its audit event.
 */
export async function writeDashboard(
  tx: Tx,
  target: { workspaceId: string; folder: AnalyticsFolder; folderPath: string[]; userId: string },
  name: string,
  charts: SeedChart[],
): Promise<string> {
  const { workspaceId, folder, userId } = target;
  const dashboardId = randomUUID();
  const templates = await queries.chartTemplates(tx, workspaceId, folder);
  await queries.insertDashboard(tx, { workspaceId, dashboardId, folderId: folder.folderId, name, userId });
  for (const chart of charts) {
    const templateIds = chart.templates.map((name) => {
      const template = templates.find((t) => t.name === name);
      if (!template) throw new Error(`No template ${name} for charts in ${folder.folderId}`);
      return template.templateId;
    });
    const definition = chartDefinitionSchema.parse({ ...chart.definition, templateIds });
    await checkedChartIn(tx, workspaceId, folder, definition);
    await queries.insertChart(tx, {
      workspaceId,
      chartId: randomUUID(),
      dashboardId,
      title: chart.title,
      definition,
      layout: chart.layout,
      userId,
    });
  }
  await recordEvents(tx, [
    {
      workspaceId,
      actorUserId: userId,
      action: 'dashboard.created',
      subjectType: folder.kind,
      subjectId: folder.folderId,
      folderPath: target.folderPath,
      details: { dashboardId, name },
    },
  ]);
  return dashboardId;
}
