import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { LinkClosedReason, LinkSubmissionCreate, PublicLink } from '@formwork/shared/schemas/links';
import type { LinkLimits } from '../../config.ts';
import type { AppDb } from '../../db/client.ts';
import { inScope, type Scope, systemScope, type Tx } from '../../db/tenant.ts';
import { AppError } from '../../errors.ts';
import type { FileStorage } from '../../files/storage.ts';
import { renderFormPdf } from '../../pdf/render-form-pdf.ts';
import { loadPdfForm, pdfModel, pdfOptions, withWorkspaceSettings } from '../form-pdf/form-pdf.service.ts';
import { createSubmittedForm } from '../forms/forms.service.ts';
import { type Throttle, takeAttempt } from '../identity/credentials.service.ts';
import type { HumanCheck } from '../signup/human-check.ts';
import * as queries from './links.queries.ts';
import { linkTokenHash } from './links.service.ts';

/**
 * The public side of submission links (issue 21): anyone with a link's address opens its page and
 * submits forms into the link's team, without an account. A forged, deleted or archived link (or
 * one in an archived team) is not found (404); an expired, used or full one answers 410 with why.
 */

const minute = 60_000;

/**
 * Per address and per link over 10 minutes (the limiter's `email` key holds the link id): past the
 * configured counts (LINK_CHALLENGES_PER_ADDRESS, LINK_SUBMITS_PER_ADDRESS, LINK_SUBMITS_PER_LINK)
 * a burst is refused with 429.
 */
export function linkThrottles(limits: LinkLimits) {
  return {
    challenge: {
      windowMs: 10 * minute,
      rules: [{ key: 'ip', after: limits.challengesPerAddress, firstMs: 30_000, maxMs: 10 * minute }],
    },
    submit: {
      windowMs: 10 * minute,
      rules: [
        { key: 'ip', after: limits.submitsPerAddress, firstMs: minute, maxMs: 10 * minute },
        { key: 'email', after: limits.submitsPerLink, firstMs: 10_000, maxMs: 10 * minute },
      ],
    },
    uploadGrant: {
      windowMs: 10 * minute,
      rules: [{ key: 'ip', after: limits.challengesPerAddress, firstMs: 30_000, maxMs: 10 * minute }],
    },
    upload: {
      windowMs: 10 * minute,
      rules: [
        { key: 'ip', after: limits.uploadsPerAddress, firstMs: minute, maxMs: 10 * minute },
        { key: 'email', after: limits.uploadsPerLink, firstMs: 10_000, maxMs: 10 * minute },
      ],
    },
  } satisfies Record<string, Throttle>;
}

/** What the public page needs besides the database: the human check and the configured limits. */
export type LinkGuards = { humanCheck: HumanCheck; limits: LinkLimits };

type LinkAttemptKind = 'link-challenge' | 'link-submit' | 'link-upload-grant' | 'link-upload';

export async function limitLink(db: AppDb, throttle: Throttle, kind: LinkAttemptKind, key: string, ip: string) {
  const waitMs = await takeAttempt(db, throttle, kind, key, ip);
  if (waitMs > 0) throw new AppError('tooManyRequests', { meta: { retryAfterSeconds: Math.ceil(waitMs / 1000) } });
}

const closedDetails: Record<LinkClosedReason, string> = {
  expired: 'This link has expired.',
  used: 'This link has already been used.',
  full: 'This link has reached its maximum number of submissions.',
};

function closedReason(link: queries.PublicLinkRow, now = Date.now()): LinkClosedReason | null {
  if (link.expiresAt !== null && Date.parse(link.expiresAt) <= now) return 'expired';
  if (link.kind === 'single' && link.submissionCount >= 1) return 'used';
  if (link.maxSubmissions !== null && link.submissionCount >= link.maxSubmissions) return 'full';
  return null;
}

function closed(reason: LinkClosedReason): AppError {
  return new AppError('linkClosed', { detail: closedDetails[reason], meta: { reason } });
}

type Found = { scope: Scope; link: queries.PublicLinkRow };

