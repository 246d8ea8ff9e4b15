import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { type FolderRef, photoItemAccess } from '@formwork/shared/permissions';
import { encodeCursor } from '@formwork/shared/schemas/cursor';
import {
  type Photo,
  type PhotoComment,
  type PhotoComments,
  type PhotoPage,
  type PhotoSize,
  type PhotoTransfer,
  type photoCommentCreateSchema,
  photoListQuerySchema,
  type photoTagApplySchema,
  photoThumbnailSizes,
  type Tag,
  type TagCatalog,
  type TagGroup,
  type tagCreateSchema,
  type tagUpdateSchema,
} from '@formwork/shared/schemas/photos';
import type { z } from 'zod';
import type { AccessContext } from '../../authz/context.ts';
import type { AppDb } from '../../db/client.ts';
import { inScope, type Tx } from '../../db/tenant.ts';
import { AppError } from '../../errors.ts';
import { type EncodedSize, type ProcessedPhoto, processPhoto } from '../../files/images.ts';
import type { FileStorage } from '../../files/storage.ts';
import { recipientLocales } from '../../i18n/recipient-locale.ts';
import { textsIn } from '../../i18n/texts.ts';
import { enqueueMail } from '../../mail/mail.ts';
import { recordEvents } from '../activity/record-events.ts';
import { recordFile, writeImage } from '../files/files.service.ts';
import { teamPerson } from '../people/people.service.ts';
import { chainages } from './alignment.service.ts';
import { makePhotoSizes, queuePhotoSizes } from './photo-sizes.service.ts';
import * as queries from './photos.queries.ts';

function photoUrls(teamId: string, photoId: string): Photo['urls'] {
  const base = `/api/teams/${teamId}/photos/${photoId}/images`;
  return { xs: `${base}/xs`, s: `${base}/s`, m: `${base}/m`, l: `${base}/l`, xl: `${base}/xl` };
}

function toPhoto({ shotAtKey: _key, ...record }: queries.PhotoRecord, chainage: Photo['chainage']): Photo {
  return { ...record, chainage, urls: photoUrls(record.teamId, record.id) };
}

function photoEvent(ctx: AccessContext, action: string, photoIds: string[], details: Record<string, unknown> = {}) {
  return {
    workspaceId: ctx.workspace.workspaceId,
    actorUserId: ctx.user.userId,
    action,
    subjectType: 'team' as const,
    subjectId: ctx.folder.folderId,
    folderPath: [...ctx.folder.path],
    details: { photoIds, count: photoIds.length, ...details },
  };
}

function requireActiveTeam(ctx: AccessContext) {
  if (ctx.folder.state !== 'active')
    throw new AppError('conflict', { detail: 'This folder is archived: nothing can be added to it.' });
}

/** Writes a processed photo's bytes (stored photo and its sizes), flushed before any row points at them. */
async function writePhotoBytes(
  storage: FileStorage,
  photo: ProcessedPhoto,
  where: { workspaceId: string; teamId: string; userId: string },
) {
  const file = await writeImage(
    storage,
    {
      data: photo.original.data,
      contentType: 'image/jpeg',
      extension: 'jpg',
      width: photo.original.width,
      height: photo.original.height,
      location: photo.location,
    },
    { workspaceId: where.workspaceId, folderId: where.teamId, purpose: 'photo', createdBy: where.userId },
  );
  const sizes = await Promise.all(
    photoThumbnailSizes.map(async (size) => {
      const encoded = photo.sizes[size];
      const storageKey = `${where.workspaceId}/${randomUUID()}.jpg`;
      await storage.put(storageKey, encoded.data);
      return { size, storageKey, width: encoded.width, height: encoded.height, byteSize: encoded.data.length };
    }),
  );
  return { file, sizes };
}

/**
 * Adds an already processed photo to a team's gallery inside the caller's transaction: its file,
 * its sizes and its row. Uploads and the demo seed both come through here.
 */
