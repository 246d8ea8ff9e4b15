import { companyParamsSchema, teamParamsSchema } from '@formwork/shared/schemas/folders';
import {
  libraryCatalogueSchema,
  libraryCopySchema,
  libraryTemplateParamsSchema,
  libraryTemplateSchema,
} from '@formwork/shared/schemas/library';
import { templateSchema } from '@formwork/shared/schemas/templates';
import { routeContext } from '../../authz/route-access.ts';
import type { App } from '../../http/types.ts';
import * as service from './library.service.ts';

const tags = ['library'];
const security = [{ bearer: [] }];

/** The free template library (spec 2.1 `library-apps`, 2.5 "Browse free templates"; issue 22.2). */
export async function libraryRoutes(app: App) {
  const { db } = app.deps.database;

  app.get('/api/library-templates', {
    config: { access: { signedIn: true } },
    schema: {
      tags,
      security,
      summary: 'The free template library: every ready template with its category, without definitions',
      response: { 200: libraryCatalogueSchema },
    },
    handler: async () => service.listCatalogue(),
  });

  app.get('/api/library-templates/:libraryTemplateId', {
    config: { access: { signedIn: true } },
    schema: {
      tags,
      security,
      summary: 'One free template with its definition, for the preview',
      params: libraryTemplateParamsSchema,
      response: { 200: libraryTemplateSchema },
    },
    handler: async (request) => service.getLibraryTemplate(request.params.libraryTemplateId),
  });

  app.post('/api/companies/:companyId/library-templates/:libraryTemplateId/copy', {
    config: { access: { permission: 'template.edit' } },
    schema: {
      tags,
      security,
      summary: 'Copy a free template into the Template Library as a new template (version 1)',
      params: companyParamsSchema.extend(libraryTemplateParamsSchema.shape),
      body: libraryCopySchema,
      response: { 201: templateSchema },
    },
    handler: async (request, reply) => {
      const { companyId, libraryTemplateId } = request.params;
      const template = await service.copyLibraryTemplate(
        db,
        routeContext(request),
        { kind: 'company', folderId: companyId },
        libraryTemplateId,
        request.body,
      );
      return reply.status(201).send(template);
    },
  });

  app.post('/api/teams/:teamId/library-templates/:libraryTemplateId/copy', {
    config: { access: { permission: 'template.edit' } },
    schema: {
      tags,
      security,
      summary: "Copy a free template into a team's Templates as a new team template (version 1)",
      params: teamParamsSchema.extend(libraryTemplateParamsSchema.shape),
      body: libraryCopySchema,
      response: { 201: templateSchema },
    },
    handler: async (request, reply) => {
      const { teamId, libraryTemplateId } = request.params;
      const template = await service.copyLibraryTemplate(
        db,
        routeContext(request),
        { kind: 'team', folderId: teamId },
        libraryTemplateId,
        request.body,
      );
      return reply.status(201).send(template);
    },
  });
}
