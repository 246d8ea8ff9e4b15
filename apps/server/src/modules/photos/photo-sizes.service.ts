import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { photoSizeEdges, photoThumbnailSizes } from '@formwork/shared/schemas/photos';
import type { AppDb } from '../../db/client.ts';
import { inScope, type Scope, type Tx } from '../../db/tenant.ts';
import { type EncodedSize, photoSizes } from '../../files/images.ts';
import type { FileStorage } from '../../files/storage.ts';
import { enqueueJob } from '../../jobs/job-queue.ts';
import type { JobHandler } from '../../jobs/runner.ts';
import * as queries from './photos.queries.ts';

/**
 * The smaller sizes (XS to L) of photos that came without them: photos taken in a form join the
 * gallery as their stored file alone. A job queued with the form's save makes their sizes soon
 * after, so the gallery's first view reads stored sizes; a size asked before the job has run is
 * made on that request (the fallback). Both come through `makePhotoSizes`.
 */

export const photoSizesJobKind = 'photos.sizes';

type ThumbnailSize = (typeof photoThumbnailSizes)[number];
type PhotoSizesParams = { photoIds: string[] };

/** Queues the sizes of photos just added to a team's gallery, in the caller's transaction. */
export async function queuePhotoSizes(
  tx: Tx,
  where: { workspaceId: string; teamId: string },
  photoIds: string[],
): Promise<void> {
  if (photoIds.length === 0) return;
  await enqueueJob(tx, {
    workspaceId: where.workspaceId,
    jobId: randomUUID(),
    kind: photoSizesJobKind,
    folderId: where.teamId,
    params: { photoIds } satisfies PhotoSizesParams,
    createdBy: null,
  });
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/**
 * Makes the given sizes of a photo from its stored photo (one decode) and keeps them: each written
 * to storage, flushed, then listed in photo_sizes. A size that another request or the job kept
 * meanwhile stays as it was, and the file written here for it is removed. Answers what was made.
 */
export async function makePhotoSizes(
  db: AppDb,
  storage: FileStorage,
  scope: Scope,
  photo: { workspaceId: string; photoId: string; storageKey: string },
  sizes: readonly ThumbnailSize[],
): Promise<Map<ThumbnailSize, EncodedSize>> {
  const stored = await readAll(storage.read(photo.storageKey));
  const encoded = await photoSizes(
    stored,
    sizes.map((size) => photoSizeEdges[size]),
  );
  const rows = await Promise.all(
    sizes.map(async (size, i) => {
      const made = encoded[i] as EncodedSize;
      const storageKey = `${photo.workspaceId}/${randomUUID()}.jpg`;
      await storage.put(storageKey, made.data);
      return { size, storageKey, width: made.width, height: made.height, byteSize: made.data.length };
    }),
  );
  const kept = await inScope(db, scope, (tx) => queries.insertSizes(tx, photo.workspaceId, photo.photoId, rows));
  await Promise.all(rows.filter((row) => !kept.has(row.size)).map((row) => storage.remove(row.storageKey)));
  return new Map(sizes.map((size, i) => [size, encoded[i] as EncodedSize]));
}

/**
 * The sizes job: for each photo still there, the sizes it lacks, one photo at a time (each decode
 * in the process's decode slots, with no transaction open meanwhile). A photo whose stored file
 * cannot be read is counted and left to the on-request fallback, which answers its problem.
 */
export function photoSizesJobHandler(db: AppDb, storage: FileStorage): JobHandler {
  return async (job) => {
    const { photoIds } = job.params as PhotoSizesParams;
    const scope: Scope = { workspaceId: job.workspaceId, userId: null, isAdmin: false };
    const photos = await inScope(db, scope, (tx) => queries.storedAndSizes(tx, job.workspaceId, photoIds));
    let made = 0;
    let failed = 0;
    for (const photo of photos) {
      const missing = photoThumbnailSizes.filter((size) => !photo.sizes.has(size));
      if (missing.length === 0) continue;
      try {
        await makePhotoSizes(db, storage, scope, { workspaceId: job.workspaceId, ...photo }, missing);
        made += 1;
      } catch {
        failed += 1;
      }
    }
    return { photoCount: photoIds.length, made, failed };
  };
}
