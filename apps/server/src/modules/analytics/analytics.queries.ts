import type { ChartLayout, DashboardState } from '@formwork/shared/schemas/analytics';
import type { TemplateType } from '@formwork/shared/templates/template-definition';
import { type SQL, sql } from 'drizzle-orm';
import { iso, type Json, parseJson, type Timestamp, uuidArray } from '../../db/sql-values.ts';
import type { Tx } from '../../db/tenant.ts';

/**
 * Explicit SQL of the analytics module: dashboards and charts (0051_analytics.sql), the templates a
 * chart may read and the one aggregate statement a chart's values come from. Every function takes
 * the verified workspace id; dashboards are found through their folder, charts through their
 * dashboard. Templates and forms are read with our own SQL (no other module's queries are imported).
 */

export type DashboardRow = {
  dashboardId: string;
  folderId: string;
  name: string;
  state: DashboardState;
  position: number;
  updatedAt: string;
};

type DashboardDb = {
  dashboard_id: string;
  folder_id: string;
  name: string;
  state: DashboardState;
  position: number;
  updated_at: Timestamp;
};

const dashboardColumns = sql`dashboard_id, folder_id, name, state, position, updated_at`;

function toDashboard(r: DashboardDb): DashboardRow {
  return {
    dashboardId: r.dashboard_id,
    folderId: r.folder_id,
    name: r.name,
    state: r.state,
    position: Number(r.position),
    updatedAt: iso(r.updated_at),
  };
}

export async function dashboardsOf(
  tx: Tx,
  workspaceId: string,
  folderId: string,
  state: DashboardState,
): Promise<DashboardRow[]> {
  const result = await tx.execute<DashboardDb>(sql`
    select ${dashboardColumns} from dashboards
     where workspace_id = ${workspaceId} and folder_id = ${folderId} and state = ${state}
     order by position, lower(name), dashboard_id`);
  return result.rows.map(toDashboard);
}

/** A dashboard of the folder (either state), locked for update when `forUpdate`. */
export async function dashboardOf(
  tx: Tx,
  workspaceId: string,
  folderId: string,
  dashboardId: string,
  forUpdate = false,
): Promise<DashboardRow | undefined> {
  const result = await tx.execute<DashboardDb>(sql`
    select ${dashboardColumns} from dashboards
     where workspace_id = ${workspaceId} and folder_id = ${folderId} and dashboard_id = ${dashboardId}
     ${forUpdate ? sql`for update` : sql``}`);
  const row = result.rows[0];
  return row ? toDashboard(row) : undefined;
}

/** A new dashboard goes last among the folder's. */
export async function insertDashboard(
  tx: Tx,
  d: { workspaceId: string; dashboardId: string; folderId: string; name: string; userId: string },
): Promise<void> {
  await tx.execute(sql`
    insert into dashboards (workspace_id, dashboard_id, folder_id, name, position, created_by)
    values (${d.workspaceId}, ${d.dashboardId}, ${d.folderId}, ${d.name},
      (select coalesce(max(position) + 1, 0) from dashboards where workspace_id = ${d.workspaceId} and folder_id = ${d.folderId}),
      ${d.userId})`);
}

export async function updateDashboard(
  tx: Tx,
  workspaceId: string,
  dashboardId: string,
  change: { name?: string; state?: DashboardState },
): Promise<void> {
  await tx.execute(sql`
    update dashboards set name = coalesce(${change.name ?? null}, name), state = coalesce(${change.state ?? null}, state),
      updated_at = now()
     where workspace_id = ${workspaceId} and dashboard_id = ${dashboardId}`);
}

export async function deleteDashboard(tx: Tx, workspaceId: string, dashboardId: string): Promise<void> {
  await tx.execute(sql`delete from dashboards where workspace_id = ${workspaceId} and dashboard_id = ${dashboardId}`);
}

/** Every dashboard id of the folder (to check a new order names each once). */
export async function dashboardIdsOf(tx: Tx, workspaceId: string, folderId: string): Promise<string[]> {
  const result = await tx.execute<{ dashboard_id: string }>(sql`
    select dashboard_id from dashboards where workspace_id = ${workspaceId} and folder_id = ${folderId} for update`);
  return result.rows.map((r) => r.dashboard_id);
}