export async function recordPhoto(
  tx: Tx,
  storage: FileStorage,
  photo: ProcessedPhoto,
  input: { workspaceId: string; teamId: string; userId: string; photoId: string; fileName: string | null },
): Promise<void> {
  const { file, sizes } = await writePhotoBytes(storage, photo, input);
  await recordFile(tx, { ...file, fileName: input.fileName });
  const inserted = await queries.insertPhoto(tx, {
    workspaceId: input.workspaceId,
    photoId: input.photoId,
    teamId: input.teamId,
    fileId: file.fileId,
    source: 'upload',
    formId: null,
    fileName: input.fileName,
    takenAt: photo.takenAt,
    location: photo.location,
    uploadedBy: input.userId,
  });
  if (!inserted) throw new AppError('duplicate', { detail: 'A different photo already has this id' });
  await queries.insertSizes(tx, input.workspaceId, input.photoId, sizes);
}

/**
 * A form's photos join its team's gallery, linked to the form (issue 19), in the transaction that
 * saves the form: one row per photo file, written once (the form keeps the file; the gallery points
 * at it), and a job to make the new ones' sizes.
 */
export async function recordFormPhotos(
  tx: Tx,
  form: { workspaceId: string; teamId: string; formId: string },
  fileIds: string[],
): Promise<void> {
  if (fileIds.length === 0) return;
  const added = await queries.insertFormPhotos(tx, { ...form, fileIds: [...new Set(fileIds)] });
  // Their sizes are made by a job soon after, so the gallery's first view does not wait for them.
  await queuePhotoSizes(tx, form, added);
}

async function onePhoto(tx: Tx, ctx: AccessContext, photoId: string): Promise<Photo> {
  const [photo] = await queries.photosById(tx, ctx.workspace.workspaceId, ctx.folder.folderId, [photoId]);
  if (!photo) throw new AppError('notFound');
  const [chainage = null] = await chainages(tx, ctx, [photo]);
  return toPhoto(photo, chainage);
}

/**
 * Uploads one photo to the route's team (spec 6: members and above). The photo id is the
 * client's: the same upload sent again answers the photo it made. The file is checked, its EXIF
 * time and location read, then re-encoded without metadata in every size (processPhoto).
 */
export async function uploadPhoto(
  db: AppDb,
  storage: FileStorage,
  ctx: AccessContext,
  input: { photoId: string; fileName?: string; data: Buffer },
): Promise<{ photo: Photo; created: boolean }> {
  requireActiveTeam(ctx);
  const workspaceId = ctx.workspace.workspaceId;
  const teamId = ctx.folder.folderId;
  const existing = await inScope(db, ctx.scope, (tx) => queries.photoTeam(tx, workspaceId, input.photoId));
  if (existing === teamId)
    return { photo: await inScope(db, ctx.scope, (tx) => onePhoto(tx, ctx, input.photoId)), created: false };
  if (existing) throw new AppError('duplicate', { detail: 'A different photo already has this id' });

  const processed = await processPhoto(input.data, { timeZone: ctx.workspace.timeZone });
  return inScope(db, ctx.scope, async (tx) => {
    const fileName = input.fileName ?? null;
    await recordPhoto(tx, storage, processed, {
      workspaceId,
      teamId,
      userId: ctx.user.userId,
      photoId: input.photoId,
      fileName,
    });
    await recordEvents(tx, [photoEvent(ctx, 'photo.uploaded', [input.photoId], { fileName })]);
    return { photo: await onePhoto(tx, ctx, input.photoId), created: true };
  });
}

type ListQuery = z.output<typeof photoListQuerySchema>;

/** One page of the team's gallery with the filters of issue 19 (tags, days, uploader, source). */
export async function listPhotos(db: AppDb, ctx: AccessContext, query: ListQuery): Promise<PhotoPage> {
  const { rows, measured } = await inScope(db, ctx.scope, async (tx) => {
    const rows = await queries.galleryPage(tx, ctx.workspace.workspaceId, ctx.folder.folderId, {
      state: query.state,
      tagIds: query.tagIds,
      from: query.from,
      to: query.to,
      uploadedBy: query.uploadedBy,
      source: query.source,
      after: query.cursor,
      limit: query.limit + 1,
      timeZone: ctx.workspace.timeZone,
    });
    return { rows, measured: await chainages(tx, ctx, rows.slice(0, query.limit)) };
  });
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return {
    photos: page.map((row, i) => toPhoto(row, measured[i] ?? null)),
    nextCursor: rows.length > query.limit && last ? encodeCursor([last.shotAtKey, last.id]) : null,
  };
}

