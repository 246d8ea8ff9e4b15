import {
  apiTokenCreatedSchema,
  apiTokenCreateSchema,
  apiTokenIdParamsSchema,
  apiTokenListSchema,
} from '@formwork/shared/schemas/api-tokens';
import { z } from 'zod';
import { requireUser } from '../../http/auth.ts';
import type { App } from '../../http/types.ts';
import * as service from './api-tokens.service.ts';

const tags = ['integrations'];
const security = [{ bearer: [] }];
/** Tokens are managed when signed in only: a token cannot make or revoke tokens. */
const signedInOnly = { access: { signedIn: true as const, sessionOnly: true as const } };

/** Issue 24.2: the signed-in person's API tokens, under /api/me. */
export async function apiTokenRoutes(app: App) {
  const { db } = app.deps.database;

  app.get('/api/me/api-tokens', {
    config: signedInOnly,
    schema: {
      tags,
      security,
      summary: "The signed-in person's API tokens that are not revoked (expired ones too), newest first",
      response: { 200: apiTokenListSchema },
    },
    handler: async (request) => ({ tokens: await service.listApiTokens(db, requireUser(request)) }),
  });

  app.post('/api/me/api-tokens', {
    config: signedInOnly,
    schema: {
      tags,
      security,
      summary:
        'Make a personal API token with a name, an expiry in days (at most 365) and read or read-write access; the answer holds its secret, shown this once',
      body: apiTokenCreateSchema,
      response: { 201: apiTokenCreatedSchema },
    },
    handler: async (request, reply) => {
      const created = await service.createApiToken(db, requireUser(request), request.body);
      return reply.status(201).header('cache-control', 'no-store').send(created);
    },
  });

  app.delete('/api/me/api-tokens/:tokenId', {
    config: signedInOnly,
    schema: {
      tags,
      security,
      summary: 'Revoke one of your API tokens: calls made with it are refused (401) from now on',
      params: apiTokenIdParamsSchema,
      response: { 204: z.null() },
    },
    handler: async (request, reply) => {
      await service.revokeApiToken(db, requireUser(request), request.params.tokenId);
      return reply.status(204).send(null);
    },
  });
}
