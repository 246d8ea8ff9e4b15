import {
  chartDefinitionSchema,
  chartLayoutsSchema,
  chartParamsSchema,
  chartSchema,
  chartSourcesSchema,
  chartValuesSchema,
  createDashboardSchema,
  dashboardDetailSchema,
  dashboardListSchema,
  dashboardParamsSchema,
  dashboardSchema,
  dashboardsQuerySchema,
  folderParamsSchema,
  reorderDashboardsSchema,
  saveChartSchema,
  sendSnapshotSchema,
  setSnapshotSubscriptionsSchema,
  snapshotSubscriptionInfoSchema,
  snapshotSubscriptionsSchema,
  snapshotUnsubscribeSchema,
  updateDashboardSchema,
} from '@formwork/shared/schemas/analytics';
import { z } from 'zod';
import { routeContext } from '../../authz/route-access.ts';
import type { App } from '../../http/types.ts';
import * as service from './analytics.service.ts';
import * as snapshots from './snapshots.service.ts';

const tags = ['analytics'];
const security = [{ bearer: [] }];
const view = { access: { permission: 'chart.view' as const } };
const edit = { access: { permission: 'chart.edit' as const } };

/**
 * Analytics (issue 20): the dashboards of a team or of the company (`:folderId`; a project has
 * none, its verbs refuse it), their charts and each chart's values. Members view; team
 * controllers and above (org controllers at the company) create and edit (spec 6).
 */
