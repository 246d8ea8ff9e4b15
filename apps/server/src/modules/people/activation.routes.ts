import {
  acceptResultSchema,
  activationBodySchema,
  activationContextSchema,
  activationParamsSchema,
  activationResultSchema,
} from '@formwork/shared/schemas/people';
import { z } from 'zod';
import { fileStorage } from '../../files/storage.ts';
import { requireUser } from '../../http/auth.ts';
import type { App } from '../../http/types.ts';
import * as service from './activation.service.ts';

const tags = ['people'];
const query = z.object({ companyId: z.string().uuid().optional() });

/** Issue 16.3, spec 2.7: the invited person's activation (before they can sign in: public). */
export async function activationRoutes(app: App) {
  const { db } = app.deps.database;
  const storage = fileStorage(app.deps.config);

  app.get('/api/activations/:activationId', {
    config: { access: { public: true } },
    schema: {
      tags,
      summary: "What an activation link opens: the inviter's company, the address, Contributor or Visitor",
      params: activationParamsSchema,
      querystring: query,
      response: { 200: activationContextSchema },
    },
    handler: async (request) => service.activationContext(db, request.params.activationId, request.query.companyId),
  });

  app.get('/api/activations/:activationId/logo', {
    config: { access: { public: true } },
    schema: {
      tags,
      summary: "The inviting workspace's logo, for the activation page (a usable link only)",
      params: activationParamsSchema,
      querystring: query,
    },
    handler: async (request, reply) => {
      const { file, stream } = await service.activationLogo(
        db,
        storage,
        request.params.activationId,
        request.query.companyId,
      );
      return reply.type(file.contentType).header('cache-control', 'private, max-age=3600').send(stream);
    },
  });

  app.post('/api/activations/:activationId', {
    config: { access: { public: true } },
    schema: {
      tags,
      summary:
        'Activate an invited account; answers a one-time sign-in ticket, or for a single sign-on address (isSSOSignUp, no password) a ticket to its company sign-in, which finishes the activation',
      params: activationParamsSchema,
      querystring: query,
      body: activationBodySchema,
      response: { 200: activationResultSchema },
    },
    handler: async (request) =>
      service.activate(db, request.params.activationId, request.query.companyId, request.body),
  });

  app.post('/api/activations/:activationId/accept', {
    config: { access: { signedIn: true } },
    schema: {
      tags,
      security: [{ bearer: [] }],
      summary: 'An existing user accepts an invitation to another workspace',
      params: activationParamsSchema,
      querystring: query,
      response: { 200: acceptResultSchema },
    },
    handler: async (request) =>
      service.acceptAsUser(db, requireUser(request), request.params.activationId, request.query.companyId),
  });
}
