import { folderParamsSchema } from '@formwork/shared/schemas/folders';
import {
  webhookBodySchema,
  webhookDeliveriesSchema,
  webhookDeliveryParamsSchema,
  webhookDeliverySchema,
  webhookParamsSchema,
  webhookSchema,
  webhooksSchema,
} from '@formwork/shared/schemas/webhooks';
import { z } from 'zod';
import { routeContext } from '../../authz/route-access.ts';
import type { App } from '../../http/types.ts';
import * as service from './webhooks.service.ts';

const tags = ['webhooks'];
const security = [{ bearer: [] }];

/**
 * Webhooks of a company or team (issue 24.1) at `/api/folders/:folderId/webhooks`: org controllers
 * (company) and team controllers (their team) list, add, change and delete them, read a hook's
 * delivery log, redeliver a delivery and send a test.
 */
export async function webhookRoutes(app: App) {
  const { db } = app.deps.database;
  const deps: service.WebhookDeps = {
    db,
    allowPrivateAddresses: app.deps.config.webhooksAllowPrivateAddresses,
    publicUrl: app.deps.config.publicUrl,
  };
  const access = { access: { permission: 'webhook.manage' as const } };

  app.get('/api/folders/:folderId/webhooks', {
    config: access,
    schema: {
      tags,
      security,
      summary: "A company's or team's webhooks",
      params: folderParamsSchema,
      response: { 200: webhooksSchema },
    },
    handler: async (request) => service.listHooks(db, routeContext(request)),
  });

  app.post('/api/folders/:folderId/webhooks', {
    config: access,
    schema: {
      tags,
      security,
      summary: 'Subscribe a receiver URL to events below the folder (its signing secret is made here)',
      params: folderParamsSchema,
      body: webhookBodySchema,
      response: { 201: webhookSchema },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await service.createHook(deps, routeContext(request), request.body)),
  });

  app.get('/api/folders/:folderId/webhooks/:hookId', {
    config: access,
    schema: { tags, security, summary: 'One webhook', params: webhookParamsSchema, response: { 200: webhookSchema } },
    handler: async (request) => service.getHook(db, routeContext(request), request.params.hookId),
  });

  app.put('/api/folders/:folderId/webhooks/:hookId', {
    config: access,
    schema: {
      tags,
      security,
      summary: 'Change a webhook: its URL, events, filters, or whether it is enabled',
      params: webhookParamsSchema,
      body: webhookBodySchema,
      response: { 200: webhookSchema },
    },
    handler: async (request) => service.updateHook(deps, routeContext(request), request.params.hookId, request.body),
  });

  app.delete('/api/folders/:folderId/webhooks/:hookId', {
    config: access,
    schema: {
      tags,
      security,
      summary: 'Delete a webhook with its delivery log',
      params: webhookParamsSchema,
      response: { 200: z.object({ id: z.string().uuid() }) },
    },
    handler: async (request) => service.deleteHook(db, routeContext(request), request.params.hookId),
  });

  app.get('/api/folders/:folderId/webhooks/:hookId/deliveries', {
    config: access,
    schema: {
      tags,
      security,
      summary: "A webhook's newest 100 deliveries: state, attempts, status, duration and the start of the answer",
      params: webhookParamsSchema,
      response: { 200: webhookDeliveriesSchema },
    },
    handler: async (request) => service.listDeliveries(db, routeContext(request), request.params.hookId),
  });

  app.post('/api/folders/:folderId/webhooks/:hookId/deliveries/:deliveryId/redeliver', {
    config: access,
    schema: {
      tags,
      security,
      summary: 'Send a delivered or failed event again (a new delivery with the same event id)',
      params: webhookDeliveryParamsSchema,
      response: { 202: webhookDeliverySchema },
    },
    handler: async (request, reply) =>
      reply
        .status(202)
        .send(await service.redeliver(db, routeContext(request), request.params.hookId, request.params.deliveryId)),
  });

  app.post('/api/folders/:folderId/webhooks/:hookId/test', {
    config: access,
    schema: {
      tags,
      security,
      summary: 'Send a webhook.test event to the receiver (it shows in the delivery log)',
      params: webhookParamsSchema,
      response: { 202: webhookDeliverySchema },
    },
    handler: async (request, reply) =>
      reply.status(202).send(await service.sendTest(db, routeContext(request), request.params.hookId)),
  });
}
