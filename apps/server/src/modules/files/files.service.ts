import { createHash, randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FolderRef } from '@formwork/shared/permissions';
import type { StoredFile } from '@formwork/shared/schemas/files';
import type { UploadPurpose } from '@formwork/shared/uploads';
import { assertCan } from '../../authz/can.ts';
import { companyContext } from '../../authz/context.ts';
import type { SignedInUser } from '../../authz/signed-in-user.ts';
import type { AppDb } from '../../db/client.ts';
import { inScope, type Tx } from '../../db/tenant.ts';
import { AppError } from '../../errors.ts';
import { type ProcessedImage, processImage } from '../../files/images.ts';
import type { FileStorage } from '../../files/storage.ts';
import { recordEvents } from '../activity/record-events.ts';
import * as queries from './files.queries.ts';

type FileRow = Awaited<ReturnType<typeof queries.insertFile>>;

function toStoredFile(row: FileRow): StoredFile {
  return {
    fileId: row.fileId,
    folderId: row.folderId,
    purpose: row.purpose,
    contentType: row.contentType,
    byteSize: row.byteSize,
    width: row.width,
    height: row.height,
    location: row.location ?? null,
    createdAt: row.createdAt.toISOString(),
    url: `/api/companies/${row.workspaceId}/files/${row.fileId}`,
  };
}

/** The folder as the rules see it; a missing or deleted folder is not found. */
async function folderRef(tx: Tx, workspaceId: string, folderId: string): Promise<FolderRef & { state: string }> {
  if (folderId === workspaceId) return { kind: 'company', path: [workspaceId], state: 'active' };
  const folder = await queries.findFolder(tx, workspaceId, folderId);
  if (!folder || folder.state === 'deleted') throw new AppError('folderNotFound');
  if (folder.kind === 'project') return { kind: 'project', path: [workspaceId, folderId], state: folder.state };
  return { kind: 'team', path: [workspaceId, folder.parentId as string, folderId], state: folder.state };
}

/**
 * Writes an image that processImage checked and re-encoded under a new file id (bytes flushed
 * before anything points at them) and returns its record for the files table, sizes and hash
 * included. Uploads insert the record in a transaction of their own, the demo seed inside the one it runs in.
 */
export async function writeImage(
  storage: FileStorage,
  image: ProcessedImage,
  file: { workspaceId: string; folderId: string; purpose: UploadPurpose; createdBy: string },
): Promise<queries.NewFile> {
  const fileId = randomUUID();
  const storageKey = `${file.workspaceId}/${fileId}.${image.extension}`;
  await storage.put(storageKey, image.data);
  return {
    ...file,
    fileId,
    contentType: image.contentType,
    byteSize: image.data.length,
    width: image.width,
    height: image.height,
    sha256: createHash('sha256').update(image.data).digest('hex'),
    storageKey,
    location: image.location,
  };
}

/**
 * Stores an upload for a folder: checked and re-encoded (processImage), bytes written and flushed
 * first, then the record and its audit event in one transaction, so no record points at nothing.
 */
export async function uploadFile(
  db: AppDb,
  storage: FileStorage,
  user: SignedInUser,
  input: { companyId: string; folderId?: string; purpose: UploadPurpose; keepLocation: boolean; data: Buffer },
): Promise<StoredFile> {
  const ctx = await companyContext(db, user, input.companyId);
  const workspaceId = input.companyId;
  const folderId = input.folderId ?? workspaceId;
  const folder = await inScope(db, ctx.scope, (tx) => folderRef(tx, workspaceId, folderId));
  assertCan(ctx.viewer, 'file.upload', folder);
  if (folder.state !== 'active')
    throw new AppError('conflict', { detail: 'This folder is archived: nothing can be added to it.' });

  const image = await processImage(input.data, input.purpose, { keepLocation: input.keepLocation });
  const file = await writeImage(storage, image, {
    workspaceId,
    folderId,
    purpose: input.purpose,
    createdBy: user.userId,
  });
  return inScope(db, ctx.scope, async (tx) => {
    const row = await queries.insertFile(tx, file);
    await recordEvents(tx, [
      {
        workspaceId,
        actorUserId: user.userId,
        action: 'file.uploaded',
        subjectType: 'file',
        subjectId: row.fileId,
        folderPath: folder.path as string[],
        details: { purpose: input.purpose, byteSize: row.byteSize },
      },
    ]);
    return toStoredFile(row);
  });
}

/** A stored file and its bytes, for someone who may view the folder it belongs to. */
export async function readFile(
  db: AppDb,
  storage: FileStorage,
  user: SignedInUser,
  companyId: string,
  fileId: string,
): Promise<{ file: StoredFile; stream: Readable }> {
  const ctx = await companyContext(db, user, companyId, 'notFound');
  const { row, folder } = await inScope(db, ctx.scope, async (tx) => {
    const found = await queries.getFile(tx, companyId, fileId);
    if (!found) throw new AppError('notFound');
    return { row: found, folder: await folderRef(tx, companyId, found.folderId) };
  });
  assertCan(ctx.viewer, 'folder.view', folder);
  return { file: toStoredFile(row), stream: storage.read(row.storageKey) };
}