export async function setDashboardOrder(tx: Tx, workspaceId: string, dashboardIds: string[]): Promise<void> {
  await tx.execute(sql`
    update dashboards d set position = o.position - 1, updated_at = now()
      from unnest(${uuidArray(dashboardIds)}) with ordinality as o(dashboard_id, position)
     where d.workspace_id = ${workspaceId} and d.dashboard_id = o.dashboard_id`);
}

export type ChartRow = {
  chartId: string;
  dashboardId: string;
  title: string;
  definition: unknown;
  layout: ChartLayout;
  updatedAt: string;
};

type ChartDb = {
  chart_id: string;
  dashboard_id: string;
  title: string;
  definition: Json;
  layout: Json;
  updated_at: Timestamp;
};

function toChart(r: ChartDb): ChartRow {
  return {
    chartId: r.chart_id,
    dashboardId: r.dashboard_id,
    title: r.title,
    definition: parseJson(r.definition),
    layout: parseJson(r.layout) as ChartLayout,
    updatedAt: iso(r.updated_at),
  };
}

const chartColumns = sql`chart_id, dashboard_id, title, definition, layout, updated_at`;

export async function chartsOf(tx: Tx, workspaceId: string, dashboardId: string): Promise<ChartRow[]> {
  const result = await tx.execute<ChartDb>(sql`
    select ${chartColumns} from charts where workspace_id = ${workspaceId} and dashboard_id = ${dashboardId}
     order by (layout ->> 'y')::int, (layout ->> 'x')::int, created_at, chart_id`);
  return result.rows.map(toChart);
}

export async function chartOf(
  tx: Tx,
  workspaceId: string,
  dashboardId: string,
  chartId: string,
): Promise<ChartRow | undefined> {
  const result = await tx.execute<ChartDb>(sql`
    select ${chartColumns} from charts
     where workspace_id = ${workspaceId} and dashboard_id = ${dashboardId} and chart_id = ${chartId}`);
  const row = result.rows[0];
  return row ? toChart(row) : undefined;
}

/** The bottom of the dashboard's grid (a new chart goes below every other). */
export async function gridBottom(tx: Tx, workspaceId: string, dashboardId: string): Promise<number> {
  const result = await tx.execute<{ bottom: number | string | null }>(sql`
    select max((layout ->> 'y')::int + (layout ->> 'h')::int) as bottom from charts
     where workspace_id = ${workspaceId} and dashboard_id = ${dashboardId}`);
  return Number(result.rows[0]?.bottom ?? 0);
}

export async function insertChart(
  tx: Tx,
  c: {
    workspaceId: string;
    chartId: string;
    dashboardId: string;
    title: string;
    definition: unknown;
    layout: ChartLayout;
    userId: string;
  },
): Promise<void> {
  await tx.execute(sql`
    insert into charts (workspace_id, chart_id, dashboard_id, title, definition, layout, created_by)
    values (${c.workspaceId}, ${c.chartId}, ${c.dashboardId}, ${c.title}, ${JSON.stringify(c.definition)}::jsonb,
      ${JSON.stringify(c.layout)}::jsonb, ${c.userId})`);
}

export async function updateChart(
  tx: Tx,
  workspaceId: string,
  chartId: string,
  change: { title: string; definition: unknown; layout?: ChartLayout },
): Promise<void> {
  await tx.execute(sql`
    update charts set title = ${change.title}, definition = ${JSON.stringify(change.definition)}::jsonb,
      layout = coalesce(${change.layout ? JSON.stringify(change.layout) : null}::jsonb, layout), updated_at = now()
     where workspace_id = ${workspaceId} and chart_id = ${chartId}`);
}

/** New places for charts of the dashboard; ids of other dashboards change nothing. */
export async function setChartLayouts(
  tx: Tx,
  workspaceId: string,
  dashboardId: string,
  layouts: { chartId: string; layout: ChartLayout }[],
): Promise<number> {
  if (layouts.length === 0) return 0;
  const result = await tx.execute<{ chart_id: string }>(sql`
    update charts c set layout = l.layout, updated_at = now()
      from jsonb_to_recordset(${JSON.stringify(layouts.map((l) => ({ chart_id: l.chartId, layout: l.layout })))}::jsonb) as l(chart_id uuid, layout jsonb)
     where c.workspace_id = ${workspaceId} and c.dashboard_id = ${dashboardId} and c.chart_id = l.chart_id
    returning c.chart_id`);
  return result.rows.length;
}

