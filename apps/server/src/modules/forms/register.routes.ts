import { teamParamsSchema } from '@formwork/shared/schemas/folders';
import {
  createExportBodySchema,
  exportJobSchema,
  exportParamsSchema,
  registerPageSchema,
  registerQuerySchema,
  teamTemplateParamsSchema,
  timelinePageSchema,
  timelineQuerySchema,
} from '@formwork/shared/schemas/forms';
import { routeContext } from '../../authz/route-access.ts';
import { fileStorage } from '../../files/storage.ts';
import type { App } from '../../http/types.ts';
import * as exports from './exports.service.ts';
import * as register from './register.service.ts';

const tags = ['forms'];
const security = [{ bearer: [] }];

/** Lists of forms: the team timeline, template registers, and register exports (CSV, XLSX). */
export async function registerRoutes(app: App) {
  const { db } = app.deps.database;
  const storage = fileStorage(app.deps.config);

  app.get('/api/teams/:teamId/timeline', {
    config: { access: { permission: 'form.view', denied: 'formAccessDenied' } },
    schema: {
      tags,
      security,
      summary: "The team's forms of Timeline templates (or of one template) as a dated feed, newest first",
      params: teamParamsSchema,
      querystring: timelineQuerySchema,
      response: { 200: timelinePageSchema },
    },
    handler: async (request) => register.getTimeline(db, routeContext(request), request.params.teamId, request.query),
  });

  app.get('/api/teams/:teamId/templates/:templateId/register', {
    config: { access: { permission: 'form.view', denied: 'formAccessDenied' } },
    schema: {
      tags,
      security,
      summary: 'The register of a template in a team: keyset-paged, sorted and filtered by metadata or field values',
      params: teamTemplateParamsSchema,
      querystring: registerQuerySchema,
      response: { 200: registerPageSchema },
    },
    handler: async (request) =>
      register.getRegister(db, routeContext(request), request.params.teamId, request.params.templateId, request.query),
  });

  app.post('/api/teams/:teamId/templates/:templateId/exports', {
    config: { access: { permission: 'form.view', denied: 'formAccessDenied' } },
    schema: {
      tags,
      security,
      summary: 'Export the register as CSV or XLSX in the background (poll the export until Ready to download)',
      params: teamTemplateParamsSchema,
      body: createExportBodySchema,
      response: { 202: exportJobSchema },
    },
    handler: async (request, reply) => {
      const job = await exports.createExport(
        db,
        routeContext(request),
        request.params.teamId,
        request.params.templateId,
        request.body,
      );
      return reply.status(202).send(job);
    },
  });

  app.get('/api/teams/:teamId/exports/:exportId', {
    config: { access: { permission: 'form.view', denied: 'formAccessDenied' } },
    schema: {
      tags,
      security,
      summary: "An export's state: Queued, Processing, Ready to download or Processing failed",
      params: exportParamsSchema,
      response: { 200: exportJobSchema },
    },
    handler: async (request) =>
      exports.getExport(db, routeContext(request), request.params.teamId, request.params.exportId),
  });

  app.get('/api/teams/:teamId/exports/:exportId/download', {
    config: { access: { permission: 'form.view', denied: 'formAccessDenied' } },
    schema: { tags, security, summary: 'Download a finished export (attachment)', params: exportParamsSchema },
    handler: async (request, reply) => {
      const file = await exports.downloadExport(
        db,
        storage,
        routeContext(request),
        request.params.teamId,
        request.params.exportId,
      );
      return reply
        .type(file.contentType)
        .header(
          'content-disposition',
          `attachment; filename="${file.fileName.replace(/[^\x20-\x7e]|"/g, '_')}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
        )
        .header('cache-control', 'private, no-store')
        .send(file.stream);
    },
  });
}
