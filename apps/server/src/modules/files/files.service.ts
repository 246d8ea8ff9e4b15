import { createHash, randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { StoredFile } from '@formwork/shared/schemas/files';
import type { UploadPurpose } from '@formwork/shared/uploads';
import type { AccessContext } from '../../authz/context.ts';
import type { AppDb } from '../../db/client.ts';
import { inScope, type Scope, type Tx } from '../../db/tenant.ts';
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
    fileName: row.fileName ?? null,
    createdAt: row.createdAt.toISOString(),
    url: `/api/companies/${row.workspaceId}/files/${row.fileId}`,
  };
}

/**
 * Writes an image that processImage checked and re-encoded under a new file id (bytes flushed
 * before anything points at them) and returns its record for the files table, sizes and hash
 * included. Uploads insert the record in a transaction of their own, the demo seed inside the one it runs in.
 */
export async function writeImage(
  storage: FileStorage,
  image: ProcessedImage,
  file: { workspaceId: string; folderId: string; purpose: UploadPurpose; createdBy: string | null },
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
  ctx: AccessContext,
  input: { purpose: UploadPurpose; keepLocation: boolean; fileName?: string; data: Buffer },
): Promise<StoredFile> {
  const { user, folder } = ctx;
  const { workspaceId } = ctx.workspace;
  const { folderId } = folder;
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
    const row = await recordFile(tx, { ...file, fileName: input.fileName ?? null });
    await recordEvents(tx, [
      {
        workspaceId,
        actorUserId: user.userId,
        action: 'file.uploaded',
        subjectType: 'file',
        subjectId: row.fileId,
        folderPath: folder.path as string[],
        details: { purpose: input.purpose, byteSize: row.byteSize, fileName: row.fileName },
      },
    ]);
    return toStoredFile(row);
  });
}

/** A stored file and its bytes, for someone who may view the folder it belongs to. */
export async function readFile(
  db: AppDb,
  storage: FileStorage,
  ctx: AccessContext,
  fileId: string,
): Promise<{ file: StoredFile; stream: Readable }> {
  return readFileIn(db, storage, ctx.scope, ctx.workspace.workspaceId, fileId);
}

/**
 * A workspace's file by a scope its caller has verified some other way than membership (an
 * activation link shows its workspace's logo before anyone is signed in).
 */
export async function readFileIn(
  db: AppDb,
  storage: FileStorage,
  scope: Scope,
  workspaceId: string,
  fileId: string,
): Promise<{ file: StoredFile; stream: Readable }> {
  const row = await inScope(db, scope, (tx) => queries.getFile(tx, workspaceId, fileId));
  if (!row) throw new AppError('notFound');
  return { file: toStoredFile(row), stream: storage.read(row.storageKey) };
}

/** Records a file written by writeImage, inside the caller's transaction: uploads and the demo seed. */
export async function recordFile(tx: Tx, file: queries.NewFile): Promise<FileRow> {
  return queries.insertFile(tx, file);
}

/** Which of the ids are logos uploaded to the workspace (purpose `logo`): the workspace settings check theirs. */
export async function knownLogos(tx: Tx, workspaceId: string, fileIds: string[]): Promise<Set<string>> {
  return new Set((await queries.logoFiles(tx, workspaceId, fileIds)).map((f) => f.fileId));
}