export async function deleteChart(tx: Tx, workspaceId: string, chartId: string): Promise<void> {
  await tx.execute(sql`delete from charts where workspace_id = ${workspaceId} and chart_id = ${chartId}`);
}

export type ChartTemplateRow = {
  templateId: string;
  name: string;
  type: TemplateType;
  version: number;
  definition: unknown;
};

/**
 * The templates charts in a folder may read, not deleted, with their current definition: a team's
 * own and the library templates deployed to it; at the company, the Template Library's (their
 * forms are filled in the teams they are deployed to). Only those of `templateIds` when given.
 */
export async function chartTemplates(
  tx: Tx,
  workspaceId: string,
  folder: { kind: 'team' | 'company'; folderId: string },
  templateIds?: string[],
): Promise<ChartTemplateRow[]> {
  const where =
    folder.kind === 'company'
      ? sql`t.folder_id = ${folder.folderId}`
      : sql`(t.folder_id = ${folder.folderId} or exists (select 1 from template_deployments d
             where d.workspace_id = t.workspace_id and d.template_id = t.template_id and d.team_id = ${folder.folderId}))`;
  const result = await tx.execute<{
    template_id: string;
    name: string;
    type: TemplateType;
    current_version: number;
    definition: Json;
  }>(sql`
    select t.template_id, t.name, t.type, t.current_version, v.definition
      from templates t
      join template_versions v
        on v.workspace_id = t.workspace_id and v.template_id = t.template_id and v.version = t.current_version
     where t.workspace_id = ${workspaceId} and t.state <> 'deleted' and ${where}
       ${templateIds ? sql`and t.template_id = any(${uuidArray(templateIds)})` : sql``}
     order by lower(t.name), t.template_id`);
  return result.rows.map((r) => ({
    templateId: r.template_id,
    name: r.name,
    type: r.type,
    version: Number(r.current_version),
    definition: parseJson(r.definition),
  }));
}

/**
 * The teams whose forms a viewer counts (spec 6): active teams of the workspace, all of them for
 * `everything` (admins and company roles), else those the viewer holds a role in or whose project
 * they hold one in. A team chart reads its own team only.
 */
export type TeamsSeen =
  | { kind: 'team'; teamId: string }
  | { kind: 'company'; everything: true }
  | { kind: 'company'; everything: false; teamIds: string[]; projectIds: string[] };

function teamsSeenSql(workspaceId: string, seen: TeamsSeen): SQL {
  if (seen.kind === 'team') return sql`f.folder_id = ${seen.teamId}`;
  const narrowed = seen.everything
    ? sql``
    : sql`and (t.folder_id = any(${uuidArray(seen.teamIds)}) or t.parent_id = any(${uuidArray(seen.projectIds)}))`;
  return sql`f.folder_id in (
    select t.folder_id from folders t join folders p on p.workspace_id = t.workspace_id and p.folder_id = t.parent_id
     where t.workspace_id = ${workspaceId} and t.kind = 'team' and t.state = 'active' and p.state = 'active' ${narrowed})`;
}

/** One way of grouping forms: the key each form falls under. */
export type ChartDimension = {
  /** The group's key as text (null: no value). */
  key: SQL;
  /** A lateral join the key reads from (the items of a multiple choice, list or person field). */
  from?: SQL;
  /** The name the forms keep for the key (a list item's label), the latest one read. */
  label?: SQL;
};

export type ChartAggregate = ChartDimension & {
  /** The measure over the group's forms. */
  value: SQL;
  /** Largest first (fields, folders) or in key order (periods, workflow columns). */
  order: 'value' | 'key';
  /** Also select each period's first and next day, in the workspace's time zone, as instants. */
  period?: { start: SQL; end: SQL };
  /** Stacked and grouped bars: each group split again by this (its parts listed after the group's key). */
  split?: ChartDimension;
};