export async function getPhoto(db: AppDb, ctx: AccessContext, photoId: string): Promise<Photo> {
  return inScope(db, ctx.scope, (tx) => onePhoto(tx, ctx, photoId));
}

/** The bytes of one size of a photo of the route's team. */
export async function readPhotoImage(
  db: AppDb,
  storage: FileStorage,
  ctx: AccessContext,
  photoId: string,
  size: PhotoSize,
): Promise<{ stream: Readable; contentType: string; fileName: string | null }> {
  const found = await inScope(db, ctx.scope, (tx) =>
    queries.photoBytes(tx, ctx.workspace.workspaceId, ctx.folder.folderId, photoId, size),
  );
  if (!found) throw new AppError('notFound');
  if (size === 'xl' || found.sized)
    return { stream: storage.read(found.storageKey), contentType: found.contentType, fileName: found.fileName };
  // A photo taken in a form whose sizes' job has not run yet: this size is made now and kept.
  const made = await makePhotoSizes(
    db,
    storage,
    ctx.scope,
    { workspaceId: ctx.workspace.workspaceId, photoId, storageKey: found.storageKey },
    [size],
  );
  return {
    stream: Readable.from([(made.get(size) as EncodedSize).data]),
    contentType: 'image/jpeg',
    fileName: found.fileName,
  };
}

/** The selected photos of the route's team, every one of them found (else 404 naming none). */
async function selection(tx: Tx, ctx: AccessContext, photoIds: string[]) {
  const unique = [...new Set(photoIds)];
  const photos = await queries.photosById(tx, ctx.workspace.workspaceId, ctx.folder.folderId, unique);
  if (photos.length !== unique.length)
    throw new AppError('notFound', { detail: 'Some of these photos no longer exist' });
  return photos;
}

/** Spec 6: archive or restore; staff archive and restore their own uploads, team controllers any. */
export async function changePhotoState(
  db: AppDb,
  ctx: AccessContext,
  photoIds: string[],
  to: 'active' | 'archived',
): Promise<{ photoIds: string[] }> {
  return inScope(db, ctx.scope, async (tx) => {
    const photos = await selection(tx, ctx, photoIds);
    const team: FolderRef = ctx.folder;
    for (const photo of photos) {
      const access = photoItemAccess(ctx.viewer, team, {
        uploadedByViewer: photo.uploadedBy?.id === ctx.user.userId,
        state: photo.state,
      });
      if (!(to === 'archived' ? access.archive : access.restore))
        throw new AppError('forbidden', {
          detail:
            photo.state === (to === 'archived' ? 'archived' : 'active')
              ? `This photo is already ${photo.state}.`
              : 'You can only archive or restore photos you uploaded.',
        });
    }
    const ids = photos.map((p) => p.id);
    await queries.setState(tx, ctx.workspace.workspaceId, ids, to);
    await recordEvents(tx, [photoEvent(ctx, to === 'archived' ? 'photo.archived' : 'photo.restored', ids)]);
    return { photoIds: ids };
  });
}

/** Spec 6: permanent deletion (team controllers and above); the bytes go once the rows are gone. */
export async function deletePhotos(
  db: AppDb,
  storage: FileStorage,
  ctx: AccessContext,
  photoIds: string[],
): Promise<{ photoIds: string[] }> {
  const { ids, keys } = await inScope(db, ctx.scope, async (tx) => {
    const photos = await selection(tx, ctx, photoIds);
    const ids = photos.map((p) => p.id);
    const keys = await queries.deletePhotos(tx, ctx.workspace.workspaceId, ids);
    await recordEvents(tx, [photoEvent(ctx, 'photo.deleted', ids)]);
    return { ids, keys };
  });
  await Promise.all(keys.map((key) => storage.remove(key)));
  return { photoIds: ids };
}

