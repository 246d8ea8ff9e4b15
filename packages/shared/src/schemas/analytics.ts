import { z } from 'zod';
import { chartFiltersMax, chartTemplatesMax } from '../limits.ts';
import { registerFilterText } from './forms.ts';

/**
 * Analytics (spec 2.2, 2.6, 5.1, 6, 9; issue 20): dashboards of a team or of the company, each
 * holding charts laid out in a grid. A chart counts or aggregates the forms of one or more
 * templates, grouped by a field's value, a period, a folder, a workflow column or the template,
 * narrowed by at most two filters written as the register writes them (`key:op:value`), so a bar
 * opens the register filtered to the forms behind it. Over several templates, fields are the
 * first template's ids, each standing for the field of the same name and type in the others
 * (analytics/shared-fields.ts).
 */

const id = z.string().uuid();
const fieldId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Choose a field');

export const chartTypes = ['bar', 'stackedBar', 'groupedBar', 'line', 'pie', 'donut', 'table', 'number'] as const;
export type ChartType = (typeof chartTypes)[number];

/** The types that split each bar by a second grouping (`splitBy`): its parts stacked or side by side. */
export const splitChartTypes: readonly ChartType[] = ['stackedBar', 'groupedBar'];

export const chartAggregates = ['count', 'sum', 'avg', 'min', 'max'] as const;
export type ChartAggregate = (typeof chartAggregates)[number];

export const chartGroupings = ['none', 'field', 'period', 'folder', 'workflowColumn', 'template'] as const;
export type ChartGrouping = (typeof chartGroupings)[number];

export const chartPeriods = ['day', 'week', 'month'] as const;
export type ChartPeriod = (typeof chartPeriods)[number];

/** The dates a period groups by: when a form was created or updated, or a date field (`field:<id>`). */
const periodDate = z
  .string()
  .regex(/^(createdAt|updatedAt|field:[A-Za-z0-9_-]{1,64})$/, 'Choose createdAt, updatedAt or a date field');

export const chartMeasureSchema = z
  .object({
    aggregate: z.enum(chartAggregates),
    /** A Number or Formula field; only for sum, average, minimum and maximum. */
    fieldId: fieldId.optional(),
  })
  .superRefine((m, ctx) => {
    if (m.aggregate !== 'count' && !m.fieldId)
      ctx.addIssue({ code: 'custom', path: ['fieldId'], message: 'Choose a Number or Formula field' });
  });
export type ChartMeasure = z.infer<typeof chartMeasureSchema>;

export const chartGroupBySchema = z
  .object({
    by: z.enum(chartGroupings),
    /** The field whose value groups the forms (`by: field`). */
    fieldId: fieldId.optional(),
    /** The date a period is read from (`by: period`). */
    date: periodDate.optional(),
    period: z.enum(chartPeriods).optional(),
  })
  .superRefine((g, ctx) => {
    if (g.by === 'field' && !g.fieldId) ctx.addIssue({ code: 'custom', path: ['fieldId'], message: 'Choose a field' });
    if (g.by === 'period') {
      if (!g.date) ctx.addIssue({ code: 'custom', path: ['date'], message: 'Choose a date' });
      if (!g.period) ctx.addIssue({ code: 'custom', path: ['period'], message: 'Choose day, week or month' });
    }
  });
export type ChartGroupBy = z.infer<typeof chartGroupBySchema>;

/** The second grouping of stacked and grouped bars: a field's value, the team or the template. */
export const chartSplitBySchema = z
  .object({
    by: z.enum(['field', 'folder', 'template']),
    /** The field whose value splits each bar (`by: field`). */
    fieldId: fieldId.optional(),
  })
  .superRefine((g, ctx) => {
    if (g.by === 'field' && !g.fieldId) ctx.addIssue({ code: 'custom', path: ['fieldId'], message: 'Choose a field' });
  });
export type ChartSplitBy = z.infer<typeof chartSplitBySchema>;

/** Spec 5.1, 9: at most 2 chart filters. */
export const chartFiltersSchema = z
  .array(registerFilterText)
  .max(chartFiltersMax, `At most ${chartFiltersMax} filters per chart`)
  .default([]);

