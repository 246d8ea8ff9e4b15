import {
  actionPageSchema,
  actionParamsSchema,
  actionSchema,
  assignActionBodySchema,
  completeActionBodySchema,
  createActionBodySchema,
  myActionsQuerySchema,
  resetActionBodySchema,
  teamActionsQuerySchema,
  updateActionBodySchema,
} from '@formwork/shared/schemas/actions';
import { teamParamsSchema } from '@formwork/shared/schemas/folders';
import { routeContext } from '../../authz/route-access.ts';
import { requireUser } from '../../http/auth.ts';
import type { App } from '../../http/types.ts';
import * as service from './actions.service.ts';

const tags = ['actions'];
const security = [{ bearer: [] }];

/** Actions (spec 3, 4.1): raised in a team, on a form or on their own; assign, complete, reset. */
export async function actionRoutes(app: App) {
  const deps: service.ActionDeps = { db: app.deps.database.db, publicUrl: app.deps.config.publicUrl };
  const { db } = deps;

  app.post('/api/teams/:teamId/actions', {
    config: { access: { permission: 'action.create' } },
    schema: {
      tags,
      security,
      summary:
        'Raise an action in the team, on a form (formId, fieldId) or on its own; a draft, or assigned at once with assign: true (idempotent by the client-generated actionId: 201 created, 200 a retry)',
      params: teamParamsSchema,
      body: createActionBodySchema,
      response: { 200: actionSchema, 201: actionSchema },
    },
    handler: async (request, reply) => {
      const { created, action } = await service.createAction(
        deps,
        routeContext(request),
        request.params.teamId,
        request.body,
      );
      return reply.status(created ? 201 : 200).send(action);
    },
  });

  app.get('/api/teams/:teamId/actions', {
    config: { access: { permission: 'action.view' } },
    schema: {
      tags,
      security,
      summary: "The team's actions, newest change first (filter by state, form or assignee; keyset-paged)",
      params: teamParamsSchema,
      querystring: teamActionsQuerySchema,
      response: { 200: actionPageSchema },
    },
    handler: async (request) =>
      service.listTeamActions(db, routeContext(request), request.params.teamId, request.query),
  });

  app.get('/api/me/actions', {
    config: { access: { signedIn: true } },
    schema: {
      tags,
      security,
      summary: 'My actions: the actions assigned to the caller in every workspace (open ones by default)',
      querystring: myActionsQuerySchema,
      response: { 200: actionPageSchema },
    },
    handler: async (request) => service.listMyActions(db, requireUser(request), request.query),
  });

  app.get('/api/workspaces/:workspaceId/actions/:actionId', {
    config: { access: { permission: 'action.view', perItem: true } },
    schema: {
      tags,
      security,
      summary:
        "An action of the workspace by id (the action modal of ?actionId); 404 actionNotFound when the workspace has no such action or is not the caller's",
      params: actionParamsSchema,
      response: { 200: actionSchema },
    },
    handler: async (request) => service.getAction(db, routeContext(request), request.params),
  });

  app.put('/api/workspaces/:workspaceId/actions/:actionId', {
    config: { access: { permission: 'action.edit', perItem: true } },
    schema: {
      tags,
      security,
      summary: 'Change a draft or assigned action over baseVersion (409 staleVersion when someone changed it first)',
      params: actionParamsSchema,
      body: updateActionBodySchema,
      response: { 200: actionSchema },
    },
    handler: async (request) => service.updateAction(deps, routeContext(request), request.params, request.body),
  });

  app.post('/api/workspaces/:workspaceId/actions/:actionId/assign', {
    config: { access: { permission: 'action.edit', perItem: true } },
    schema: {
      tags,
      security,
      summary: 'Assign the action (to assigneeId or its chosen assignee): the assignee is e-mailed',
      params: actionParamsSchema,
      body: assignActionBodySchema,
      response: { 200: actionSchema },
    },
    handler: async (request) => service.assignAction(deps, routeContext(request), request.params, request.body),
  });

  app.post('/api/workspaces/:workspaceId/actions/:actionId/complete', {
    config: { access: { permission: 'action.complete', perItem: true } },
    schema: {
      tags,
      security,
      summary: 'Complete an assigned action (members and above, or its assignee)',
      params: actionParamsSchema,
      body: completeActionBodySchema,
      response: { 200: actionSchema },
    },
    handler: async (request) => service.completeAction(db, routeContext(request), request.params, request.body),
  });

  app.post('/api/workspaces/:workspaceId/actions/:actionId/reset', {
    config: { access: { permission: 'action.reset', perItem: true } },
    schema: {
      tags,
      security,
      summary: 'Reset an action: completed back to assigned (or draft), assigned back to draft (controllers)',
      params: actionParamsSchema,
      body: resetActionBodySchema,
      response: { 200: actionSchema },
    },
    handler: async (request) => service.resetAction(db, routeContext(request), request.params, request.body),
  });
}