/** The open or closed link a token names; forged, deleted, archived or in an archived team: 404. */
async function findLink(db: AppDb, token: string): Promise<Found> {
  const named = await inScope(db, systemScope, (tx) => queries.linkByTokenHash(tx, linkTokenHash(token)));
  if (!named) throw new AppError('linkNotFound');
  const scope: Scope = { workspaceId: named.workspaceId, userId: null, isAdmin: false };
  const link = await inScope(db, scope, (tx) => queries.linkForPublic(tx, named.workspaceId, named.linkId));
  if (link?.state !== 'active' || link.folderState !== 'active') throw new AppError('linkNotFound');
  return { scope, link };
}

/** A link that takes submissions now: 404 as findLink, 410 when expired, used or full. */
export async function findOpenLink(db: AppDb, token: string): Promise<Found> {
  const found = await findLink(db, token);
  const reason = closedReason(found.link);
  if (reason) throw closed(reason);
  return found;
}

/** The public page's link: its name, what it asks and its templates' current definitions (410 when closed). */
export async function openLink(db: AppDb, humanCheck: HumanCheck, token: string): Promise<PublicLink> {
  const { scope, link } = await findOpenLink(db, token);
  const templates = await inScope(db, scope, (tx) =>
    queries.linkTemplateDefinitions(tx, scope.workspaceId as string, link.id),
  );
  return {
    name: link.name,
    kind: link.kind,
    askSubmitterName: link.askSubmitterName,
    askSubmitterEmail: link.askSubmitterEmail,
    templates,
    humanCheck: humanCheck.kind,
    recaptchaSiteKey: humanCheck.siteKey,
  };
}

/** A human-check challenge for a link's page (limited per address). */
export async function linkChallenge(db: AppDb, guards: LinkGuards, token: string, ip: string) {
  await findLink(db, token);
  await limitLink(db, linkThrottles(guards.limits).challenge, 'link-challenge', '', ip);
  const challenge = await guards.humanCheck.challenge();
  if (!challenge) throw new AppError('routeNotFound');
  return challenge;
}

export function humanCheckFailed(): AppError {
  return new AppError('validationFailed', {
    errors: [{ path: 'body.humanCheck', message: 'Please verify that you are not a robot' }],
  });
}

/**
 * One submission (issue 21): rate limited per address and per link, after the human check; in one
 * transaction the link counts it (a single link exactly once, an ongoing one up to its maximum,
 * never after expiry: takeSubmission), the form is made in the link's team (createSubmittedForm)
 * and its source kept (link name, submitter as given). The form id is the idempotency key: the
 * same submission again answers the form it made, created: false, and counts nothing.
 */
export async function submit(
  db: AppDb,
  checks: LinkGuards & { receiptSecret: string },
  token: string,
  body: LinkSubmissionCreate,
  ip: string,
): Promise<{ formId: string; created: boolean; receipt: string }> {
  const { scope, link } = await findLink(db, token);
  const workspaceId = scope.workspaceId as string;
  const made = await submitOnce(db, checks, scope, link, body, ip);
  return { ...made, receipt: receiptOf(checks.receiptSecret, workspaceId, made.formId) };
}

async function submitOnce(
  db: AppDb,
  guards: LinkGuards,
  scope: Scope,
  link: queries.PublicLinkRow,
  body: LinkSubmissionCreate,
  ip: string,
): Promise<{ formId: string; created: boolean }> {
  const workspaceId = scope.workspaceId as string;
  const replay = await inScope(db, scope, (tx) => queries.submissionExists(tx, workspaceId, body.formId));
  if (replay) return submitIn(db, scope, link, body, null);
  await limitLink(db, linkThrottles(guards.limits).submit, 'link-submit', link.id, ip);
  if (!link.templates.some((t) => t.id === body.templateId)) throw new AppError('formTemplateUnavailable');
  const submitterName = link.askSubmitterName ? body.submitterName || null : null;
  const submitterEmail = link.askSubmitterEmail ? body.submitterEmail || null : null;
  const errors = [
    ...(link.askSubmitterName && !submitterName ? [{ path: 'body.submitterName', message: 'Enter your name' }] : []),
    ...(link.askSubmitterEmail && !submitterEmail
      ? [{ path: 'body.submitterEmail', message: 'Enter your e-mail address' }]
      : []),
  ];
  if (errors.length > 0) throw new AppError('validationFailed', { errors });
  const verified = await guards.humanCheck.verify(body.humanCheck, ip);
  if (!verified) throw humanCheckFailed();
  try {
    return await submitIn(db, scope, link, body, { submitterName, submitterEmail, humanCheckId: verified.id });
  } catch (error) {
    // The same submission committed first while this one waited: answer the form it made.
    if (error instanceof MadeMeanwhile) return submitIn(db, scope, link, body, null);
    throw error;
  }
}

