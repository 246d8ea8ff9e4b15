import {
  ssoConnectionSchema,
  ssoMappingsSchema,
  ssoSaveSchema,
  ssoTestParamsSchema,
  ssoTestResultSchema,
  ssoTestSchema,
  ssoTestStartedSchema,
} from '@formwork/shared/schemas/sso';
import { workspaceParamsSchema } from '@formwork/shared/schemas/workspaces';
import { routeContext } from '../../authz/route-access.ts';
import type { App } from '../../http/types.ts';
import * as service from './sso.service.ts';

const tags = ['sso'];
const security = [{ bearer: [] }];
const manage = { access: { permission: 'workspace.edit' } } as const;

/** Single sign-on of a workspace (spec 1; issue 23.3): admins and org controllers. */
export function ssoRoutes(deps: service.SsoDeps) {
  return async (app: App) => {
    app.get('/api/workspaces/:workspaceId/sso', {
      config: manage,
      schema: {
        tags,
        security,
        summary: "The workspace's OpenID Connect provider (never its secret) and the redirect URI to register there",
        params: workspaceParamsSchema,
        response: { 200: ssoConnectionSchema },
      },
      handler: async (request) => service.getConnection(deps, routeContext(request)),
    });

    app.post('/api/workspaces/:workspaceId/sso/tests', {
      config: manage,
      schema: {
        tags,
        security,
        summary: "Try a provider's settings: answers its sign-in address, where someone signs in before they are saved",
        params: workspaceParamsSchema,
        body: ssoTestSchema,
        response: { 201: ssoTestStartedSchema },
      },
      handler: async (request, reply) =>
        reply.status(201).send(await service.startTest(deps, routeContext(request), request.body)),
    });

    app.get('/api/workspaces/:workspaceId/sso/tests/:testId', {
      config: manage,
      schema: {
        tags,
        security,
        summary: 'A test of settings: who signed in at the provider (null until someone has)',
        params: ssoTestParamsSchema,
        response: { 200: ssoTestResultSchema },
      },
      handler: async (request) => service.testResult(deps, routeContext(request), request.params.testId),
    });

    app.put('/api/workspaces/:workspaceId/sso', {
      config: manage,
      schema: {
        tags,
        security,
        summary: 'Connect the provider of a test that signed someone in (409 before that)',
        params: workspaceParamsSchema,
        body: ssoSaveSchema,
        response: { 200: ssoConnectionSchema },
      },
      handler: async (request) => service.saveConnection(deps, routeContext(request), request.body.testId),
    });

    app.delete('/api/workspaces/:workspaceId/sso', {
      config: manage,
      schema: { tags, security, summary: 'Disconnect the provider: passwords again', params: workspaceParamsSchema },
      handler: async (request, reply) => {
        await service.disconnect(deps, routeContext(request));
        return reply.status(204).send();
      },
    });

    app.get('/api/workspaces/:workspaceId/sso/group-mappings', {
      config: manage,
      schema: {
        tags,
        security,
        summary: "The provider's groups and the folder level each gives",
        params: workspaceParamsSchema,
        response: { 200: ssoMappingsSchema },
      },
      handler: async (request) => service.getMappings(deps, routeContext(request)),
    });

    app.put('/api/workspaces/:workspaceId/sso/group-mappings', {
      config: manage,
      schema: {
        tags,
        security,
        summary: 'Replace the table of group -> folder and level (applied at each single sign-on)',
        params: workspaceParamsSchema,
        body: ssoMappingsSchema,
        response: { 200: ssoMappingsSchema },
      },
      handler: async (request) => service.putMappings(deps, routeContext(request), request.body),
    });
  };
}
