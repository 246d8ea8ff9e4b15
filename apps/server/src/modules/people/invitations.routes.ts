import { bulkInviteMaxBytes } from '@formwork/shared/invitation-rules';
import { folderParamsSchema } from '@formwork/shared/schemas/folders';
import {
  bulkInviteBodySchema,
  bulkInviteResultSchema,
  invitationLinkSchema,
  invitationParamsSchema,
  invitationSchema,
  invitationsSchema,
  inviteBatchParamsSchema,
  inviteBatchSchema,
  inviteBodySchema,
} from '@formwork/shared/schemas/people';
import { z } from 'zod';
import { routeContext } from '../../authz/route-access.ts';
import type { App } from '../../http/types.ts';
import * as service from './invitations.service.ts';

const tags = ['people'];
const security = [{ bearer: [] }];

/** Issue 16: invitations to a folder, made and managed from its Users page. */
export async function invitationRoutes(app: App) {
  const deps: service.InvitationDeps = { db: app.deps.database.db, publicUrl: app.deps.config.publicUrl };

  app.post('/api/folders/:folderId/invitations', {
    config: { access: { permission: 'people.invite' } },
    schema: {
      tags,
      security,
      summary: 'Invite someone by e-mail to the folder with a level and a type; the activation link is e-mailed',
      params: folderParamsSchema,
      body: inviteBodySchema,
      response: { 201: invitationSchema },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await service.invite(deps, routeContext(request), request.body)),
  });

  app.post('/api/folders/:folderId/invitations/bulk', {
    config: { access: { permission: 'people.invite' } },
    // The CSV's limit, with room for the JSON around it (its own limit answers with the message).
    bodyLimit: bulkInviteMaxBytes * 2,
    schema: {
      tags,
      security,
      summary:
        'Bulk invite from e-mail addresses or a CSV (first column Email; Folder, Level, Type optional): every row checked (200, the preview); with send, the valid rows recorded as a batch that a job invites in chunks (202; a retry with the same batchId answers the same batch)',
      params: folderParamsSchema,
      body: bulkInviteBodySchema,
      response: { 200: bulkInviteResultSchema, 202: inviteBatchSchema },
    },
    handler: async (request, reply) => {
      const ctx = routeContext(request);
      if (!request.body.send) return reply.status(200).send(await service.checkBulkInvite(deps, ctx, request.body));
      return reply.status(202).send(await service.sendBulkInvite(deps, ctx, request.body));
    },
  });

  app.get('/api/folders/:folderId/invitations/batches/:batchId', {
    config: { access: { permission: 'people.invite' } },
    schema: {
      tags,
      security,
      summary: 'A sent bulk invite of the folder: how many of its rows are done, invited and skipped (with why)',
      params: inviteBatchParamsSchema,
      response: { 200: inviteBatchSchema },
    },
    handler: async (request) => service.inviteBatch(deps, routeContext(request), request.params.batchId),
  });

  app.get('/api/folders/:folderId/invitations', {
    config: { access: { permission: 'people.invite' } },
    schema: {
      tags,
      security,
      summary: 'The pending invitations to the folder and below it, with their delivery status',
      params: folderParamsSchema,
      response: { 200: invitationsSchema },
    },
    handler: async (request) => service.listInvitations(deps, routeContext(request)),
  });

  app.post('/api/folders/:folderId/invitations/:invitationId/resend', {
    config: { access: { permission: 'people.invite' } },
    schema: {
      tags,
      security,
      summary: 'Send the invitation again with a new link (the previous link stops working)',
      params: invitationParamsSchema,
      response: { 200: invitationSchema },
    },
    handler: async (request) => service.resend(deps, routeContext(request), request.params.invitationId),
  });

  app.post('/api/folders/:folderId/invitations/:invitationId/link', {
    config: { access: { permission: 'people.invite' } },
    schema: {
      tags,
      security,
      summary: 'A new activation link to hand over another way (the e-mailed link stops working)',
      params: invitationParamsSchema,
      response: { 200: invitationLinkSchema },
    },
    handler: async (request) => service.copyLink(deps, routeContext(request), request.params.invitationId),
  });

  app.delete('/api/folders/:folderId/invitations/:invitationId', {
    config: { access: { permission: 'people.invite' } },
    schema: {
      tags,
      security,
      summary: 'Revoke a pending invitation',
      params: invitationParamsSchema,
      response: { 204: z.null() },
    },
    handler: async (request, reply) => {
      await service.revoke(deps, routeContext(request), request.params.invitationId);
      return reply.status(204).send(null);
    },
  });
}
