import type { IncomingMessage } from 'node:http';
import { companyParamsSchema, teamParamsSchema } from '@formwork/shared/schemas/folders';
import {
  companyImportParamsSchema,
  teamImportParamsSchema,
  templateImportListSchema,
  templateImportSchema,
  templateImportSummarySchema,
  templateImportUploadQuerySchema,
} from '@formwork/shared/schemas/template-imports';
import { routeContext } from '../../authz/route-access.ts';
import { fileStorage } from '../../files/storage.ts';
import type { App } from '../../http/types.ts';
import * as service from './template-imports.service.ts';

const tags = ['templates'];

async function* noBytes(): AsyncIterable<Buffer> {}
const security = [{ bearer: [] }];
/** Importing makes templates in the folder: whoever may edit its templates (spec 2.5, 6). */
const access = { permission: 'template.edit' } as const;

const levels = [
  {
    word: 'companies',
    name: 'the Template Library',
    params: companyParamsSchema,
    itemParams: companyImportParamsSchema,
  },
  { word: 'teams', name: "a team's Templates", params: teamParamsSchema, itemParams: teamImportParamsSchema },
] as const;

export async function templateImportRoutes(app: App) {
  const { db } = app.deps.database;
  const storage = fileStorage(app.deps.config);

  // The body of an upload is the file's bytes, whatever its content type: handed over as the
  // request stream, so the service copies it to storage chunk by chunk (up to 100MB each).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

  for (const level of levels) {
    const base = `/api/${level.word}/:${level.word === 'companies' ? 'companyId' : 'teamId'}/template-imports`;

    app.post(base, {
      config: { access },
      schema: {
        tags,
        security,
        summary: `Import one document (raw bytes: fillable PDF, DOCX, XLSX or CSV, at most 100MB) as a draft template of ${level.name}; converted by a job (202)`,
        params: level.params,
        querystring: templateImportUploadQuerySchema,
        response: { 202: templateImportSummarySchema },
      },
      handler: async (request, reply) => {
        const declared = Number(request.headers['content-length']);
        const started = await service.startImport(db, storage, routeContext(request), {
          fileName: request.query.fileName,
          declaredBytes: Number.isFinite(declared) ? declared : null,
          body: (request.body as IncomingMessage | undefined) ?? noBytes(),
        });
        return reply.status(202).send(started);
      },
    });

    app.get(base, {
      config: { access },
      schema: {
        tags,
        security,
        summary: `The documents being imported into ${level.name}: each with its state and progress, or why it failed`,
        params: level.params,
        response: { 200: templateImportListSchema },
      },
      handler: async (request) => service.listImports(db, routeContext(request)),
    });

    app.get(`${base}/:importId`, {
      config: { access },
      schema: {
        tags,
        security,
        summary:
          'One import: its draft template (to review and save with the ordinary create) and the text read from the document',
        params: level.itemParams,
        response: { 200: templateImportSchema },
      },
      handler: async (request) => service.getImport(db, routeContext(request), request.params.importId),
    });

    app.delete(`${base}/:importId`, {
      config: { access },
      schema: {
        tags,
        security,
        summary: 'Dismiss an import (its draft saved, or not wanted)',
        params: level.itemParams,
      },
      handler: async (request, reply) => {
        await service.dismissImport(db, storage, routeContext(request), request.params.importId);
        return reply.status(204).send();
      },
    });
  }
}