/** The templates whose forms a chart reads; the first one's field ids name the fields. */
export const chartTemplateIdsSchema = z
  .array(id.meta({ examples: ['00000000-0000-4000-8000-000000000000'] }))
  .min(1, 'Choose a template')
  .max(chartTemplatesMax, `At most ${chartTemplatesMax} templates per chart`)
  .refine((ids) => new Set(ids).size === ids.length, 'Choose each template once');

export const chartDefinitionSchema = z
  .object({
    templateIds: chartTemplateIdsSchema,
    measure: chartMeasureSchema,
    groupBy: chartGroupBySchema,
    /** Stacked and grouped bars only: what splits each bar. */
    splitBy: chartSplitBySchema.optional(),
    type: z.enum(chartTypes),
    filters: chartFiltersSchema,
  })
  .superRefine((d, ctx) => {
    const split = splitChartTypes.includes(d.type);
    if (split && !d.splitBy)
      ctx.addIssue({ code: 'custom', path: ['splitBy'], message: 'Choose what splits each bar' });
    if (!split && d.splitBy)
      ctx.addIssue({ code: 'custom', path: ['splitBy'], message: 'Only stacked and grouped bars are split' });
    // A single number compares the last period with the one before: it needs periods.
    if (d.type === 'number' && d.groupBy.by !== 'period' && d.groupBy.by !== 'none')
      ctx.addIssue({ code: 'custom', path: ['type'], message: 'A single number is grouped by a period or not at all' });
  });
export type ChartDefinition = z.infer<typeof chartDefinitionSchema>;
export type ChartDefinitionInput = z.input<typeof chartDefinitionSchema>;

/** Where a chart sits in its dashboard's grid (12 columns; rows of a fixed height). */
export const chartLayoutSchema = z.object({
  x: z.number().int().min(0).max(11),
  y: z.number().int().min(0).max(1000),
  w: z.number().int().min(1).max(12),
  h: z.number().int().min(1).max(12),
});
export type ChartLayout = z.infer<typeof chartLayoutSchema>;

const titleSchema = z.string().trim().min(1, 'Title is required').max(100);
export const dashboardNameSchema = z.string().trim().min(1, 'Dashboard name is required').max(100);

export const dashboardStates = ['active', 'archived'] as const;
export type DashboardState = (typeof dashboardStates)[number];

export const chartSchema = z.object({
  chartId: id,
  dashboardId: id,
  title: z.string(),
  definition: chartDefinitionSchema,
  layout: chartLayoutSchema,
  updatedAt: z.string(),
});
export type Chart = z.infer<typeof chartSchema>;

