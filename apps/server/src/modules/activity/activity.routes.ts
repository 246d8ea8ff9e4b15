import { activityPageSchema, activityQuerySchema } from '@formwork/shared/schemas/activity';
import { companyParamsSchema, projectParamsSchema, teamParamsSchema } from '@formwork/shared/schemas/folders';
import { routeContext } from '../../authz/route-access.ts';
import type { App } from '../../http/types.ts';
import * as service from './activity.service.ts';

const tags = ['activity'];
const security = [{ bearer: [] }];

export async function activityRoutes(app: App) {
  const { db } = app.deps.database;

  app.get('/api/companies/:companyId/activity', {
    config: { access: { permission: 'folder.view' } },
    schema: {
      tags,
      security,
      summary: 'Activity of the company and everything in it, newest first',
      params: companyParamsSchema,
      querystring: activityQuerySchema,
      response: { 200: activityPageSchema },
    },
    handler: async (request) => service.folderActivity(db, routeContext(request), request.query),
  });

  app.get('/api/projects/:projectId/activity', {
    config: { access: { permission: 'folder.view', notFound: 'folderNotFound' } },
    schema: {
      tags,
      security,
      summary: 'Activity of a project folder and its teams, newest first',
      params: projectParamsSchema,
      querystring: activityQuerySchema,
      response: { 200: activityPageSchema },
    },
    handler: async (request) => service.folderActivity(db, routeContext(request), request.query),
  });

  app.get('/api/teams/:teamId/activity', {
    config: { access: { permission: 'folder.view', notFound: 'folderNotFound' } },
    schema: {
      tags,
      security,
      summary: 'Activity of a team folder, newest first',
      params: teamParamsSchema,
      querystring: activityQuerySchema,
      response: { 200: activityPageSchema },
    },
    handler: async (request) => service.folderActivity(db, routeContext(request), request.query),
  });
}