/** Spec 9: apply (or remove) at most 10 tags at once to a selection; the tags are the team's or its project's. */
export async function tagPhotos(
  db: AppDb,
  ctx: AccessContext,
  body: z.output<typeof photoTagApplySchema>,
): Promise<{ photoIds: string[] }> {
  const workspaceId = ctx.workspace.workspaceId;
  return inScope(db, ctx.scope, async (tx) => {
    const photos = await selection(tx, ctx, body.photoIds);
    const wanted = [...new Set([...body.add, ...body.remove])];
    const usable = await queries.usableTagIds(tx, workspaceId, ctx.folder.folderId, projectOf(ctx), wanted);
    const errors = [
      ...body.add.map((id, i) => ({ id, path: `body.add.${i}` })),
      ...body.remove.map((id, i) => ({ id, path: `body.remove.${i}` })),
    ]
      .filter((t) => !usable.has(t.id))
      .map((t) => ({ path: t.path, message: 'This tag is not available in this team', code: 'invalid' }));
    if (errors.length > 0) throw new AppError('validationFailed', { errors });
    const ids = photos.map((p) => p.id);
    await addPhotoTags(tx, workspaceId, ids, body.add);
    await queries.removeTags(tx, workspaceId, ids, [...new Set(body.remove)]);
    await recordEvents(tx, [photoEvent(ctx, 'photo.tagged', ids, { added: body.add, removed: body.remove })]);
    return { photoIds: ids };
  });
}

function projectOf(ctx: AccessContext): string {
  return ctx.folder.path[1] as string;
}

/**
 * Moves or copies a selection to another active team of the same project (issue 19). Moving takes
 * the photos out of this team (team controllers, as deleting); the target must be one the caller
 * may upload to. A copy is a new photo with its own files (bytes copied), tags of the project kept.
 */
export async function transferPhotos(
  db: AppDb,
  storage: FileStorage,
  ctx: AccessContext,
  body: PhotoTransfer,
  target: AccessContext,
): Promise<{ photoIds: string[] }> {
  const workspaceId = ctx.workspace.workspaceId;
  if (
    target.folder.kind !== 'team' ||
    projectOf(target) !== projectOf(ctx) ||
    target.folder.folderId === ctx.folder.folderId
  )
    throw new AppError('validationFailed', {
      errors: [{ path: 'body.targetTeamId', message: 'Choose another team of the same project', code: 'invalid' }],
    });
  requireActiveTeam(target);
  if (body.mode === 'move') {
    return inScope(db, ctx.scope, async (tx) => {
      const photos = await selection(tx, ctx, body.photoIds);
      const ids = photos.map((p) => p.id);
      await queries.movePhotos(tx, workspaceId, ids, target.folder.folderId);
      await recordEvents(tx, [
        photoEvent(ctx, 'photo.moved', ids, { to: target.folder.folderId }),
        photoEvent(target, 'photo.movedIn', ids, { from: ctx.folder.folderId }),
      ]);
      return { photoIds: ids };
    });
  }
  const { photos, stored } = await inScope(db, ctx.scope, async (tx) => {
    const photos = await selection(tx, ctx, body.photoIds);
    return {
      photos,
      stored: await queries.photoStorage(
        tx,
        workspaceId,
        photos.map((p) => p.id),
      ),
    };
  });
  // Bytes first (flushed), then the rows in one transaction.
  const copies = await Promise.all(
    photos.map(async (photo) => {
      const copies = stored.filter((s) => s.photo_id === photo.id);
      const written = await Promise.all(
        copies.map(async (s) => {
          const storageKey = `${workspaceId}/${randomUUID()}.jpg`;
          await storage.putStream(storageKey, storage.read(s.storage_key));
          return { ...s, storageKey };
        }),
      );
      return { photo, written, photoId: randomUUID(), fileId: randomUUID() };
    }),
  );
  return inScope(db, ctx.scope, async (tx) => {
    for (const copy of copies) {
      const xl = copy.written.find((w) => w.size === 'xl');
      const original = await queries.fileOfPhoto(tx, workspaceId, copy.photo.id);
      if (!xl || !original) throw new AppError('notFound', { detail: 'Some of these photos no longer exist' });
      await recordFile(tx, {
        workspaceId,
        fileId: copy.fileId,
        folderId: target.folder.folderId,
        purpose: 'photo',
        contentType: original.content_type,
        byteSize: Number(xl.byte_size),
        width: Number(xl.width),
        height: Number(xl.height),
        sha256: original.sha256,
        storageKey: xl.storageKey,
        location: copy.photo.location,
        fileName: copy.photo.fileName,
        createdBy: ctx.user.userId,
      });
      await queries.insertPhoto(tx, {
        workspaceId,
        photoId: copy.photoId,
        teamId: target.folder.folderId,
        fileId: copy.fileId,
        source: 'upload',
        formId: null,
        fileName: copy.photo.fileName,
        takenAt: copy.photo.takenAt ? new Date(copy.photo.takenAt) : null,
        location: copy.photo.location,
        uploadedBy: ctx.user.userId,
      });
      await queries.insertSizes(
        tx,
        workspaceId,
        copy.photoId,
        copy.written
          .filter((w) => w.size !== 'xl')
          .map((w) => ({
            size: w.size as queries.PhotoSizeRow['size'],
            storageKey: w.storageKey,
            width: Number(w.width),
            height: Number(w.height),
            byteSize: Number(w.byte_size),
          })),
      );
      const projectTags = await queries.usableTagIds(
        tx,
        workspaceId,
        target.folder.folderId,
        projectOf(target),
        copy.photo.tagIds,
      );
      await queries.addTags(tx, workspaceId, [copy.photoId], [...projectTags]);
    }
    const ids = copies.map((c) => c.photoId);
    await recordEvents(tx, [photoEvent(target, 'photo.copiedIn', ids, { from: ctx.folder.folderId })]);
    return { photoIds: ids };
  });
}

