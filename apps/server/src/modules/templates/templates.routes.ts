import { companyParamsSchema, teamParamsSchema } from '@formwork/shared/schemas/folders';
import {
  bulkDeploymentResultSchema,
  bulkDeploymentSchema,
  deploymentSchema,
  deploymentSetSchema,
  templateCloneSchema,
  templateCreateSchema,
  templateGetQuerySchema,
  templateListQuerySchema,
  templateListSchema,
  templateParamsSchema,
  templateSaveSchema,
  templateSchema,
  templateStateChangeResultSchema,
  templateStateChangeSchema,
  templateVersionListSchema,
  templateVersionParamsSchema,
  templateVersionSchema,
} from '@formwork/shared/schemas/templates';
import { routeContext } from '../../authz/route-access.ts';
import { templateFolderInBody, templateHome, templateHomeOrDeployment } from '../../authz/scopes.ts';
import type { App } from '../../http/types.ts';
import * as deployments from './deployments.service.ts';
import * as state from './template-state.service.ts';
import * as service from './templates.service.ts';

const tags = ['templates'];
const security = [{ bearer: [] }];

export async function templateRoutes(app: App) {
  const { db } = app.deps.database;

  app.get('/api/companies/:companyId/templates', {
    config: { access: { permission: 'folder.view' } },
    schema: {
      tags,
      security,
      summary: 'The Template Library: organisation templates in one state, with the workspace tabs',
      params: companyParamsSchema,
      querystring: templateListQuerySchema,
      response: { 200: templateListSchema },
    },
    handler: async (request) =>
      service.listTemplates(
        db,
        routeContext(request),
        { kind: 'company', folderId: request.params.companyId },
        request.query.state,
      ),
  });

  app.get('/api/teams/:teamId/templates', {
    config: { access: { permission: 'folder.view' } },
    schema: {
      tags,
      security,
      summary: "A team's templates in one state: its own and the library templates deployed to it",
      params: teamParamsSchema,
      querystring: templateListQuerySchema,
      response: { 200: templateListSchema },
    },
    handler: async (request) =>
      service.listTemplates(
        db,
        routeContext(request),
        { kind: 'team', folderId: request.params.teamId },
        request.query.state,
      ),
  });

  app.post('/api/companies/:companyId/templates', {
    config: { access: { permission: 'template.edit' } },
    schema: {
      tags,
      security,
      summary: 'Create a template in the Template Library (version 1)',
      params: companyParamsSchema,
      body: templateCreateSchema,
      response: { 201: templateSchema },
    },
    handler: async (request, reply) => {
      const template = await service.createTemplate(
        db,
        routeContext(request),
        { kind: 'company', folderId: request.params.companyId },
        request.body,
      );
      return reply.status(201).send(template);
    },
  });

  app.post('/api/teams/:teamId/templates', {
    config: { access: { permission: 'template.edit' } },
    schema: {
      tags,
      security,
      summary: 'Create a team template (version 1)',
      params: teamParamsSchema,
      body: templateCreateSchema,
      response: { 201: templateSchema },
    },
    handler: async (request, reply) => {
      const template = await service.createTemplate(
        db,
        routeContext(request),
        { kind: 'team', folderId: request.params.teamId },
        request.body,
      );
      return reply.status(201).send(template);
    },
  });

  app.get('/api/templates/:templateId', {
    config: { access: { permission: 'folder.view', scope: templateHomeOrDeployment } },
    schema: {
      tags,
      security,
      summary: 'A template with its current definition (lightweight=true: without it)',
      params: templateParamsSchema,
      querystring: templateGetQuerySchema,
      response: { 200: templateSchema },
    },
    handler: async (request) =>
      service.getTemplate(db, routeContext(request), request.params.templateId, request.query.lightweight === 'true'),
  });

  app.put('/api/templates/:templateId', {
    config: { access: { permission: 'template.edit', scope: templateHome } },
    schema: {
      tags,
      security,
      summary: 'Save a template as a new immutable version (409 staleVersion when expectedVersion is not current)',
      params: templateParamsSchema,
      body: templateSaveSchema,
      response: { 200: templateSchema },
    },
    handler: async (request) =>
      service.saveTemplate(db, routeContext(request), request.params.templateId, request.body),
  });

  app.post('/api/templates/:templateId/clone', {
    config: { access: { permission: 'template.edit', scope: templateHome } },
    schema: {
      tags,
      security,
      summary: 'Clone a template into its folder, optionally as another type',
      params: templateParamsSchema,
      body: templateCloneSchema,
      response: { 201: templateSchema },
    },
    handler: async (request, reply) => {
      const template = await service.cloneTemplate(db, routeContext(request), request.params.templateId, request.body);
      return reply.status(201).send(template);
    },
  });

  app.get('/api/templates/:templateId/versions', {
    config: { access: { permission: 'folder.view', scope: templateHomeOrDeployment } },
    schema: {
      tags,
      security,
      summary: "A template's saved versions, newest first",
      params: templateParamsSchema,
      response: { 200: templateVersionListSchema },
    },
    handler: async (request) => service.listVersions(db, routeContext(request), request.params.templateId),
  });

  app.get('/api/templates/:templateId/versions/:version', {
    config: { access: { permission: 'folder.view', scope: templateHomeOrDeployment } },
    schema: {
      tags,
      security,
      summary: 'One saved version with its definition',
      params: templateVersionParamsSchema,
      response: { 200: templateVersionSchema },
    },
    handler: async (request) =>
      service.getVersion(db, routeContext(request), request.params.templateId, request.params.version),
  });

  for (const [action, permission, summary] of [
    ['archive', 'template.archive', 'Archive templates of a folder (deployed copies are archived with them)'],
    ['restore', 'template.archive', 'Restore archived templates of a folder'],
    ['delete', 'template.delete', 'Delete templates of a folder with their versions and deployed copies'],
  ] as const) {
    app.post(`/api/templates/${action}`, {
      config: { access: { permission, scope: templateFolderInBody } },
      schema: {
        tags,
        security,
        summary,
        body: templateStateChangeSchema,
        response: { 200: templateStateChangeResultSchema },
      },
      handler: async (request) => state.changeTemplateState(db, routeContext(request), action, request.body),
    });
  }

  app.get('/api/templates/:templateId/deployment', {
    config: { access: { permission: 'folder.view', scope: templateHomeOrDeployment } },
    schema: {
      tags,
      security,
      summary: 'The team folders a library template is deployed to',
      params: templateParamsSchema,
      response: { 200: deploymentSchema },
    },
    handler: async (request) => deployments.getDeployment(db, routeContext(request), request.params.templateId),
  });

  app.put('/api/templates/:templateId/deployment', {
    config: { access: { permission: 'template.deploy', scope: templateHome } },
    schema: {
      tags,
      security,
      summary: 'Manage Deployment: deploy a library template to exactly these team folders',
      params: templateParamsSchema,
      body: deploymentSetSchema,
      response: { 200: deploymentSchema },
    },
    handler: async (request) =>
      deployments.setDeployment(db, routeContext(request), request.params.templateId, request.body.teamIds),
  });

  for (const action of ['deploy', 'undeploy'] as const) {
    app.post(`/api/companies/:companyId/templates/${action}`, {
      config: { access: { permission: 'template.deploy' } },
      schema: {
        tags,
        security,
        summary:
          action === 'deploy' ? 'Bulk Deploy library templates to teams' : 'Bulk Undeploy library templates from teams',
        params: companyParamsSchema,
        body: bulkDeploymentSchema,
        response: { 200: bulkDeploymentResultSchema },
      },
      handler: async (request) =>
        deployments.bulkDeployment(
          db,
          routeContext(request),
          request.params.companyId,
          request.body,
          action === 'deploy',
        ),
    });
  }
}
