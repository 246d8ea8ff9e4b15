import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { isoDay } from '@formwork/shared/forms/date-text';
import { type PhotoZip, type PhotoZipRequest, photoZipTtlHours } from '@formwork/shared/schemas/photos';
import type { AccessContext } from '../../authz/context.ts';
import type { AppDb } from '../../db/client.ts';
import { inScope, type Scope } from '../../db/tenant.ts';
import { AppError } from '../../errors.ts';
import type { FileStorage } from '../../files/storage.ts';
import { type ZipEntry, zipStream } from '../../files/zip-stream.ts';
import { enqueueJob, findJob, type Job, setJobProgress } from '../../jobs/job-queue.ts';
import { type JobHandler, jobQueued } from '../../jobs/runner.ts';
import { recordEvents } from '../activity/record-events.ts';
import * as queries from './photos.queries.ts';

/**
 * Download of a selection of a team's photos as one ZIP (issue 19), made by a job: the request
 * checks the selection and answers at once; the job streams each stored photo into a ZIP in
 * storage (one photo's bytes in flight at a time, deflated as they arrive), recording how many it
 * has written; whoever asked downloads it until it expires, when a second job removes it.
 */

/** The job kinds: making a ZIP, and removing it once it has expired. */
export const photoZipJobKind = 'photos.zip';
export const photoZipExpiryJobKind = 'photos.zipExpiry';

type PhotoZipParams = { teamId: string; photoIds: string[]; timeZone: string };
type PhotoZipProgress = { photoCount: number; writtenCount: number };
type PhotoZipResult = PhotoZipProgress & { key: string; fileName: string; bytes: number; expiresAt: string };

function toPhotoZip(job: Job, teamId: string): PhotoZip {
  const result = (job.result ?? {}) as Partial<PhotoZipResult>;
  const expiresAt = result.expiresAt ?? null;
  const expired = expiresAt !== null && Date.parse(expiresAt) <= Date.now();
  const state = job.state === 'succeeded' ? (expired ? 'expired' : 'ready') : job.state;
  return {
    zipId: job.jobId,
    state,
    photoCount: result.photoCount ?? 0,
    writtenCount: result.writtenCount ?? 0,
    fileName: result.fileName ?? null,
    downloadUrl: state === 'ready' ? `/api/teams/${teamId}/photo-zips/${job.jobId}/download` : null,
    expiresAt,
    createdAt: job.createdAt,
    finishedAt: job.finishedAt,
  };
}

/**
 * Queues a ZIP of photos of the route's team. Every photo must be the team's now (else 404 before
 * anything is queued); the job, its progress and its audit event are written in one transaction.
 */
export async function requestPhotoZip(db: AppDb, ctx: AccessContext, body: PhotoZipRequest): Promise<PhotoZip> {
  const workspaceId = ctx.workspace.workspaceId;
  const teamId = ctx.folder.folderId;
  const photoIds = [...new Set(body.photoIds)];
  const queued = await inScope(db, ctx.scope, async (tx) => {
    const found = await queries.zipSources(tx, workspaceId, teamId, photoIds);
    if (found.length !== photoIds.length)
      throw new AppError('notFound', { detail: 'Some of these photos no longer exist' });
    const job = await enqueueJob(tx, {
      workspaceId,
      jobId: randomUUID(),
      kind: photoZipJobKind,
      folderId: teamId,
      params: { teamId, photoIds, timeZone: ctx.workspace.timeZone } satisfies PhotoZipParams,
      createdBy: ctx.user.userId,
      progress: { photoCount: photoIds.length, writtenCount: 0 } satisfies PhotoZipProgress,
    });
    await recordEvents(tx, [
      {
        workspaceId,
        actorUserId: ctx.user.userId,
        action: 'photo.zipRequested',
        subjectType: 'team',
        subjectId: teamId,
        folderPath: [...ctx.folder.path],
        details: { zipId: job.jobId, count: photoIds.length },
      },
    ]);
    return toPhotoZip(job, teamId);
  });
  jobQueued(db);
  return queued;
}

/** A ZIP of the route's team that the caller asked for (anyone else's, or another team's, is not found). */
async function zipOfRequester(db: AppDb, ctx: AccessContext, zipId: string): Promise<Job> {
  const job = await inScope(db, ctx.scope, (tx) =>
    findJob(tx, ctx.workspace.workspaceId, zipId, photoZipJobKind, { withoutParams: true }),
  );
  if (!job || job.folderId !== ctx.folder.folderId || job.createdBy !== ctx.user.userId)
    throw new AppError('exportNotFound');
  return job;
}