/* Tags and tag groups (project and team level) */

/** The tags of the route's folder: a team sees its project's and its own; a project its own. */
export async function tagCatalog(db: AppDb, ctx: AccessContext): Promise<TagCatalog> {
  const folders = ctx.folder.kind === 'team' ? [projectOf(ctx), ctx.folder.folderId] : [ctx.folder.folderId];
  return inScope(db, ctx.scope, (tx) => queries.tagCatalog(tx, ctx.workspace.workspaceId, folders));
}

const tagNameUsed = () => new AppError('duplicate', { detail: 'A tag with this name already exists here' });
const groupNameUsed = () => new AppError('duplicate', { detail: 'A tag group with this name already exists here' });

function tagEvent(ctx: AccessContext, action: string, details: Record<string, unknown>) {
  return {
    workspaceId: ctx.workspace.workspaceId,
    actorUserId: ctx.user.userId,
    action,
    subjectType: ctx.folder.kind === 'team' ? ('team' as const) : ('project' as const),
    subjectId: ctx.folder.folderId,
    folderPath: [...ctx.folder.path],
    details,
  };
}

async function requireGroup(tx: Tx, ctx: AccessContext, groupId: string | null, path: string) {
  if (groupId === null) return;
  if (!(await queries.groupOfFolder(tx, ctx.workspace.workspaceId, ctx.folder.folderId, groupId)))
    throw new AppError('validationFailed', {
      errors: [{ path, message: 'This tag group is not in this folder', code: 'invalid' }],
    });
}

/** Where a tag or tag group lives: a project or a team of the workspace. */
type TagFolder = { workspaceId: string; folderId: string };

/**
 * Adds a tag to a project or team inside the caller's transaction (its group, if any, already
 * checked to be of the same folder). The route and the demo seed both come through here.
 */
export async function addTag(tx: Tx, where: TagFolder, body: z.output<typeof tagCreateSchema>): Promise<Tag> {
  const tagId = randomUUID();
  if (await queries.insertTag(tx, { ...where, tagId, ...body })) throw tagNameUsed();
  return (await queries.tagOfFolder(tx, where.workspaceId, where.folderId, tagId)) as Tag;
}

