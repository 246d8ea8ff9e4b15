import { teamParamsSchema } from '@formwork/shared/schemas/folders';
import {
  linkCreateSchema,
  linkParamsSchema,
  linkQuerySchema,
  linkSchema,
  linksSchema,
} from '@formwork/shared/schemas/links';
import { z } from 'zod';
import { routeContext } from '../../authz/route-access.ts';
import type { App } from '../../http/types.ts';
import * as service from './links.service.ts';

const tags = ['links'];
const security = [{ bearer: [] }];

/**
 * Submission links of a team (issue 21) at `/api/teams/:teamId/links`: its controllers list, make,
 * archive, restore and delete them; one link is found through its team.
 */
export async function linkRoutes(app: App) {
  const { db } = app.deps.database;
  const access = { access: { permission: 'link.manage' as const } };

  app.get('/api/teams/:teamId/links', {
    config: access,
    schema: {
      tags,
      security,
      summary: "A team's active or archived submission links, newest first",
      params: teamParamsSchema,
      querystring: linkQuerySchema,
      response: { 200: linksSchema },
    },
    handler: async (request) => service.listLinks(db, routeContext(request), request.query.state),
  });

  app.post('/api/teams/:teamId/links', {
    config: access,
    schema: {
      tags,
      security,
      summary: 'Make a single or ongoing submission link offering up to 20 of the team’s templates',
      params: teamParamsSchema,
      body: linkCreateSchema,
      response: { 201: linkSchema },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await service.createLink(db, routeContext(request), request.body)),
  });

  app.get('/api/teams/:teamId/links/:linkId', {
    config: access,
    schema: { tags, security, summary: 'One submission link', params: linkParamsSchema, response: { 200: linkSchema } },
    handler: async (request) => service.getLink(db, routeContext(request), request.params.linkId),
  });

  for (const [verb, state] of [
    ['archive', 'archived'],
    ['restore', 'active'],
  ] as const) {
    app.post(`/api/teams/:teamId/links/:linkId/${verb}`, {
      config: access,
      schema: {
        tags,
        security,
        summary: verb === 'archive' ? 'Archive a link (it takes no more submissions)' : 'Restore an archived link',
        params: linkParamsSchema,
        response: { 200: linkSchema },
      },
      handler: async (request) => service.setLinkState(db, routeContext(request), request.params.linkId, state),
    });
  }

  app.delete('/api/teams/:teamId/links/:linkId', {
    config: access,
    schema: {
      tags,
      security,
      summary: 'Delete a link for good (its address stops working; the forms it made stay)',
      params: linkParamsSchema,
      response: { 200: z.object({ id: z.string().uuid() }) },
    },
    handler: async (request) => service.deleteLink(db, routeContext(request), request.params.linkId),
  });
}
