import { can } from '@formwork/shared/permissions';
import { projectParamsSchema, teamParamsSchema } from '@formwork/shared/schemas/folders';
import {
  alignmentLimits,
  alignmentUploadSchema,
  photoActionResultSchema,
  photoCommentCreateSchema,
  photoCommentSchema,
  photoCommentsSchema,
  photoImageParamsSchema,
  photoImageQuerySchema,
  photoListQuerySchema,
  photoPageSchema,
  photoParamsSchema,
  photoSchema,
  photoSelectionSchema,
  photoTagApplySchema,
  photoTransferSchema,
  photoUploadQuerySchema,
  photoZipParamsSchema,
  photoZipRequestSchema,
  photoZipSchema,
  projectAlignmentAnswerSchema,
  projectAlignmentSchema,
  tagCatalogSchema,
  tagCreateSchema,
  tagGroupCreateSchema,
  tagGroupParamsSchema,
  tagGroupSchema,
  tagGroupUpdateSchema,
  tagParamsSchema,
  tagSchema,
  tagUpdateSchema,
} from '@formwork/shared/schemas/photos';
import { uploadRules } from '@formwork/shared/uploads';
import { z } from 'zod';
import { folderInWorkspaceContext } from '../../authz/context.ts';
import { routeContext } from '../../authz/route-access.ts';
import { AppError } from '../../errors.ts';
import { fileStorage } from '../../files/storage.ts';
import { acceptRawUploads } from '../../http/raw-upload.ts';
import type { App } from '../../http/types.ts';
import * as alignments from './alignment.service.ts';
import * as zips from './photo-zip.service.ts';
import * as service from './photos.service.ts';

const tags = ['photos'];
const security = [{ bearer: [] }];
const deletedSchema = z.object({ id: z.string().uuid() });

/**
 * Photos (issue 19): a team's gallery at `/api/teams/:teamId/photos` (one photo is found through
 * its team), and the tags and tag groups of a project or a team.
 */
