import {
  accessibleWorkspaceSchema,
  accessibleWorkspacesSchema,
  createWorkspaceSchema,
  updateFeatureTogglesSchema,
  updateWorkspaceSchema,
  visitorTrialSchema,
  workspaceParamsSchema,
  workspaceSchema,
  workspaceSearchQuerySchema,
  workspaceSearchResultSchema,
} from '@formwork/shared/schemas/workspaces';
import { routeContext } from '../../authz/route-access.ts';
import { personal } from '../../authz/scopes.ts';
import { fileStorage } from '../../files/storage.ts';
import { requireUser } from '../../http/auth.ts';
import type { App } from '../../http/types.ts';
import { readFile } from '../files/files.service.ts';
import * as service from './workspaces.service.ts';

const tags = ['workspaces'];
const security = [{ bearer: [] }];

export async function workspaceRoutes(app: App) {
  const { config, database } = app.deps;
  const { db } = database;
  const storage = fileStorage(config);

  app.get('/api/workspaces/accessible', {
    config: { access: { signedIn: true } },
    schema: {
      tags,
      security,
      summary: 'The workspaces the signed-in user may open, each with its region',
      response: { 200: accessibleWorkspacesSchema },
    },
    handler: async (request) => ({ workspaces: await service.accessibleWorkspaces(db, requireUser(request)) }),
  });

  app.get('/api/workspaces/visitor-trial', {
    config: { access: { signedIn: true } },
    schema: {
      tags,
      security,
      summary:
        "A visitor adding a workspace: their own ended trial (the expired modal), else whether their e-mail's business domain is in use",
      response: { 200: visitorTrialSchema },
    },
    handler: async (request) => service.visitorTrial(db, requireUser(request)),
  });

  app.get('/api/workspaces/search', {
    config: { access: { permission: 'workspace.search', scope: personal } },
    schema: {
      tags,
      security,
      summary: 'Super users: search every workspace by name (at most 20)',
      querystring: workspaceSearchQuerySchema,
      response: { 200: workspaceSearchResultSchema },
    },
    handler: async (request) => ({
      workspaces: await service.searchWorkspaces(db, requireUser(request), request.query.q),
    }),
  });

  app.post('/api/workspaces', {
    config: { access: { permission: 'workspace.create', scope: personal, perItem: true } },
    schema: {
      tags,
      security,
      summary: 'Create a workspace (company) with the caller as its org controller',
      body: createWorkspaceSchema,
      response: { 201: accessibleWorkspaceSchema },
    },
    handler: async (request, reply) => {
      const workspace = await service.createWorkspace(db, requireUser(request), request.body, config.region);
      return reply.status(201).send(workspace);
    },
  });

  app.patch('/api/workspaces/:workspaceId', {
    config: { access: { permission: 'workspace.edit' } },
    schema: {
      tags,
      security,
      summary:
        "Change the workspace's settings (admins and org controllers): name, time zone, locale, logo, brand colour, PDF logo, documents and formatting; only what is sent changes",
      params: workspaceParamsSchema,
      body: updateWorkspaceSchema,
      response: { 200: workspaceSchema },
    },
    handler: async (request) => service.updateWorkspace(db, routeContext(request), request.body),
  });

  for (const which of ['logo', 'pdf-logo'] as const) {
    app.get(`/api/workspaces/:workspaceId/${which}`, {
      config: { access: { permission: 'folder.browse' } },
      schema: {
        tags,
        security,
        summary:
          which === 'logo'
            ? "The workspace's logo (anyone who belongs to it)"
            : "The workspace's PDF logo (anyone who belongs to it)",
        params: workspaceParamsSchema,
      },
      handler: async (request, reply) => {
        const ctx = routeContext(request);
        const fileId = await service.logoFileId(db, ctx, which);
        const { file, stream } = await readFile(db, storage, ctx, fileId);
        return reply.type(file.contentType).header('cache-control', 'private, max-age=3600').send(stream);
      },
    });
  }

  app.put('/api/workspaces/:workspaceId/feature-toggles', {
    config: { access: { signedIn: true } },
    schema: {
      tags,
      security,
      summary: "Turn the workspace's feature toggles on or off (super users only)",
      params: workspaceParamsSchema,
      body: updateFeatureTogglesSchema,
      response: { 200: workspaceSchema },
    },
    handler: async (request) =>
      service.setFeatureToggles(db, requireUser(request), request.params.workspaceId, request.body),
  });
}
