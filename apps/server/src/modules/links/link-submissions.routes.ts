import {
  linkReceiptParamsSchema,
  linkReceiptQuerySchema,
  linkSubmissionCreateSchema,
  linkSubmissionSchema,
  linkTokenParamsSchema,
  linkUploadedFileSchema,
  linkUploadGrantCreateSchema,
  linkUploadGrantSchema,
  linkUploadHeadersSchema,
  linkUploadQuerySchema,
  publicLinkSchema,
} from '@formwork/shared/schemas/links';
import { altchaChallengeSchema } from '@formwork/shared/schemas/signup';
import { uploadRules } from '@formwork/shared/uploads';
import { fileStorage } from '../../files/storage.ts';
import { acceptRawUploads } from '../../http/raw-upload.ts';
import type { App } from '../../http/types.ts';
import { loadSecret } from '../../idp/keys.ts';
import { attachmentHeader } from '../form-pdf/form-pdf.service.ts';
import { humanCheckFor } from '../signup/human-check.ts';
import * as service from './link-submissions.service.ts';
import { grantUploads, uploadThroughLink } from './link-uploads.service.ts';

const tags = ['links'];

/** The most a submission's body may be (values of up to 2,000 fields; files are uploaded on their own). */
export const submissionBodyLimit = 1024 * 1024;
/** The largest file a link takes: a photo (signatures and sketches are smaller; each purpose checks its own). */
const largestLinkUpload = uploadRules.photo.maxBytes;

/**
 * The public page of a submission link (issue 21): the only routes a person without an account
 * uses to put data into a workspace, so they are declared public here (ADR 0014) and guarded by
 * the link's unguessable token, the human check, rate limits per address and per link, and a size
 * limit. Files come through an upload grant given after the human check (link-uploads.service).
 */
export async function linkSubmissionRoutes(app: App) {
  const { config, database } = app.deps;
  const { db } = database;
  const humanCheck = await humanCheckFor(config.humanCheck, db);
  const receiptSecret = await loadSecret(db, 'link-receipts');
  const guards = { humanCheck, limits: config.linkLimits };
  const uploadGuards = { ...guards, grantSecret: await loadSecret(db, 'link-upload-grants') };
  const storage = fileStorage(config);

  acceptRawUploads(app, largestLinkUpload);

  app.get('/api/public/links/:token', {
    config: { access: { public: true } },
    schema: {
      tags,
      summary: "A link's public page: its name, what it asks and its templates (404 unknown or archived; 410 closed)",
      params: linkTokenParamsSchema,
      response: { 200: publicLinkSchema },
    },
    handler: async (request, reply) =>
      reply.header('cache-control', 'no-store').send(await service.openLink(db, humanCheck, request.params.token)),
  });

  app.get('/api/public/links/:token/challenge', {
    config: { access: { public: true } },
    schema: {
      tags,
      summary: "A proof-of-work challenge for a link's page (429 past the per-address limit)",
      params: linkTokenParamsSchema,
      response: { 200: altchaChallengeSchema },
    },
    handler: async (request, reply) => {
      const challenge = await service.linkChallenge(db, guards, request.params.token, request.ip);
      return reply.header('cache-control', 'no-store').send({ ...challenge, parameters: { ...challenge.parameters } });
    },
  });

  app.post('/api/public/links/:token/submissions', {
    config: { access: { public: true } },
    bodyLimit: submissionBodyLimit,
    schema: {
      tags,
      summary:
        'Submit a form through a link (idempotent by formId; 410 when the link is used, full or expired; 429 past the limits)',
      params: linkTokenParamsSchema,
      body: linkSubmissionCreateSchema,
      response: { 200: linkSubmissionSchema, 201: linkSubmissionSchema },
    },
    handler: async (request, reply) => {
      const made = await service.submit(
        db,
        { ...guards, receiptSecret },
        request.params.token,
        request.body,
        request.ip,
      );
      return reply
        .status(made.created ? 201 : 200)
        .header('cache-control', 'no-store')
        .send(made);
    },
  });

  app.post('/api/public/links/:token/upload-grants', {
    config: { access: { public: true } },
    schema: {
      tags,
      summary:
        "A short-lived grant to upload a submission attempt's photos, sketches and signatures, after the human check (404 unknown or archived; 410 closed; 429 past the per-address limit)",
      params: linkTokenParamsSchema,
      body: linkUploadGrantCreateSchema,
      response: { 201: linkUploadGrantSchema },
    },
    handler: async (request, reply) => {
      const grant = await grantUploads(db, uploadGuards, request.params.token, request.body, request.ip);
      return reply.status(201).header('cache-control', 'no-store').send(grant);
    },
  });

  app.post('/api/public/links/:token/files', {
    config: { access: { public: true } },
    bodyLimit: largestLinkUpload + 1,
    schema: {
      tags,
      summary:
        'Upload a photo, sketch or signature for a submission through a link, with its upload grant (raw bytes; 404 for a forged, expired or other link’s grant; 413 too large; 415 not an image it takes; 429 past the limits)',
      params: linkTokenParamsSchema,
      querystring: linkUploadQuerySchema,
      headers: linkUploadHeadersSchema,
      response: { 201: linkUploadedFileSchema },
    },
    handler: async (request, reply) => {
      const file = await uploadThroughLink(db, storage, uploadGuards, {
        token: request.params.token,
        grant: request.headers['upload-grant'],
        purpose: request.query.purpose,
        data: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
        ip: request.ip,
      });
      return reply.status(201).header('cache-control', 'no-store').send(file);
    },
  });

  app.get('/api/public/links/:token/submissions/:formId/pdf', {
    config: { access: { public: true } },
    schema: {
      tags,
      summary:
        "The submitter's PDF copy of their submission, with the receipt its submit answered (404 when the link, form or receipt do not match)",
      params: linkReceiptParamsSchema,
      querystring: linkReceiptQuerySchema,
    },
    handler: async (request, reply) => {
      const { stream, fileName } = await service.submissionPdf(db, storage, receiptSecret, {
        token: request.params.token,
        formId: request.params.formId,
        receipt: request.query.receipt,
        timeZone: request.query.timeZone,
      });
      return reply
        .type('application/pdf')
        .header('content-disposition', attachmentHeader(fileName))
        .header('cache-control', 'private, no-store')
        .send(stream);
    },
  });
}