export type ChartGroupRow = {
  key: string | null;
  label: string | null;
  seriesKey: string | null;
  seriesLabel: string | null;
  value: number | null;
  forms: number;
  teamId: string | null;
  /** The group's forms of each of the chart's templates, in its order. */
  templateForms: number[];
  start: string | null;
  end: string | null;
};

/**
 * A chart's values: the active forms of its templates in the teams the viewer sees, narrowed by
 * the chart's filters, grouped (and split, for stacked and grouped bars) and aggregated in one
 * statement, with each group's forms per template. At most `limit` groups (of a split chart:
 * parts); the parts of the groups shown first.
 */
export async function chartGroups(
  tx: Tx,
  scope: { workspaceId: string; templateIds: string[]; seen: TeamsSeen; filter: SQL | null },
  aggregate: ChartAggregate,
  limit: number,
): Promise<ChartGroupRow[]> {
  const { split } = aggregate;
  const { templateIds } = scope;
  const templates =
    templateIds.length === 1
      ? sql`f.template_id = ${templateIds[0]}::uuid`
      : sql`f.template_id = any(${uuidArray(templateIds)})`;
  const templateForms =
    templateIds.length === 1
      ? sql`count(*)::text`
      : sql`concat_ws(',', ${sql.join(
          templateIds.map((id) => sql`count(*) filter (where f.template_id = ${id}::uuid)`),
          sql`, `,
        )})`;
  // A split chart orders its groups by their total, then each group's parts largest first.
  const groupOrder =
    aggregate.order === 'value'
      ? split
        ? sql`sum(value) over (partition by key) desc nulls last, key nulls last`
        : sql`value desc nulls last, key nulls last`
      : sql`key nulls last`;
  const order = split ? sql`${groupOrder}, value desc nulls last, series nulls last` : groupOrder;
  const period = aggregate.period
    ? sql`, (${aggregate.period.start})::text as start, (${aggregate.period.end})::text as "end"`
    : sql`, null::text as start, null::text as "end"`;
  const result = await tx.execute<{
    key: string | null;
    label: string | null;
    series: string | null;
    series_label: string | null;
    value: number | string | null;
    forms: number | string;
    team_id: string | null;
    template_forms: string;
    start: string | null;
    end: string | null;
  }>(sql`
    select g.key, g.label, g.series, g.series_label, g.value, g.forms, g.team_id, g.template_forms ${period}
      from (
        select ${aggregate.key} as key, ${split ? split.key : sql`null::text`} as series,
               ${aggregate.label ? sql`max(${aggregate.label})` : sql`null::text`} as label,
               ${split?.label ? sql`max(${split.label})` : sql`null::text`} as series_label,
               (${aggregate.value})::float8 as value, count(*) as forms,
               case when min(f.folder_id::text) = max(f.folder_id::text) then min(f.folder_id::text) end as team_id,
               ${templateForms} as template_forms
          from forms f ${aggregate.from ?? sql``} ${split?.from ?? sql``}
         where f.workspace_id = ${scope.workspaceId} and ${templates} and f.state = 'active'
           and ${teamsSeenSql(scope.workspaceId, scope.seen)} ${scope.filter ? sql`and ${scope.filter}` : sql``}
         group by 1, 2
      ) g
     order by ${order}
     limit ${Math.trunc(limit)}`);
  return result.rows.map((r) => ({
    key: r.key,
    label: r.label,
    seriesKey: r.series,
    seriesLabel: r.series_label,
    value: r.value === null ? null : Number(r.value),
    forms: Number(r.forms),
    teamId: r.team_id,
    templateForms: r.template_forms.split(',').map(Number),
    start: r.start,
    end: r.end,
  }));
}

/** The names of folders of the workspace by id (a chart grouped by folder names its teams). */
export async function folderNames(tx: Tx, workspaceId: string, folderIds: string[]): Promise<Map<string, string>> {
  if (folderIds.length === 0) return new Map();
  const result = await tx.execute<{ folder_id: string; name: string }>(sql`
    select folder_id, name from folders where workspace_id = ${workspaceId} and folder_id = any(${uuidArray(folderIds)})`);
  return new Map(result.rows.map((r) => [r.folder_id, r.name]));
}
