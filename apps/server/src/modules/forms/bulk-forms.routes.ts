import { bulkFormMaxBytes } from '@formwork/shared/forms/bulk-forms';
import {
  bulkFormBatchParamsSchema,
  bulkFormBatchSchema,
  bulkFormBodySchema,
  bulkFormParamsSchema,
  bulkFormPreviewSchema,
} from '@formwork/shared/schemas/bulk-forms';
import { routeContext } from '../../authz/route-access.ts';
import type { App } from '../../http/types.ts';
import { attachmentHeader } from '../form-pdf/form-pdf.service.ts';
import * as service from './bulk-forms.service.ts';

const tags = ['forms'];
const security = [{ bearer: [] }];
const access = { permission: 'form.create', denied: 'formAccessDenied' } as const;

/** Bulk form creation from a CSV (issue 21.4): whoever may create the team's forms. */
export async function bulkFormRoutes(app: App) {
  const { db } = app.deps.database;

  app.get('/api/teams/:teamId/templates/:templateId/bulk-forms/template.csv', {
    config: { access },
    schema: {
      tags,
      security,
      summary: "The template's CSV template: a header row naming each field a CSV can fill (attachment)",
      params: bulkFormParamsSchema,
    },
    handler: async (request, reply) => {
      const file = await service.csvTemplate(db, routeContext(request), request.params.templateId);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', attachmentHeader(file.fileName))
        .header('cache-control', 'private, no-store')
        .send(file.text);
    },
  });

  app.post('/api/teams/:teamId/templates/:templateId/bulk-forms', {
    config: { access },
    // The CSV (5 MB) inside a JSON string, with room for its escapes.
    bodyLimit: bulkFormMaxBytes * 2,
    schema: {
      tags,
      security,
      summary:
        'Bulk form creation from one CSV (at most 100 rows, 5 MB): every row read and checked (200, the preview); with create, the valid rows recorded as a batch that a job creates (202; a retry with the same batchId answers the same batch)',
      params: bulkFormParamsSchema,
      body: bulkFormBodySchema,
      response: { 200: bulkFormPreviewSchema, 202: bulkFormBatchSchema },
    },
    handler: async (request, reply) => {
      const ctx = routeContext(request);
      const { templateId } = request.params;
      if (!request.body.create)
        return reply.status(200).send(await service.previewBulkForms(db, ctx, templateId, request.body));
      const started = await service.startBulkForms(db, ctx, templateId, request.body);
      return reply.status(202).send(started.batch);
    },
  });

  app.get('/api/teams/:teamId/templates/:templateId/bulk-forms/:batchId', {
    config: { access },
    schema: {
      tags,
      security,
      summary: 'A bulk form creation of the template in the team: how many rows are done, created and rejected',
      params: bulkFormBatchParamsSchema,
      response: { 200: bulkFormBatchSchema },
    },
    handler: async (request) =>
      service.bulkFormBatch(db, routeContext(request), request.params.templateId, request.params.batchId),
  });

  app.get('/api/teams/:teamId/templates/:templateId/bulk-forms/:batchId/report.csv', {
    config: { access },
    schema: {
      tags,
      security,
      summary: 'The rows a bulk form creation did not create, with why, as CSV (attachment)',
      params: bulkFormBatchParamsSchema,
    },
    handler: async (request, reply) => {
      const file = await service.bulkFormReport(
        db,
        routeContext(request),
        request.params.templateId,
        request.params.batchId,
      );
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', attachmentHeader(file.fileName))
        .header('cache-control', 'private, no-store')
        .send(file.text);
    },
  });
}