export async function analyticsRoutes(app: App) {
  const { db } = app.deps.database;
  const base = '/api/folders/:folderId/dashboards';

  app.get(base, {
    config: view,
    schema: {
      tags,
      security,
      summary: "A team's or the company's dashboards, active or archived, in their order",
      params: folderParamsSchema,
      querystring: dashboardsQuerySchema,
      response: { 200: dashboardListSchema },
    },
    handler: async (request) => service.listDashboards(db, routeContext(request), request.query.state),
  });

  app.post(base, {
    config: edit,
    schema: {
      tags,
      security,
      summary: 'Create a dashboard (it goes last)',
      params: folderParamsSchema,
      body: createDashboardSchema,
      response: { 201: dashboardSchema },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await service.createDashboard(db, routeContext(request), request.body.name)),
  });

  app.put(`${base}/order`, {
    config: edit,
    schema: {
      tags,
      security,
      summary: "Reorder the folder's dashboards (every one of them, each once)",
      params: folderParamsSchema,
      body: reorderDashboardsSchema,
      response: { 200: dashboardListSchema },
    },
    handler: async (request) => service.reorderDashboards(db, routeContext(request), request.body.dashboardIds),
  });

  app.get(`${base}/:dashboardId`, {
    config: view,
    schema: {
      tags,
      security,
      summary: 'A dashboard with its charts and their places in the grid',
      params: dashboardParamsSchema,
      response: { 200: dashboardDetailSchema },
    },
    handler: async (request) => service.getDashboard(db, routeContext(request), request.params.dashboardId),
  });

  app.patch(`${base}/:dashboardId`, {
    config: edit,
    schema: {
      tags,
      security,
      summary: 'Rename, archive or restore a dashboard',
      params: dashboardParamsSchema,
      body: updateDashboardSchema,
      response: { 200: dashboardSchema },
    },
    handler: async (request) =>
      service.updateDashboard(db, routeContext(request), request.params.dashboardId, request.body),
  });

  app.delete(`${base}/:dashboardId`, {
    config: edit,
    schema: { tags, security, summary: 'Delete a dashboard with its charts', params: dashboardParamsSchema },
    handler: async (request, reply) => {
      await service.deleteDashboard(db, routeContext(request), request.params.dashboardId);
      return reply.status(204).send();
    },
  });

  app.put(`${base}/:dashboardId/layout`, {
    config: edit,
    schema: {
      tags,
      security,
      summary: "Arrange the dashboard's charts in its grid (drag and resize)",
      params: dashboardParamsSchema,
      body: chartLayoutsSchema,
      response: { 200: dashboardDetailSchema },
    },
    handler: async (request) =>
      service.arrangeCharts(db, routeContext(request), request.params.dashboardId, request.body.layouts),
  });

  app.post(`${base}/:dashboardId/charts`, {
    config: edit,
    schema: {
      tags,
      security,
      summary: 'Add a chart to a dashboard (below the others unless placed)',
      params: dashboardParamsSchema,
      body: saveChartSchema,
      response: { 201: chartSchema },
    },
    handler: async (request, reply) =>
      reply
        .status(201)
        .send(await service.createChart(db, routeContext(request), request.params.dashboardId, request.body)),
  });

  app.put(`${base}/:dashboardId/charts/:chartId`, {
    config: edit,
    schema: {
      tags,
      security,
      summary: "Change a chart's title and definition (and place)",
      params: chartParamsSchema,
      body: saveChartSchema,
      response: { 200: chartSchema },
    },
    handler: async (request) =>
      service.updateChart(db, routeContext(request), request.params.dashboardId, request.params.chartId, request.body),
  });

  app.delete(`${base}/:dashboardId/charts/:chartId`, {
    config: edit,
    schema: { tags, security, summary: 'Remove a chart from its dashboard', params: chartParamsSchema },
    handler: async (request, reply) => {
      await service.deleteChart(db, routeContext(request), request.params.dashboardId, request.params.chartId);
      return reply.status(204).send();
    },
  });

  app.get(`${base}/:dashboardId/charts/:chartId/values`, {
    config: view,
    schema: {
      tags,
      security,
      summary: "A chart's values, computed in the database over the forms the viewer may see",
      params: chartParamsSchema,
      response: { 200: chartValuesSchema },
    },
    handler: async (request) =>
      service.chartValues(db, routeContext(request), request.params.dashboardId, request.params.chartId),
  });

  app.get('/api/folders/:folderId/chart-sources', {
    config: edit,
    schema: {
      tags,
      security,
      summary: 'The templates and fields a chart in this folder may use (the chart editor)',
      params: folderParamsSchema,
      response: { 200: chartSourcesSchema },
    },
    handler: async (request) => service.chartSources(db, routeContext(request)),
  });

  app.post('/api/folders/:folderId/chart-preview', {
    config: edit,
    schema: {
      tags,
      security,
      summary: "A chart definition's values before it is saved (the editor's live preview)",
      params: folderParamsSchema,
      body: z.object({ definition: chartDefinitionSchema }),
      response: { 200: chartValuesSchema },
    },
    handler: async (request) => service.previewChart(db, routeContext(request), request.body.definition),
  });

  // Snapshot e-mails (spec 2.6, issue 20.4): whoever may view a dashboard subscribes themselves.

  app.get(`${base}/:dashboardId/snapshot-subscriptions`, {
    config: view,
    schema: {
      tags,
      security,
      summary: "The caller's weekly and monthly snapshot e-mails of a dashboard",
      params: dashboardParamsSchema,
      response: { 200: snapshotSubscriptionsSchema },
    },
    handler: async (request) => snapshots.snapshotSubscriptions(db, routeContext(request), request.params.dashboardId),
  });

  app.put(`${base}/:dashboardId/snapshot-subscriptions`, {
    config: view,
    schema: {
      tags,
      security,
      summary: 'Subscribe the caller to weekly and monthly snapshot e-mails of a dashboard, or unsubscribe',
      params: dashboardParamsSchema,
      body: setSnapshotSubscriptionsSchema,
      response: { 200: snapshotSubscriptionsSchema },
    },
    handler: async (request) =>
      snapshots.setSnapshotSubscriptions(db, routeContext(request), request.params.dashboardId, request.body),
  });

  app.post(`${base}/:dashboardId/snapshot-subscriptions/send`, {
    config: view,
    schema: {
      tags,
      security,
      summary: 'Send the caller one of their snapshot e-mails of a dashboard now (202; a job draws and mails it)',
      params: dashboardParamsSchema,
      body: sendSnapshotSchema,
    },
    handler: async (request, reply) => {
      await snapshots.sendSnapshotNow(db, routeContext(request), request.params.dashboardId, request.body.frequency);
      return reply.status(202).send();
    },
  });

  const link = '/api/public/snapshot-subscriptions/:workspaceId/:subscriptionId/:token';
  // A mail program's one-click unsubscribe posts `List-Unsubscribe=One-Click` as a form (RFC 8058);
  // the link itself is the proof, so the body is read and not needed.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  app.get(link, {
    config: { access: { public: true } },
    schema: {
      tags,
      summary: "What a snapshot e-mail's unsubscribe link is about (404 when the link is wrong or already used)",
      params: snapshotUnsubscribeSchema,
      response: { 200: snapshotSubscriptionInfoSchema },
    },
    handler: async (request, reply) =>
      reply.header('cache-control', 'no-store').send(await snapshots.snapshotLinkInfo(db, request.params)),
  });

  app.post(`${link}/unsubscribe`, {
    config: { access: { public: true } },
    schema: {
      tags,
      summary: 'Stop the snapshot e-mail an unsubscribe link names (404 when the link is wrong or already used)',
      params: snapshotUnsubscribeSchema,
    },
    handler: async (request, reply) => {
      await snapshots.unsubscribeByLink(db, request.params);
      return reply.status(204).send();
    },
  });

  // The List-Unsubscribe address opened in a browser: the page that asks before it stops anything.
  app.get(`${link}/unsubscribe`, {
    config: { access: { public: true } },
    schema: {
      tags,
      summary:
        "A snapshot e-mail's List-Unsubscribe address opened in a browser: to the unsubscribe page (404 when the link is wrong or already used)",
      params: snapshotUnsubscribeSchema,
    },
    handler: async (request, reply) => {
      // A wrong or used link answers 404 here, as the page's own lookup would.
      await snapshots.snapshotLinkInfo(db, request.params);
      const { workspaceId, subscriptionId, token } = request.params;
      return reply.redirect(`/snapshots/unsubscribe/${workspaceId}/${subscriptionId}/${token}`, 303);
    },
  });
}