export async function photoRoutes(app: App) {
  const { db } = app.deps.database;
  const storage = fileStorage(app.deps.config);
  const maxBytes = uploadRules.photo.maxBytes;

  acceptRawUploads(app, maxBytes);

  app.post('/api/teams/:teamId/photos', {
    config: { access: { permission: 'photo.upload' } },
    bodyLimit: maxBytes + 1,
    schema: {
      tags,
      security,
      summary: "Upload one photo to a team's gallery (raw bytes: JPG, PNG or WebP; the photo id is the client's)",
      params: teamParamsSchema,
      querystring: photoUploadQuerySchema,
      response: { 200: photoSchema, 201: photoSchema },
    },
    handler: async (request, reply) => {
      const data = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const { photo, created } = await service.uploadPhoto(db, storage, routeContext(request), {
        photoId: request.query.photoId,
        fileName: request.query.fileName,
        data,
      });
      return reply.status(created ? 201 : 200).send(photo);
    },
  });

  app.get('/api/teams/:teamId/photos', {
    config: { access: { permission: 'photo.view' } },
    schema: {
      tags,
      security,
      summary: "A page of a team's gallery, newest first, filtered by tags, days, uploader and source",
      params: teamParamsSchema,
      querystring: photoListQuerySchema,
      response: { 200: photoPageSchema },
    },
    handler: async (request) => service.listPhotos(db, routeContext(request), request.query),
  });

  app.get('/api/teams/:teamId/photos/:photoId', {
    config: { access: { permission: 'photo.view' } },
    schema: { tags, security, summary: 'One photo', params: photoParamsSchema, response: { 200: photoSchema } },
    handler: async (request) => service.getPhoto(db, routeContext(request), request.params.photoId),
  });

  app.get('/api/teams/:teamId/photos/:photoId/images/:size', {
    config: { access: { permission: 'photo.view' } },
    schema: {
      tags,
      security,
      summary: 'One size of a photo (XS to XL; XL is the stored photo), inline or as a download',
      params: photoImageParamsSchema,
      querystring: photoImageQuerySchema,
    },
    handler: async (request, reply) => {
      const { photoId, size } = request.params;
      const image = await service.readPhotoImage(db, storage, routeContext(request), photoId, size);
      const name = (image.fileName ?? photoId).replace(/\.[^.]*$/, '');
      const asciiName = `${name.replace(/[^\x20-\x7e]|["\\]/g, '_')}.jpg`;
      const disposition = request.query.download === 'true' ? 'attachment' : 'inline';
      return reply
        .type(image.contentType)
        .header(
          'content-disposition',
          `${disposition}; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(`${name}.jpg`)}`,
        )
        .header('cache-control', 'private, max-age=86400')
        .send(image.stream);
    },
  });

  app.get('/api/teams/:teamId/photos/:photoId/comments', {
    config: { access: { permission: 'photo.view' } },
    schema: {
      tags,
      security,
      summary: "A photo's comments, oldest first, with the people each mentions",
      params: photoParamsSchema,
      response: { 200: photoCommentsSchema },
    },
    handler: async (request) => service.listComments(db, routeContext(request), request.params.photoId),
  });

  app.post('/api/teams/:teamId/photos/:photoId/comments', {
    config: { access: { permission: 'photo.comment' } },
    schema: {
      tags,
      security,
      summary:
        'Comment on a photo, mentioning people who can see the team (each is e-mailed; the comment id is the client’s)',
      params: photoParamsSchema,
      body: photoCommentCreateSchema,
      response: { 200: photoCommentSchema, 201: photoCommentSchema },
    },
    handler: async (request, reply) => {
      const { comment, created } = await service.addComment(
        db,
        { publicUrl: app.deps.config.publicUrl },
        routeContext(request),
        request.params.photoId,
        request.body,
      );
      return reply.status(created ? 201 : 200).send(comment);
    },
  });

  app.post('/api/teams/:teamId/photos/zip', {
    config: { access: { permission: 'photo.view' } },
    schema: {
      tags,
      security,
      summary:
        'Ask for a selection of photos as one ZIP, made in the background (poll it until ready, then download it before it expires)',
      params: teamParamsSchema,
      body: photoZipRequestSchema,
      response: { 202: photoZipSchema },
    },
    handler: async (request, reply) =>
      reply.status(202).send(await zips.requestPhotoZip(db, routeContext(request), request.body)),
  });

  app.get('/api/teams/:teamId/photo-zips/:zipId', {
    config: { access: { permission: 'photo.view' } },
    schema: {
      tags,
      security,
      summary:
        'A ZIP of photos you asked for: queued, running (with how many photos it holds so far), ready, failed or expired',
      params: photoZipParamsSchema,
      response: { 200: photoZipSchema },
    },
    handler: async (request) => zips.getPhotoZip(db, routeContext(request), request.params.zipId),
  });

  app.get('/api/teams/:teamId/photo-zips/:zipId/download', {
    config: { access: { permission: 'photo.view' } },
    schema: {
      tags,
      security,
      summary: 'Download a ready ZIP of photos you asked for (409 before it is ready, 410 once it has expired)',
      params: photoZipParamsSchema,
    },
    handler: async (request, reply) => {
      const file = await zips.downloadPhotoZip(db, storage, routeContext(request), request.params.zipId);
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(file.stream);
    },
  });

  app.post('/api/teams/:teamId/photos/archive', {
    config: { access: { permission: 'photo.archive' } },
    schema: {
      tags,
      security,
      summary: 'Archive photos (spec 6: staff their own uploads, team controllers any)',
      params: teamParamsSchema,
      body: photoSelectionSchema,
      response: { 200: photoActionResultSchema },
    },
    handler: async (request) => service.changePhotoState(db, routeContext(request), request.body.photoIds, 'archived'),
  });

  app.post('/api/teams/:teamId/photos/restore', {
    config: { access: { permission: 'photo.archive' } },
    schema: {
      tags,
      security,
      summary: 'Restore archived photos',
      params: teamParamsSchema,
      body: photoSelectionSchema,
      response: { 200: photoActionResultSchema },
    },
    handler: async (request) => service.changePhotoState(db, routeContext(request), request.body.photoIds, 'active'),
  });

  app.post('/api/teams/:teamId/photos/delete', {
    config: { access: { permission: 'photo.delete' } },
    schema: {
      tags,
      security,
      summary: 'Delete photos for good (team controllers and above)',
      params: teamParamsSchema,
      body: photoSelectionSchema,
      response: { 200: photoActionResultSchema },
    },
    handler: async (request) => service.deletePhotos(db, storage, routeContext(request), request.body.photoIds),
  });

  app.post('/api/teams/:teamId/photos/tags', {
    config: { access: { permission: 'photo.tag' } },
    schema: {
      tags,
      security,
      summary: 'Apply or remove at most 10 tags at once on a selection of photos (spec 9)',
      params: teamParamsSchema,
      body: photoTagApplySchema,
      response: { 200: photoActionResultSchema },
    },
    handler: async (request) => service.tagPhotos(db, routeContext(request), request.body),
  });

  app.post('/api/teams/:teamId/photos/transfer', {
    config: { access: { permission: 'photo.delete' } },
    schema: {
      tags,
      security,
      summary: 'Move or copy photos to another team of the same project (team controllers; upload right at the target)',
      params: teamParamsSchema,
      body: photoTransferSchema,
      response: { 200: photoActionResultSchema },
    },
    handler: async (request) => {
      const ctx = routeContext(request);
      const user = request.user;
      if (!user) throw new AppError('unauthenticated');
      // The target is a second folder: found in the verified workspace, and the caller must be able to upload there.
      const target = await folderInWorkspaceContext(
        db,
        user,
        ctx.workspace.workspaceId,
        'team',
        request.body.targetTeamId,
        'teamNotFound',
      );
      if (!can(target.viewer, 'photo.upload', target.folder)) throw new AppError('forbidden');
      return service.transferPhotos(db, storage, ctx, request.body, target);
    },
  });

  app.get('/api/teams/:teamId/photo-alignment', {
    config: { access: { permission: 'photo.view' } },
    schema: {
      tags,
      security,
      summary: "The alignment of a team's project (for the gallery's map), or null",
      params: teamParamsSchema,
      response: { 200: projectAlignmentAnswerSchema },
    },
    handler: async (request) => alignments.getAlignment(db, routeContext(request), app.deps.config.mapTiles),
  });

  app.get('/api/projects/:projectId/photo-alignment', {
    config: { access: { permission: 'folder.view' } },
    schema: {
      tags,
      security,
      summary: "A project's alignment (its centreline as lines of longitude, latitude), or null",
      params: projectParamsSchema,
      response: { 200: projectAlignmentAnswerSchema },
    },
    handler: async (request) => alignments.getAlignment(db, routeContext(request), app.deps.config.mapTiles),
  });

  app.put('/api/projects/:projectId/photo-alignment', {
    config: { access: { permission: 'photo.manageAlignment' } },
    // The file travels as a JSON string: room for a file of the largest size with its characters escaped.
    bodyLimit: alignmentLimits.maxChars * 2 + 4096,
    schema: {
      tags,
      security,
      summary:
        "Upload a project's alignment from a KML or GeoJSON file (LineString or MultiLineString), replacing the one it had",
      params: projectParamsSchema,
      body: alignmentUploadSchema,
      response: { 200: projectAlignmentSchema },
    },
    handler: async (request) => alignments.uploadAlignment(db, routeContext(request), request.body),
  });

  app.delete('/api/projects/:projectId/photo-alignment', {
    config: { access: { permission: 'photo.manageAlignment' } },
    schema: {
      tags,
      security,
      summary: "Remove a project's alignment",
      params: projectParamsSchema,
      response: { 200: deletedSchema },
    },
    handler: async (request) => alignments.removeAlignment(db, routeContext(request)),
  });

  for (const level of ['teams', 'projects'] as const) {
    const base = level === 'teams' ? '/api/teams/:teamId' : '/api/projects/:projectId';
    const params = level === 'teams' ? teamParamsSchema : projectParamsSchema;
    const where = level === 'teams' ? 'a team (with its project’s)' : 'a project';

    app.get(`${base}/photo-tags`, {
      config: { access: { permission: level === 'teams' ? 'photo.view' : 'folder.view' } },
      schema: {
        tags,
        security,
        summary: `The photo tags and tag groups of ${where}`,
        params,
        response: { 200: tagCatalogSchema },
      },
      handler: async (request) => service.tagCatalog(db, routeContext(request)),
    });

    app.post(`${base}/photo-tags`, {
      config: { access: { permission: 'photo.manageTags' } },
      schema: {
        tags,
        security,
        summary: `Create a photo tag in ${level === 'teams' ? 'a team' : 'a project'}`,
        params,
        body: tagCreateSchema,
        response: { 201: tagSchema },
      },
      handler: async (request, reply) =>
        reply.status(201).send(await service.createTag(db, routeContext(request), request.body)),
    });

    app.patch(`${base}/photo-tags/:tagId`, {
      config: { access: { permission: 'photo.manageTags' } },
      schema: {
        tags,
        security,
        summary: 'Rename, recolour or regroup a photo tag',
        params: params.extend(tagParamsSchema.shape),
        body: tagUpdateSchema,
        response: { 200: tagSchema },
      },
      handler: async (request) => service.updateTag(db, routeContext(request), request.params.tagId, request.body),
    });

    app.delete(`${base}/photo-tags/:tagId`, {
      config: { access: { permission: 'photo.manageTags' } },
      schema: {
        tags,
        security,
        summary: 'Delete a photo tag (it leaves every photo)',
        params: params.extend(tagParamsSchema.shape),
        response: { 200: deletedSchema },
      },
      handler: async (request) => service.deleteTag(db, routeContext(request), request.params.tagId),
    });

    app.post(`${base}/photo-tag-groups`, {
      config: { access: { permission: 'photo.manageTags' } },
      schema: {
        tags,
        security,
        summary: 'Create a photo tag group',
        params,
        body: tagGroupCreateSchema,
        response: { 201: tagGroupSchema },
      },
      handler: async (request, reply) =>
        reply.status(201).send(await service.createTagGroup(db, routeContext(request), request.body.name)),
    });

    app.patch(`${base}/photo-tag-groups/:groupId`, {
      config: { access: { permission: 'photo.manageTags' } },
      schema: {
        tags,
        security,
        summary: 'Rename a photo tag group',
        params: params.extend(tagGroupParamsSchema.shape),
        body: tagGroupUpdateSchema,
        response: { 200: tagGroupSchema },
      },
      handler: async (request) =>
        service.renameTagGroup(db, routeContext(request), request.params.groupId, request.body.name),
    });

    app.delete(`${base}/photo-tag-groups/:groupId`, {
      config: { access: { permission: 'photo.manageTags' } },
      schema: {
        tags,
        security,
        summary: 'Delete a photo tag group (its tags stay, ungrouped)',
        params: params.extend(tagGroupParamsSchema.shape),
        response: { 200: deletedSchema },
      },
      handler: async (request) => service.deleteTagGroup(db, routeContext(request), request.params.groupId),
    });
  }
}