export async function getPhotoZip(db: AppDb, ctx: AccessContext, zipId: string): Promise<PhotoZip> {
  return toPhotoZip(await zipOfRequester(db, ctx, zipId), ctx.folder.folderId);
}

/** The finished ZIP's bytes: 409 while it is being made (or failed), 410 once it has expired. */
export async function downloadPhotoZip(
  db: AppDb,
  storage: FileStorage,
  ctx: AccessContext,
  zipId: string,
): Promise<{ stream: Readable; fileName: string }> {
  const job = await zipOfRequester(db, ctx, zipId);
  const zip = toPhotoZip(job, ctx.folder.folderId);
  if (zip.state === 'expired') throw new AppError('exportExpired');
  if (zip.state !== 'ready') throw new AppError('exportNotReady');
  const result = job.result as PhotoZipResult;
  return { stream: storage.read(result.key), fileName: result.fileName };
}

/**
 * A name per photo in a ZIP: its file name as a .jpg (the stored photo is a JPEG), else its id;
 * a name already taken (case-insensitively) gets ` (2)`, ` (3)`... in the order given.
 */
export function zipEntryNames(photos: readonly { id: string; fileName: string | null }[]): string[] {
  const taken = new Set<string>();
  return photos.map((photo) => {
    const base = (photo.fileName ?? photo.id).replace(/\.[^.]*$/, '').replace(/[\\/]/g, '_') || photo.id;
    let name = `${base}.jpg`;
    for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${base} (${n}).jpg`;
    taken.add(name.toLowerCase());
    return name;
  });
}

/**
 * The ZIP job. The photos still in the team are listed in one short transaction; the archive is
 * then written with no transaction open (requests go on meanwhile, the embedded database
 * included): each stored photo is read from storage only when its entry is reached and deflated
 * into storage as it streams, so memory stays bounded whatever the selection's size. How many are
 * written is recorded as it goes (at most every `progressEveryMs`). Photos deleted or moved since
 * the request are left out; none left fails the job.
 */
export function photoZipJobHandler(
  db: AppDb,
  storage: FileStorage,
  options: { progressEveryMs?: number } = {},
): JobHandler {
  const progressEveryMs = options.progressEveryMs ?? 1000;
  return async (job) => {
    const params = job.params as PhotoZipParams;
    const { workspaceId } = job;
    const scope: Scope = { workspaceId, userId: job.createdBy, isAdmin: false };
    const photoCount = params.photoIds.length;
    const photos = await inScope(db, scope, (tx) =>
      queries.zipSources(tx, workspaceId, params.teamId, params.photoIds),
    );
    if (photos.length === 0) throw new Error('None of the selected photos is available any more');
    const names = zipEntryNames(photos);
    let writtenCount = 0;
    let recordedAt = Date.now();
    const record = () => inScope(db, scope, (tx) => setJobProgress(tx, job, { photoCount, writtenCount }));
    const entries = function* (): Generator<ZipEntry> {
      for (const [i, photo] of photos.entries()) {
        yield {
          name: names[i] as string,
          data: (async function* () {
            for await (const chunk of storage.read(photo.storageKey)) yield chunk as Buffer;
            writtenCount += 1;
            if (Date.now() - recordedAt >= progressEveryMs) {
              recordedAt = Date.now();
              await record();
            }
          })(),
        };
      }
    };
    const key = `${workspaceId}/${job.jobId}.zip`;
    const bytes = await storage.putStream(key, zipStream(entries()));
    const expiresAt = new Date(Date.now() + photoZipTtlHours * 3600_000);
    // The ZIP is removed once it expires, by a job due then (the download refuses it from that moment).
    await inScope(db, scope, (tx) =>
      enqueueJob(tx, {
        workspaceId,
        jobId: randomUUID(),
        kind: photoZipExpiryJobKind,
        folderId: params.teamId,
        params: { zipId: job.jobId, key },
        createdBy: null,
        runAfter: expiresAt,
      }),
    );
    return {
      photoCount,
      writtenCount,
      key,
      fileName: `photos-${isoDay(new Date(), params.timeZone)}.zip`,
      bytes,
      expiresAt: expiresAt.toISOString(),
    } satisfies PhotoZipResult;
  };
}

/** Removes an expired ZIP from storage. */
export function photoZipExpiryJobHandler(storage: FileStorage): JobHandler {
  return async (job) => {
    const { key } = job.params as { key: string };
    await storage.remove(key);
    return { removed: key };
  };
}
