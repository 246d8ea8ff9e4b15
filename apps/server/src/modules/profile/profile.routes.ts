import {
  currentUserSchema,
  defaultSignatureRequestSchema,
  emailChangeConfirmSchema,
  emailChangeRequestSchema,
  mySignatureReplySchema,
  signatureUploadQuerySchema,
} from '@formwork/shared/schemas/identity';
import { uploadRules } from '@formwork/shared/uploads';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { fileStorage } from '../../files/storage.ts';
import { requireUser } from '../../http/auth.ts';
import { acceptRawUploads } from '../../http/raw-upload.ts';
import type { App } from '../../http/types.ts';
import * as service from './profile.service.ts';

const tags = ['profile'];
const security = [{ bearer: [] }];
const signedIn = { access: { signedIn: true as const } };

const bytesOf = (body: unknown) => (Buffer.isBuffer(body) ? body : Buffer.alloc(0));

function sendImage(reply: FastifyReply, image: { contentType: string; stream: NodeJS.ReadableStream }) {
  return reply.type(image.contentType).header('cache-control', 'private, max-age=3600').send(image.stream);
}

/** Issue 16.4: the signed-in person's picture, signature and e-mail change, under /api/me. */
export async function profileRoutes(app: App) {
  const { config, database } = app.deps;
  const { db } = database;
  const storage = fileStorage(config);
  acceptRawUploads(app, Math.max(uploadRules.photo.maxBytes, uploadRules.signature.maxBytes));

  app.put('/api/me/picture', {
    config: signedIn,
    bodyLimit: uploadRules.photo.maxBytes + 1,
    schema: {
      tags,
      security,
      summary: 'Set the profile picture (raw bytes: JPG, PNG or WebP under 5MB; re-encoded, at most 512 px)',
      response: { 200: currentUserSchema },
    },
    handler: async (request) => service.savePicture(db, storage, requireUser(request), bytesOf(request.body)),
  });

  app.get('/api/me/picture', {
    config: signedIn,
    schema: { tags, security, summary: 'Download the profile picture' },
    handler: async (request, reply) => sendImage(reply, await service.readPicture(db, storage, requireUser(request))),
  });

  app.delete('/api/me/picture', {
    config: signedIn,
    schema: { tags, security, summary: 'Remove the profile picture', response: { 200: currentUserSchema } },
    handler: async (request) => service.removePicture(db, storage, requireUser(request)),
  });

  app.get('/api/me/signature', {
    config: signedIn,
    schema: {
      tags,
      security,
      summary: 'The signature of the signed-in user, if any',
      response: { 200: mySignatureReplySchema },
    },
    handler: async (request) => ({ signature: await service.getSignature(db, requireUser(request)) }),
  });

  app.put('/api/me/signature', {
    config: signedIn,
    bodyLimit: uploadRules.signature.maxBytes + 1,
    schema: {
      tags,
      security,
      summary: 'Set the signature, drawn or uploaded (raw bytes: PNG or JPG under 2MB; kept as PNG)',
      querystring: signatureUploadQuerySchema,
      response: { 200: mySignatureReplySchema },
    },
    handler: async (request) => ({
      signature: await service.saveSignature(
        db,
        storage,
        requireUser(request),
        request.query.source,
        bytesOf(request.body),
      ),
    }),
  });

  app.get('/api/me/signature/image', {
    config: signedIn,
    schema: { tags, security, summary: 'Download the signature (PNG)' },
    handler: async (request, reply) => sendImage(reply, await service.readSignature(db, storage, requireUser(request))),
  });

  app.delete('/api/me/signature', {
    config: signedIn,
    schema: { tags, security, summary: 'Remove the signature', response: { 204: z.null() } },
    handler: async (request, reply) => {
      await service.removeSignature(db, storage, requireUser(request));
      return reply.status(204).send(null);
    },
  });

  app.post('/api/me/signature/default', {
    config: signedIn,
    schema: {
      tags,
      security,
      summary:
        'Make the default signature from the full name (spec 6: when the workspace turned enableDefaultSignatureUser on); a signature already there is kept',
      body: defaultSignatureRequestSchema,
      response: { 200: mySignatureReplySchema },
    },
    handler: async (request) => ({
      signature: await service.createDefaultSignature(db, storage, requireUser(request), request.body.companyId),
    }),
  });

  app.post('/api/me/email-change', {
    config: signedIn,
    schema: {
      tags,
      security,
      summary: 'Ask to change the e-mail: a single-use link valid 24 hours goes to the new address',
      body: emailChangeRequestSchema,
      response: { 202: currentUserSchema },
    },
    handler: async (request, reply) => {
      const user = await service.requestEmailChange(db, requireUser(request), request.body, {
        embeddedProvider: config.oidc.embedded,
        confirmUrl: (token) => `${config.publicUrl}/confirm-email?token=${encodeURIComponent(token)}`,
      });
      return reply.status(202).send(user);
    },
  });

  app.post('/api/me/email-change/confirm', {
    config: signedIn,
    schema: {
      tags,
      security,
      summary: 'Follow the e-mail change link: the address changes and the old one is told',
      body: emailChangeConfirmSchema,
      response: { 200: currentUserSchema },
    },
    handler: async (request) => service.confirmEmailChange(db, requireUser(request), request.body.token),
  });
}
