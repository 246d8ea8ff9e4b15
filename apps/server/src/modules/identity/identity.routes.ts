import {
  authConfigSchema,
  currentUserSchema,
  updateCurrentUserSchema,
  usageEventSchema,
  usageEventsExportQuerySchema,
} from '@formwork/shared/schemas/identity';
import { z } from 'zod';
import { requireUser } from '../../http/auth.ts';
import type { App } from '../../http/types.ts';
import * as service from './identity.service.ts';

export async function identityRoutes(app: App) {
  const { config, database } = app.deps;

  app.get('/api/auth/config', {
    config: { access: { public: true } },
    schema: { tags: ['identity'], summary: 'How the web app signs in', response: { 200: authConfigSchema } },
    handler: async () => ({
      issuer: config.oidc.issuer,
      clientId: config.oidc.clientId,
      scope: 'openid profile email offline_access',
      embedded: config.oidc.embedded,
      region: config.region,
      regionUrls: config.regionUrls,
      publicUrl: config.publicUrl,
    }),
  });

  app.get('/api/me', {
    config: { access: { signedIn: true } },
    schema: {
      tags: ['identity'],
      summary: 'The signed-in user',
      security: [{ bearer: [] }],
      response: { 200: currentUserSchema },
    },
    handler: async (request) => service.getCurrentUser(database.db, requireUser(request)),
  });

  app.patch('/api/me', {
    config: { access: { signedIn: true } },
    schema: {
      tags: ['identity'],
      summary: 'Update the signed-in user',
      security: [{ bearer: [] }],
      body: updateCurrentUserSchema,
      response: { 200: currentUserSchema },
    },
    handler: async (request) => service.updateCurrentUser(database.db, requireUser(request), request.body),
  });

  app.post('/api/me/events', {
    config: { access: { signedIn: true } },
    schema: {
      tags: ['identity'],
      summary: 'Record a usage event of the signed-in user (e.g. the e-mail login link was clicked)',
      security: [{ bearer: [] }],
      body: usageEventSchema,
      response: { 204: z.null() },
    },
    handler: async (request, reply) => {
      await service.saveUsageEvent(database.db, requireUser(request), request.body);
      return reply.status(204).send(null);
    },
  });

  app.get('/api/admin/usage-events.csv', {
    // Platform admins only: the service refuses everyone else (403).
    config: { access: { signedIn: true } },
    schema: {
      tags: ['identity'],
      summary: 'Download the product events of a period as CSV (platform admins; issue 25.3)',
      security: [{ bearer: [] }],
      querystring: usageEventsExportQuerySchema,
    },
    handler: async (request, reply) => {
      const file = await service.usageEventsCsv(database.db, requireUser(request), request.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(file.csv);
    },
  });
}