/**
 * The submitter's key to the PDF copy of one submission: a MAC of the workspace and form under the
 * server's secret, so it needs no storage, a retried submit answers the same one, and it names no
 * other form. Only who submitted (and so holds it) can download that copy.
 */
export function receiptOf(secret: string, workspaceId: string, formId: string): string {
  return createHmac('sha256', secret).update(`link-receipt:${workspaceId}:${formId}`).digest('base64url');
}

function sameReceipt(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The submitter's PDF copy of their submission (issue 21), through the PDF module as a team
 * member's export makes it. The link's token, the form submitted through that link and the receipt
 * must all match, else 404 (nothing tells which was wrong). A used or expired link still serves it;
 * an archived or deleted one does not.
 */
export async function submissionPdf(
  db: AppDb,
  storage: FileStorage,
  secret: string,
  input: { token: string; formId: string; receipt: string; timeZone: string | undefined },
): Promise<{ stream: Readable; fileName: string }> {
  const { scope, link } = await findLink(db, input.token);
  const workspaceId = scope.workspaceId as string;
  if (!sameReceipt(input.receipt, receiptOf(secret, workspaceId, input.formId))) throw new AppError('linkNotFound');
  const made = await inScope(db, scope, async (tx) => {
    if (!(await queries.submittedThrough(tx, workspaceId, link.id, input.formId))) throw new AppError('linkNotFound');
    const zone = await queries.workspaceTimeZone(tx, workspaceId);
    const options = await withWorkspaceSettings(tx, workspaceId, pdfOptions(zone, input.timeZone), null);
    const place = { workspaceId, teamId: link.teamId };
    const loaded = await loadPdfForm(tx, place, input.formId, options);
    if (!loaded) throw new AppError('linkNotFound');
    return { model: await pdfModel(tx, storage, workspaceId, link.teamId, loaded, options), fileName: loaded.fileName };
  });
  return { stream: renderFormPdf(made.model), fileName: made.fileName };
}

/** Rolls back a submission whose form a concurrent retry of it made first. */
class MadeMeanwhile extends Error {}

async function submitIn(
  db: AppDb,
  scope: Scope,
  link: queries.PublicLinkRow,
  body: LinkSubmissionCreate,
  fresh: { submitterName: string | null; submitterEmail: string | null; humanCheckId: string } | null,
): Promise<{ formId: string; created: boolean }> {
  const workspaceId = scope.workspaceId as string;
  const place = { workspaceId, teamId: link.teamId, folderPath: link.folderPath };
  return inScope(db, scope, async (tx: Tx) => {
    if (!fresh) {
      // A retry of a submission already made: the form it made, nothing counted again.
      const { created, formId } = await createSubmittedForm(tx, place, body, {});
      return { created, formId };
    }
    if (await queries.humanCheckUsed(tx, workspaceId, fresh.humanCheckId)) throw humanCheckFailed();
    if (!(await queries.takeSubmission(tx, workspaceId, link.id))) {
      const now = await queries.linkForPublic(tx, workspaceId, link.id);
      throw closed((now && closedReason(now)) ?? 'used');
    }
    const source = { link: link.name, submitterName: fresh.submitterName, submitterEmail: fresh.submitterEmail };
    // Only the files uploaded through this link for this very submission may be named.
    const uploads = await queries.pendingUploads(tx, workspaceId, link.id, body.formId);
    const made = await createSubmittedForm(tx, place, body, { source }, uploads);
    if (!made.created) throw new MadeMeanwhile();
    await queries.markUploadsSubmitted(tx, workspaceId, made.fileIds);
    await queries.insertSubmission(tx, {
      workspaceId,
      formId: made.formId,
      linkId: link.id,
      linkName: link.name,
      submitterName: fresh.submitterName,
      submitterEmail: fresh.submitterEmail,
      humanCheckId: fresh.humanCheckId,
    });
    return { created: made.created, formId: made.formId };
  });
}