export const dashboardSchema = z.object({
  dashboardId: id,
  folderId: id,
  name: z.string(),
  state: z.enum(dashboardStates),
  position: z.number().int(),
  updatedAt: z.string(),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

export const dashboardListSchema = z.object({
  dashboards: z.array(dashboardSchema),
  /** Whether the viewer may create and edit dashboards and charts here (spec 6). */
  canEdit: z.boolean(),
});
export type DashboardList = z.infer<typeof dashboardListSchema>;

export const dashboardDetailSchema = dashboardSchema.extend({ charts: z.array(chartSchema), canEdit: z.boolean() });
export type DashboardDetail = z.infer<typeof dashboardDetailSchema>;

export const folderParamsSchema = z.object({ folderId: id });
export const dashboardParamsSchema = folderParamsSchema.extend({ dashboardId: id });
export const chartParamsSchema = dashboardParamsSchema.extend({ chartId: id });

export const dashboardsQuerySchema = z.object({ state: z.enum(dashboardStates).default('active') });

export const createDashboardSchema = z.object({ name: dashboardNameSchema });
/** Rename, archive or restore: what is sent changes, what is left out stays. */
export const updateDashboardSchema = z.object({
  name: dashboardNameSchema.optional(),
  state: z.enum(dashboardStates).optional(),
});
export type UpdateDashboard = z.infer<typeof updateDashboardSchema>;
/** The folder's dashboards in their new order (every dashboard of the folder, each once). */
export const reorderDashboardsSchema = z.object({
  dashboardIds: z
    .array(id.meta({ examples: ['00000000-0000-4000-8000-000000000000'] }))
    .min(1)
    .max(500),
});

export const saveChartSchema = z.object({
  title: titleSchema,
  definition: chartDefinitionSchema,
  layout: chartLayoutSchema.optional(),
});
export type SaveChart = z.infer<typeof saveChartSchema>;
export const chartLayoutsSchema = z.object({
  layouts: z.array(z.object({ chartId: id, layout: chartLayoutSchema })).max(200),
});

/**
 * One group of a chart's values. `key` is what the forms share (an option id, an answer, a date,
 * a team id, a workflow column's index, a list item's id, a person's user id; null: no value);
 * `label` names it where the workspace's data does (an option's, team's, workflow column's, list
 * item's or person's name). `registers` are the registers that list the forms behind it: per
 * template with forms in the group, its forms and the register's filters, in `teamId`'s register
 * (null when they lie in several teams).
 */
export const chartGroupRegisterSchema = z.object({
  templateId: id,
  forms: z.number().int(),
  filters: z.array(z.string()),
});
export type ChartGroupRegister = z.infer<typeof chartGroupRegisterSchema>;

export const chartGroupSchema = z.object({
  key: z.string().nullable(),
  label: z.string().nullable(),
  value: z.number().nullable(),
  forms: z.number().int(),
  teamId: id.nullable(),
  /** Stacked and grouped bars: the part of the bar (as `key`: null no value) and its name. */
  seriesKey: z.string().nullable().default(null),
  seriesLabel: z.string().nullable().default(null),
  registers: z.array(chartGroupRegisterSchema),
});
export type ChartGroup = z.infer<typeof chartGroupSchema>;

export const chartValuesSchema = z.object({
  /** The chart's templates, in its order. */
  templates: z.array(z.object({ templateId: id, name: z.string() })),
  /** The measured field's label (sum, average, minimum, maximum), null for a count. */
  measureLabel: z.string().nullable(),
  groups: z.array(chartGroupSchema),
  /** More groups than shown (the largest are shown). */
  truncated: z.boolean(),
});
export type ChartValues = z.infer<typeof chartValuesSchema>;

/** The templates a chart in the folder may read, with the fields each role of a chart may use. */
export const chartSourcesSchema = z.object({
  templates: z.array(
    z.object({
      templateId: id,
      name: z.string(),
      workflow: z.boolean(),
      fields: z.array(
        z.object({
          id: z.string(),
          label: z.string(),
          type: z.string(),
          /** Measured (sum, average, minimum, maximum). */
          numeric: z.boolean(),
          /** Groups the forms by its value. */
          groupable: z.boolean(),
          /** A date a period is read from. */
          date: z.boolean(),
        }),
      ),
    }),
  ),
});
export type ChartSources = z.infer<typeof chartSourcesSchema>;

/** How often a snapshot e-mail of a dashboard is sent (spec 2.6: weekly and monthly subscriptions). */
export const snapshotFrequencies = ['weekly', 'monthly'] as const;
export type SnapshotFrequency = (typeof snapshotFrequencies)[number];

const sendHour = z.number().int().min(0, 'Choose an hour from 0 to 23').max(23, 'Choose an hour from 0 to 23');

/**
 * The caller's snapshot e-mails of a dashboard: which of the two they receive, and the hour (in
 * the workspace's time zone) they are sent at, 07:00 unless chosen.
 */
export const snapshotSubscriptionsSchema = z.object({ weekly: z.boolean(), monthly: z.boolean(), hour: sendHour });
export type SnapshotSubscriptions = z.infer<typeof snapshotSubscriptionsSchema>;
/** A change of them: the hour left out stays as it is. */
export const setSnapshotSubscriptionsSchema = snapshotSubscriptionsSchema.extend({ hour: sendHour.optional() });
export type SetSnapshotSubscriptions = z.infer<typeof setSnapshotSubscriptionsSchema>;

/** The unsubscribe link's parts (public: the token is the only proof). */
export const snapshotUnsubscribeSchema = z.object({
  workspaceId: id,
  subscriptionId: id,
  token: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'Not an unsubscribe token')
    .meta({ examples: ['ZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZ'] }),
});
export type SnapshotUnsubscribe = z.infer<typeof snapshotUnsubscribeSchema>;

/** What an unsubscribe link is about, shown before the person confirms. */
export const snapshotSubscriptionInfoSchema = z.object({
  dashboardName: z.string(),
  workspaceName: z.string(),
  frequency: z.enum(snapshotFrequencies),
});
export type SnapshotSubscriptionInfo = z.infer<typeof snapshotSubscriptionInfoSchema>;

/** Send the caller one of their snapshot e-mails now. */
export const sendSnapshotSchema = z.object({ frequency: z.enum(snapshotFrequencies) });
