import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type {
  LinkUploadedFile,
  LinkUploadGrant,
  LinkUploadGrantCreate,
  linkUploadPurposes,
} from '@formwork/shared/schemas/links';
import type { AppDb } from '../../db/client.ts';
import { inScope, type Scope } from '../../db/tenant.ts';
import { AppError } from '../../errors.ts';
import { processImage } from '../../files/images.ts';
import type { FileStorage } from '../../files/storage.ts';
import { enqueueJob } from '../../jobs/job-queue.ts';
import type { JobHandler } from '../../jobs/runner.ts';
import { recordEvents } from '../activity/record-events.ts';
import { recordFile, writeImage } from '../files/files.service.ts';
import {
  findOpenLink,
  humanCheckFailed,
  type LinkGuards,
  limitLink,
  linkThrottles,
} from './link-submissions.service.ts';
import * as queries from './links.queries.ts';

/**
 * Photos, sketches and signatures through a submission link (issue 21). After the human check the
 * public page gets a grant: a MAC over the workspace, the link, the submission attempt (the form id
 * the page will submit) and an expiry, so it needs no storage and names nothing else. Each upload
 * with it goes through the signed-in upload's checks and storage (processImage, writeImage) into the
 * link's team, and is bound to that link and attempt (link_uploads): only that submission may name
 * it. What is never submitted is removed by a job a day later.
 */

const minute = 60_000;
export const linkUploadGrantTtlMs = 60 * minute;
/** How long an upload waits for its submission before the cleanup job removes it. */
export const linkUploadKeepMs = 24 * 60 * minute;
export const linkUploadCleanupJobKind = 'links.uploadCleanup';

type LinkUploadPurpose = (typeof linkUploadPurposes)[number];
type GrantClaims = { workspaceId: string; linkId: string; formId: string; expiresAt: number };

function mac(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(`link-upload-grant:${payload}`).digest('base64url');
}

export function grantOf(secret: string, claims: GrantClaims): string {
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${payload}.${mac(secret, payload)}`;
}

/** The grant's claims when its MAC is the server's and it has not expired; else null. */
function readGrant(secret: string, grant: string, now = Date.now()): GrantClaims | null {
  const [payload, given, extra] = grant.split('.');
  if (!payload || !given || extra !== undefined) return null;
  const a = Buffer.from(given);
  const b = Buffer.from(mac(secret, payload));
  if (a.length !== b.length || !timingSafeEqual(a, b)) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as GrantClaims;
    return claims.expiresAt > now ? claims : null;
  } catch {
    return null;
  }
}

export type LinkUploadGuards = LinkGuards & { grantSecret: string };

/**
 * A grant to upload files for one submission attempt through an open link, after the human check;
 * limited per address as the link's challenges are.
 */
export async function grantUploads(
  db: AppDb,
  guards: LinkUploadGuards,
  token: string,
  body: LinkUploadGrantCreate,
  ip: string,
): Promise<LinkUploadGrant> {
  const { scope, link } = await findOpenLink(db, token);
  await limitLink(db, linkThrottles(guards.limits).uploadGrant, 'link-upload-grant', link.id, ip);
  if (!(await guards.humanCheck.verify(body.humanCheck, ip))) throw humanCheckFailed();
  const expiresAt = Date.now() + linkUploadGrantTtlMs;
  const claims = { workspaceId: scope.workspaceId as string, linkId: link.id, formId: body.formId, expiresAt };
  return { grant: grantOf(guards.grantSecret, claims), expiresAt: new Date(expiresAt).toISOString() };
}

/**
 * One file uploaded through an open link with its grant (a forged or expired grant, or another
 * link's: 404), limited per address and per link; checked, re-encoded and stored as a signed-in
 * upload is, in the link's team, with its audit event and its cleanup job in one transaction.
 */
export async function uploadThroughLink(
  db: AppDb,
  storage: FileStorage,
  guards: LinkUploadGuards,
  input: { token: string; grant: string; purpose: LinkUploadPurpose; data: Buffer; ip: string },
): Promise<LinkUploadedFile> {
  const { scope, link } = await findOpenLink(db, input.token);
  const workspaceId = scope.workspaceId as string;
  const claims = readGrant(guards.grantSecret, input.grant);
  if (claims?.workspaceId !== workspaceId || claims.linkId !== link.id) throw new AppError('linkNotFound');
  await limitLink(db, linkThrottles(guards.limits).upload, 'link-upload', link.id, input.ip);
  const image = await processImage(input.data, input.purpose, { keepLocation: false });
  const file = await writeImage(storage, image, {
    workspaceId,
    folderId: link.teamId,
    purpose: input.purpose,
    createdBy: null,
  });
  return inScope(db, scope, async (tx) => {
    const row = await recordFile(tx, { ...file, fileName: null });
    await queries.insertUpload(tx, { workspaceId, fileId: row.fileId, linkId: link.id, formId: claims.formId });
    await recordEvents(tx, [
      {
        workspaceId,
        actorUserId: null,
        action: 'file.uploaded',
        subjectType: 'file',
        subjectId: row.fileId,
        folderPath: link.folderPath,
        details: { purpose: input.purpose, byteSize: row.byteSize, fileName: null, link: link.name },
      },
    ]);
    await enqueueJob(tx, {
      workspaceId,
      jobId: randomUUID(),
      kind: linkUploadCleanupJobKind,
      folderId: link.teamId,
      params: { fileId: row.fileId },
      createdBy: null,
      runAfter: new Date(Date.now() + linkUploadKeepMs),
    });
    return {
      fileId: row.fileId,
      contentType: row.contentType,
      byteSize: row.byteSize,
      width: row.width,
      height: row.height,
    };
  });
}

/** Removes an upload through a link that no submission named (its record, then its bytes). */
export function linkUploadCleanupJobHandler(db: AppDb, storage: FileStorage): JobHandler {
  return async (job) => {
    const { fileId } = job.params as { fileId: string };
    const scope: Scope = { workspaceId: job.workspaceId, userId: null, isAdmin: false };
    const removed = await inScope(db, scope, (tx) => queries.removeUnsubmittedUpload(tx, job.workspaceId, fileId));
    if (removed) await storage.remove(removed.storageKey);
    return { removed: removed !== null };
  };
}
