import {
  companyParamsSchema,
  folderHierarchySchema,
  folderNameBodySchema,
  folderParamsSchema,
  folderSchema,
  folderStateChangeResultSchema,
  folderStateChangeSchema,
  folderTreeQuerySchema,
  folderTreeSchema,
  projectParamsSchema,
  teamParamsSchema,
} from '@formwork/shared/schemas/folders';
import { routeContext } from '../../authz/route-access.ts';
import { type App, sendJsonText } from '../../http/types.ts';
import * as service from './folders.service.ts';

const tags = ['folders'];
const security = [{ bearer: [] }];

export async function folderRoutes(app: App) {
  const { db } = app.deps.database;

  app.get('/api/companies/:companyId/folders', {
    config: { access: { permission: 'folder.browse' } },
    schema: {
      tags,
      security,
      summary: 'The company folder tree in one state (active or archived), as the viewer may see it',
      params: companyParamsSchema,
      querystring: folderTreeQuerySchema,
      response: { 200: folderTreeSchema },
    },
    // Tens of thousands of folders: the service answers the JSON text of exactly this shape (typed
    // by the schema), kept between changes, so the reply neither re-validates nor re-serialises it.
    handler: async (request, reply) =>
      sendJsonText(reply, await service.getTree(db, routeContext(request), request.query.state)),
  });

  app.get('/api/folders/:folderId', {
    config: { access: { permission: 'folder.browse' } },
    schema: {
      tags,
      security,
      summary: 'A folder (company, project or team) with its ancestors and the viewer roles',
      params: folderParamsSchema,
      response: { 200: folderHierarchySchema },
    },
    handler: async (request) => service.getHierarchy(db, routeContext(request)),
  });

  app.post('/api/companies/:companyId/projects', {
    config: { access: { permission: 'folder.addProject' } },
    schema: {
      tags,
      security,
      summary: 'Add a project folder',
      params: companyParamsSchema,
      body: folderNameBodySchema,
      response: { 201: folderSchema },
    },
    handler: async (request, reply) => {
      const folder = await service.addProject(db, routeContext(request), request.body.name);
      return reply.status(201).send(folder);
    },
  });

  app.post('/api/projects/:projectId/teams', {
    config: { access: { permission: 'folder.addTeam' } },
    schema: {
      tags,
      security,
      summary: 'Add a team folder to a project',
      params: projectParamsSchema,
      body: folderNameBodySchema,
      response: { 201: folderSchema },
    },
    handler: async (request, reply) => {
      const folder = await service.addTeam(db, routeContext(request), request.body.name);
      return reply.status(201).send(folder);
    },
  });

  app.patch('/api/projects/:projectId', {
    config: { access: { permission: 'folder.rename' } },
    schema: {
      tags,
      security,
      summary: 'Rename a project folder',
      params: projectParamsSchema,
      body: folderNameBodySchema,
      response: { 200: folderSchema },
    },
    handler: async (request) => service.rename(db, routeContext(request), request.body.name),
  });

  app.patch('/api/teams/:teamId', {
    config: { access: { permission: 'folder.rename' } },
    schema: {
      tags,
      security,
      summary: 'Rename a team folder',
      params: teamParamsSchema,
      body: folderNameBodySchema,
      response: { 200: folderSchema },
    },
    handler: async (request) => service.rename(db, routeContext(request), request.body.name),
  });

  app.put('/api/companies/:companyId/folders-state', {
    config: { access: { permission: 'folder.changeState' } },
    schema: {
      tags,
      security,
      summary: 'Archive, restore or delete project and team folders of the company',
      params: companyParamsSchema,
      body: folderStateChangeSchema,
      response: { 200: folderStateChangeResultSchema },
    },
    handler: async (request) => service.changeState(db, routeContext(request), request.body),
  });

  app.put('/api/projects/:projectId/folders-state', {
    config: { access: { permission: 'folder.changeState' } },
    schema: {
      tags,
      security,
      summary: 'Archive, restore or delete team folders of the project',
      params: projectParamsSchema,
      body: folderStateChangeSchema,
      response: { 200: folderStateChangeResultSchema },
    },
    handler: async (request) => service.changeState(db, routeContext(request), request.body),
  });
}
