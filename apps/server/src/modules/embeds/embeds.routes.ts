import { embedOriginsSchema, embedOriginsUpdateSchema, embedPath } from '@formwork/shared/schemas/embeds';
import { teamParamsSchema } from '@formwork/shared/schemas/folders';
import { workspaceParamsSchema } from '@formwork/shared/schemas/workspaces';
import type { FastifyReply } from 'fastify';
import { routeContext } from '../../authz/route-access.ts';
import type { SecurityHeaders } from '../../http/security-headers.ts';
import type { App } from '../../http/types.ts';
import * as service from './embeds.service.ts';

const tags = ['embeds'];
const security = [{ bearer: [] }];

/** Settings > Security, allowed embed origins (issue 22.3; spec 2.6): admins and org controllers. */
export async function embedOriginRoutes(app: App) {
  const { db } = app.deps.database;
  const manage = { access: { permission: 'workspace.edit' } } as const;

  app.get('/api/workspaces/:workspaceId/embed-origins', {
    config: manage,
    schema: {
      tags,
      security,
      summary: 'The sites (origins) that may frame the workspace’s embedded submission links',
      params: workspaceParamsSchema,
      response: { 200: embedOriginsSchema },
    },
    handler: async (request) => service.embedOrigins(db, routeContext(request)),
  });

  app.put('/api/workspaces/:workspaceId/embed-origins', {
    config: manage,
    schema: {
      tags,
      security,
      summary:
        'Set the allowed embed origins (https://host[:port]; http:// only for localhost; at most 20); audited as a settings change',
      params: workspaceParamsSchema,
      body: embedOriginsUpdateSchema,
      response: { 200: embedOriginsSchema },
    },
    handler: async (request) => service.setEmbedOrigins(db, routeContext(request), request.body),
  });

  // The embed dialog of a team's links tells its controllers where the embed will show.
  app.get('/api/teams/:teamId/embed-origins', {
    config: { access: { permission: 'link.manage' } },
    schema: {
      tags,
      security,
      summary: 'The workspace’s allowed embed origins, for the team’s link controllers (read only)',
      params: teamParamsSchema,
      response: { 200: embedOriginsSchema },
    },
    handler: async (request) => service.embedOrigins(db, routeContext(request)),
  });
}

/**
 * `/embed/s/{token}`: the web app's page of a submission link, framable by exactly the origins its
 * workspace lists (Content-Security-Policy frame-ancestors, no X-Frame-Options). Any other page,
 * and this one for an unknown link or a workspace listing none, keeps refusing to be framed.
 */
export function embedPageRoutes(deps: {
  sendIndex: (reply: FastifyReply) => Promise<FastifyReply>;
  headers: SecurityHeaders;
}) {
  return async (app: App) => {
    const { db } = app.deps.database;
    app.get(embedPath(':token'), {
      config: { access: { public: true } },
      schema: { hide: true },
      handler: async (request, reply) => {
        const { token } = request.params as { token: string };
        // Tokens are 43 URL-safe characters; anything else names no link.
        const origins = /^[\w-]{16,100}$/.test(token) ? await service.framingOriginsOfLink(db, token) : [];
        deps.headers.allowFraming(reply, origins);
        return deps.sendIndex(reply);
      },
    });
  };
}
