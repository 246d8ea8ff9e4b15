import { teamParamsSchema } from '@formwork/shared/schemas/folders';
import { formParamsSchema } from '@formwork/shared/schemas/forms';
import {
  createPdfExportBodySchema,
  formPdfQuerySchema,
  pdfExportJobSchema,
  pdfExportParamsSchema,
} from '@formwork/shared/schemas/pdf-exports';
import { routeContext } from '../../authz/route-access.ts';
import { fileStorage } from '../../files/storage.ts';
import type { App } from '../../http/types.ts';
import { attachmentHeader, formPdf } from './form-pdf.service.ts';
import * as zips from './pdf-zip.service.ts';

const tags = ['forms'];
const security = [{ bearer: [] }];

/** PDF export: one form's PDF streamed, or selected forms as a ZIP built in the background. */
export async function formPdfRoutes(app: App) {
  const { db } = app.deps.database;
  const storage = fileStorage(app.deps.config);

  app.get('/api/teams/:teamId/forms/:formId/pdf', {
    config: { access: { permission: 'form.view', denied: 'formAccessDenied' } },
    schema: {
      tags,
      security,
      summary:
        "A form as PDF (attachment named by the template's PDF filename settings); timeZone is the exporter's IANA zone",
      params: formParamsSchema,
      querystring: formPdfQuerySchema,
    },
    handler: async (request, reply) => {
      const { stream, fileName } = await formPdf(
        db,
        storage,
        routeContext(request),
        request.params.teamId,
        request.params.formId,
        request.query,
      );
      return reply
        .type('application/pdf')
        .header('content-disposition', attachmentHeader(fileName))
        .header('cache-control', 'private, no-store')
        .send(stream);
    },
  });

  app.post('/api/teams/:teamId/forms/pdf-exports', {
    config: { access: { permission: 'form.view', denied: 'formAccessDenied' } },
    schema: {
      tags,
      security,
      summary: 'Export selected forms of the team as a ZIP of PDFs in the background (poll until Ready to download)',
      params: teamParamsSchema,
      body: createPdfExportBodySchema,
      response: { 202: pdfExportJobSchema },
    },
    handler: async (request, reply) => {
      const job = await zips.createPdfExport(db, routeContext(request), request.params.teamId, request.body);
      return reply.status(202).send(job);
    },
  });

  app.get('/api/teams/:teamId/pdf-exports/:exportId', {
    config: { access: { permission: 'form.view', denied: 'formAccessDenied' } },
    schema: {
      tags,
      security,
      summary: "A PDF export's state: Queued, Processing, Ready to download or Processing failed",
      params: pdfExportParamsSchema,
      response: { 200: pdfExportJobSchema },
    },
    handler: async (request) =>
      zips.getPdfExport(db, routeContext(request), request.params.teamId, request.params.exportId),
  });

  app.get('/api/teams/:teamId/pdf-exports/:exportId/download', {
    config: { access: { permission: 'form.view', denied: 'formAccessDenied' } },
    schema: {
      tags,
      security,
      summary: 'Download a finished PDF export (ZIP attachment)',
      params: pdfExportParamsSchema,
    },
    handler: async (request, reply) => {
      const file = await zips.downloadPdfExport(
        db,
        storage,
        routeContext(request),
        request.params.teamId,
        request.params.exportId,
      );
      return reply
        .type('application/zip')
        .header('content-disposition', attachmentHeader(file.fileName))
        .header('cache-control', 'private, no-store')
        .send(file.stream);
    },
  });
}