/** Adds a tag group to a project or team inside the caller's transaction (route and demo seed). */
export async function addTagGroup(tx: Tx, where: TagFolder, name: string): Promise<TagGroup> {
  const groupId = randomUUID();
  if (await queries.insertGroup(tx, { ...where, groupId, name })) throw groupNameUsed();
  return (await queries.groupOfFolder(tx, where.workspaceId, where.folderId, groupId)) as TagGroup;
}

/** Puts tags on photos inside the caller's transaction (tags already checked usable in the photos' team). */
export async function addPhotoTags(tx: Tx, workspaceId: string, photoIds: string[], tagIds: string[]): Promise<void> {
  await queries.addTags(tx, workspaceId, photoIds, [...new Set(tagIds)]);
}

export async function createTag(db: AppDb, ctx: AccessContext, body: z.output<typeof tagCreateSchema>): Promise<Tag> {
  return inScope(db, ctx.scope, async (tx) => {
    await requireGroup(tx, ctx, body.groupId, 'body.groupId');
    const tag = await addTag(tx, { workspaceId: ctx.workspace.workspaceId, folderId: ctx.folder.folderId }, body);
    await recordEvents(tx, [tagEvent(ctx, 'tag.created', { tagId: tag.id, name: body.name })]);
    return tag;
  });
}

export async function updateTag(
  db: AppDb,
  ctx: AccessContext,
  tagId: string,
  body: z.output<typeof tagUpdateSchema>,
): Promise<Tag> {
  const workspaceId = ctx.workspace.workspaceId;
  return inScope(db, ctx.scope, async (tx) => {
    const tag = await queries.tagOfFolder(tx, workspaceId, ctx.folder.folderId, tagId);
    if (!tag) throw new AppError('notFound');
    if (body.groupId !== undefined) await requireGroup(tx, ctx, body.groupId, 'body.groupId');
    const next = {
      name: body.name ?? tag.name,
      colour: body.colour ?? tag.colour,
      groupId: body.groupId === undefined ? tag.groupId : body.groupId,
    };
    if (await queries.updateTag(tx, workspaceId, tagId, next)) throw tagNameUsed();
    await recordEvents(tx, [tagEvent(ctx, 'tag.updated', { tagId, name: next.name, from: tag.name })]);
    return { ...tag, ...next };
  });
}

export async function deleteTag(db: AppDb, ctx: AccessContext, tagId: string): Promise<{ id: string }> {
  const workspaceId = ctx.workspace.workspaceId;
  return inScope(db, ctx.scope, async (tx) => {
    const tag = await queries.tagOfFolder(tx, workspaceId, ctx.folder.folderId, tagId);
    if (!tag) throw new AppError('notFound');
    await queries.deleteTag(tx, workspaceId, tagId);
    await recordEvents(tx, [tagEvent(ctx, 'tag.deleted', { tagId, name: tag.name })]);
    return { id: tagId };
  });
}

export async function createTagGroup(db: AppDb, ctx: AccessContext, name: string): Promise<TagGroup> {
  return inScope(db, ctx.scope, async (tx) => {
    const group = await addTagGroup(
      tx,
      { workspaceId: ctx.workspace.workspaceId, folderId: ctx.folder.folderId },
      name,
    );
    await recordEvents(tx, [tagEvent(ctx, 'tagGroup.created', { groupId: group.id, name })]);
    return group;
  });
}

export async function renameTagGroup(db: AppDb, ctx: AccessContext, groupId: string, name: string): Promise<TagGroup> {
  const workspaceId = ctx.workspace.workspaceId;
  return inScope(db, ctx.scope, async (tx) => {
    const group = await queries.groupOfFolder(tx, workspaceId, ctx.folder.folderId, groupId);
    if (!group) throw new AppError('notFound');
    if (await queries.renameGroup(tx, workspaceId, groupId, name)) throw groupNameUsed();
    await recordEvents(tx, [tagEvent(ctx, 'tagGroup.renamed', { groupId, name, from: group.name })]);
    return { ...group, name };
  });
}

