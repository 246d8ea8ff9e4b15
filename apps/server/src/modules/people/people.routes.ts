import { folderParamsSchema, teamParamsSchema } from '@formwork/shared/schemas/folders';
import {
  changeLevelBodySchema,
  companyPersonParamsSchema,
  folderPeoplePageSchema,
  folderPeopleQuerySchema,
  personParamsSchema,
  teamPeopleSchema,
} from '@formwork/shared/schemas/people';
import { z } from 'zod';
import { routeContext } from '../../authz/route-access.ts';
import type { App } from '../../http/types.ts';
import { activationRoutes } from './activation.routes.ts';
import { invitationRoutes } from './invitations.routes.ts';
import * as service from './people.service.ts';

export async function peopleRoutes(app: App) {
  const { db } = app.deps.database;
  await app.register(invitationRoutes);
  await app.register(activationRoutes);

  app.get('/api/teams/:teamId/people', {
    config: { access: { permission: 'folder.view', notFound: 'folderNotFound' } },
    schema: {
      tags: ['people'],
      security: [{ bearer: [] }],
      summary: 'The people who can see a team folder (for person fields and action assignees)',
      params: teamParamsSchema,
      response: { 200: teamPeopleSchema },
    },
    handler: async (request) => ({ people: await service.teamPeople(db, routeContext(request)) }),
  });

  app.get('/api/folders/:folderId/people', {
    config: { access: { permission: 'people.view' } },
    schema: {
      tags: ['people'],
      security: [{ bearer: [] }],
      summary:
        'The Users page: people with access at the folder and below, their level there, searched, filtered, sorted and keyset-paged',
      params: folderParamsSchema,
      querystring: folderPeopleQuerySchema,
      response: { 200: folderPeoplePageSchema },
    },
    handler: async (request) => service.folderPeople(db, routeContext(request), request.query),
  });

  app.put('/api/folders/:folderId/people/:userId/level', {
    config: { access: { permission: 'people.invite' } },
    schema: {
      tags: ['people'],
      security: [{ bearer: [] }],
      summary: 'Change the level a person holds at the folder (Member or Controller there)',
      params: personParamsSchema,
      body: changeLevelBodySchema,
      response: { 204: z.null() },
    },
    handler: async (request, reply) => {
      await service.changeLevel(db, routeContext(request), request.params.userId, request.body.role);
      return reply.status(204).send(null);
    },
  });

  app.delete('/api/folders/:folderId/people/:userId', {
    config: { access: { permission: 'people.invite' } },
    schema: {
      tags: ['people'],
      security: [{ bearer: [] }],
      summary: 'Remove the access a person was given at the folder',
      params: personParamsSchema,
      response: { 204: z.null() },
    },
    handler: async (request, reply) => {
      await service.removeAccess(db, routeContext(request), request.params.userId);
      return reply.status(204).send(null);
    },
  });

  for (const [verb, deactivated] of [
    ['deactivate', true],
    ['reactivate', false],
  ] as const) {
    app.post(`/api/companies/:companyId/people/:userId/${verb}`, {
      config: { access: { permission: 'people.deactivate' } },
      schema: {
        tags: ['people'],
        security: [{ bearer: [] }],
        summary: deactivated
          ? 'Deactivate a person: they no longer open the workspace (org controllers)'
          : 'Reactivate a deactivated person (org controllers)',
        params: companyPersonParamsSchema,
        response: { 204: z.null() },
      },
      handler: async (request, reply) => {
        await service.setDeactivated(db, routeContext(request), request.params.userId, deactivated);
        return reply.status(204).send(null);
      },
    });
  }
}