export async function deleteTagGroup(db: AppDb, ctx: AccessContext, groupId: string): Promise<{ id: string }> {
  const workspaceId = ctx.workspace.workspaceId;
  return inScope(db, ctx.scope, async (tx) => {
    const group = await queries.groupOfFolder(tx, workspaceId, ctx.folder.folderId, groupId);
    if (!group) throw new AppError('notFound');
    await queries.deleteGroup(tx, workspaceId, groupId);
    await recordEvents(tx, [tagEvent(ctx, 'tagGroup.deleted', { groupId, name: group.name })]);
    return { id: groupId };
  });
}

/* Comments and mentions (issue 19.3) */

/** A photo's comments, oldest first (the photo found through the route's team, else 404). */
export async function listComments(db: AppDb, ctx: AccessContext, photoId: string): Promise<PhotoComments> {
  return inScope(db, ctx.scope, async (tx) => {
    await onePhoto(tx, ctx, photoId);
    return { comments: await queries.photoComments(tx, ctx.workspace.workspaceId, photoId) };
  });
}

/**
 * Adds a comment to a photo of the route's team. Everyone mentioned must be able to see the team
 * (400 naming the mention otherwise); each of them but the author is e-mailed in the same
 * transaction (the mail is sent if the comment commits). The comment id is the client's: the same
 * comment sent again answers the comment it made.
 */
export async function addComment(
  db: AppDb,
  deps: { publicUrl: string },
  ctx: AccessContext,
  photoId: string,
  body: z.output<typeof photoCommentCreateSchema>,
): Promise<{ comment: PhotoComment; created: boolean }> {
  const workspaceId = ctx.workspace.workspaceId;
  return inScope(db, ctx.scope, async (tx) => {
    const photo = await onePhoto(tx, ctx, photoId);
    const existing = await queries.commentById(tx, workspaceId, body.commentId);
    if (existing) {
      if (existing.photoId !== photoId)
        throw new AppError('duplicate', { detail: 'A different comment already has this id' });
      return { comment: existing, created: false };
    }
    const mentionIds = [...new Set(body.mentions)];
    const people = await Promise.all(
      mentionIds.map((userId) => teamPerson(tx, workspaceId, ctx.folder.path as string[], userId)),
    );
    const errors = mentionIds.flatMap((userId, i) =>
      people[i]
        ? []
        : [
            {
              path: `body.mentions.${body.mentions.indexOf(userId)}`,
              message: 'This person cannot see this team',
              code: 'invalid',
            },
          ],
    );
    if (errors.length > 0) throw new AppError('validationFailed', { errors });
    await queries.insertComment(tx, {
      workspaceId,
      commentId: body.commentId,
      photoId,
      authorId: ctx.user.userId,
      body: body.body,
      mentions: mentionIds,
    });
    await recordEvents(tx, [
      photoEvent(ctx, 'photo.commented', [photoId], { commentId: body.commentId, mentions: mentionIds }),
    ]);
    const author = `${ctx.user.firstName} ${ctx.user.lastName}`.trim() || ctx.user.email;
    const link = `${deps.publicUrl}/photos/teams/${ctx.folder.folderId}`;
    const localeOf = await recipientLocales(
      tx,
      workspaceId,
      people.flatMap((person) => (person ? [person.email] : [])),
    );
    for (const person of people) {
      if (!person || person.userId === ctx.user.userId) continue;
      const { t } = textsIn(localeOf(person.email));
      await enqueueMail(tx, {
        to: person.email,
        subject: t('mail.photoMention.subject', { author }),
        text: t('mail.photoMention.body', {
          name: person.name,
          author,
          photo: photo.fileName
            ? t('mail.photoMention.namedPhoto', { fileName: photo.fileName })
            : t('mail.photoMention.aPhoto'),
          workspace: ctx.workspace.name,
          team: ctx.folder.name,
          comment: body.body,
          link,
        }),
      });
    }
    return { comment: (await queries.commentById(tx, workspaceId, body.commentId)) as PhotoComment, created: true };
  });
}
