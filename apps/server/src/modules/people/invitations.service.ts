import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { CsvError, type CsvRow, parseCsv } from '@formwork/shared/csv';
import type { FieldError } from '@formwork/shared/errors';
import {
  bulkInviteColumns,
  bulkInviteFileMessages,
  bulkInviteMaxRows,
  canGrantLevel,
  hasAccessAt,
  type InvitationProblem,
  invitationMessages,
  invitationValidDays,
  inviteeTypeProblem,
  isFormulaLike,
} from '@formwork/shared/invitation-rules';
import type { Locale } from '@formwork/shared/locales';
import type { FolderKind, FolderRef, Plan, RoleGrant } from '@formwork/shared/permissions';
import { emailSchema } from '@formwork/shared/schemas/identity';
import type {
  BulkInviteBody,
  BulkInviteResult,
  BulkInviteRow,
  Invitation,
  InviteBatch,
  InviteBody,
} from '@formwork/shared/schemas/people';
import { sql } from 'drizzle-orm';
import type { AccessContext, WorkspaceContext } from '../../authz/context.ts';
import type { AppDb } from '../../db/client.ts';
import { inScope, type Tx } from '../../db/tenant.ts';
import { AppError } from '../../errors.ts';
import { recipientLocales } from '../../i18n/recipient-locale.ts';
import { textsIn } from '../../i18n/texts.ts';
import { enqueueJob, findJob, type Job, setJobProgress } from '../../jobs/job-queue.ts';
import { type JobHandler, jobQueued } from '../../jobs/runner.ts';
import { enqueueMail, type OutgoingMail } from '../../mail/mail.ts';
import { type AuditEvent, recordEvents } from '../activity/record-events.ts';
import * as queries from './invitations.queries.ts';

export type InvitationDeps = { db: AppDb; publicUrl: string };

export const hashActivationToken = (token: string) => createHash('sha256').update(token).digest('hex');

const dayMs = 24 * 60 * 60 * 1000;
const expiryFromNow = () => new Date(Date.now() + invitationValidDays * dayMs);

function pathOf(workspaceId: string, kind: FolderKind, folderId: string, parentId: string | null): string[] {
  if (kind === 'company') return [workspaceId];
  if (kind === 'project') return [workspaceId, folderId];
  return [workspaceId, parentId as string, folderId];
}

function toInvitation(row: queries.InvitationRow): Invitation {
  return {
    invitationId: row.invitation_id,
    email: row.email,
    folderId: row.folder_id,
    folderKind: row.folder_kind,
    folderName: row.folder_name,
    role: row.role,
    userType: row.user_type,
    status: row.status,
    delivery: row.delivery,
    deliveryError: row.delivery_error,
    invitedBy: row.invited_by,
    expiresAt: row.expires_at,
    createdAt: row.created_at,
  };
}

/** The roles a person holds in the workspace, as the rules see them. */
function grantsOf(workspaceId: string, row: queries.InviteeRow | undefined): RoleGrant[] {
  return (row?.grants ?? []).map((g) => ({
    folderId: g.folderId,
    kind: g.kind,
    role: g.role,
    path: pathOf(workspaceId, g.kind, g.folderId, g.parentId),
  }));
}

export type RowToCheck = { email: string; folder: FolderRef; userType: Invitation['userType'] };

/**
 * The rules every invitation passes (one or a bulk row): the address's type in the workspace and
 * of its pending invitation, the domain rules, and not already having access to the folder.
 */
export function inviteeProblems(
  workspace: { workspaceId: string; plan: Plan },
  settings: queries.InviteSettingsRow,
  known: queries.InviteeRow | undefined,
  row: RowToCheck,
): { path: 'email' | 'userType'; problem: InvitationProblem }[] {
  const problems: { path: 'email' | 'userType'; problem: InvitationProblem }[] = [];
  const typeProblem = inviteeTypeProblem(
    {
      email: row.email,
      userType: row.userType,
      existingType: known?.existing_type ?? null,
      pendingType: known?.pending_type ?? null,
    },
    { emailDomains: settings.email_domains, visitorsAllowed: settings.visitors_allowed, plan: workspace.plan },
  );
  if (typeProblem) {
    const path = typeProblem.startsWith('visitorsNot') ? 'userType' : 'email';
    problems.push({ path, problem: typeProblem });
  }
  if (known?.existing_type && hasAccessAt(grantsOf(workspace.workspaceId, known), row.folder)) {
    problems.push({ path: 'email', problem: 'alreadyMember' });
  } else if (known?.pending_type && !typeProblem) {
    problems.push({ path: 'email', problem: 'alreadyInvited' });
  }
  return problems;
}

function activationUrl(publicUrl: string, token: string, companyId: string): string {
  return `${publicUrl}/users/activation/${token}/company/${companyId}`;
}

/** Who invites, to which workspace: a request's verified context, or the demo seed's inviter. */
export type Inviter = {
  user: Pick<WorkspaceContext['user'], 'userId' | 'email' | 'firstName' | 'lastName'>;
  workspace: Pick<WorkspaceContext['workspace'], 'workspaceId' | 'name'>;
};

/** The invitation e-mail, in the invitee's locale: who invites, to which workspace, as what, and the link. */
function invitationMail(
  ctx: Inviter,
  invitation: { email: string; userType: Invitation['userType'] },
  url: string,
  locale: Locale,
): OutgoingMail {
  const { t } = textsIn(locale);
  const words = {
    inviter: `${ctx.user.firstName} ${ctx.user.lastName}`.trim() || ctx.user.email,
    workspace: ctx.workspace.name,
    userType: t(
      invitation.userType === 'visitor' ? 'mail.invitation.userType.visitor' : 'mail.invitation.userType.contributor',
    ),
    link: url,
    days: invitationValidDays,
  };
  return { to: invitation.email, subject: t('mail.invitation.subject', words), text: t('mail.invitation.body', words) };
}

const newToken = () => randomBytes(32).toString('base64url');

export type InvitationToWrite = {
  email: string;
  folderId: string;
  folderPath: string[];
  role: Invitation['role'];
  userType: Invitation['userType'];
};

/**
 * The one way invitations are made (one or a bulk's rows): each with its token, its e-mail in the
 * outbox (sent by the mail sender once this transaction commits, never during the request) and
 * its audit event. An address another request invited meanwhile refuses the whole call.
 */
export async function writeInvitations(
  tx: Tx,
  deps: InvitationDeps,
  ctx: Inviter,
  rows: readonly InvitationToWrite[],
  options: { skipInvitedMeanwhile?: boolean } = {},
): Promise<{ invitationId: string; email: string }[]> {
  const workspaceId = ctx.workspace.workspaceId;
  const expiresAt = expiryFromNow();
  const localeOf = await recipientLocales(
    tx,
    workspaceId,
    rows.map((row) => row.email),
  );
  const written = rows.map((row) => {
    const token = newToken();
    const invitationId = randomUUID();
    return {
      row,
      insert: {
        workspaceId,
        invitationId,
        email: row.email,
        folderId: row.folderId,
        role: row.role,
        userType: row.userType,
        invitedBy: ctx.user.userId,
        expiresAt,
        tokenHash: hashActivationToken(token),
        mailId: randomUUID(),
        mail: invitationMail(ctx, row, activationUrl(deps.publicUrl, token, workspaceId), localeOf(row.email)),
      },
    };
  });
  const ids = await queries.insertInvitationsWithLinks(
    tx,
    written.map((w) => w.insert),
  );
  // Another request invited the same address a moment ago.
  const lost = written.find((w) => !ids.has(w.insert.invitationId));
  if (lost && !options.skipInvitedMeanwhile) throw refused([{ path: 'email', problem: 'alreadyInvited' }]);
  const kept = written.filter((w) => ids.has(w.insert.invitationId));
  for (let i = 0; i < kept.length; i += 1000) {
    await recordEvents(
      tx,
      kept
        .slice(i, i + 1000)
        .map(({ row, insert }) =>
          event(
            ctx,
            'invitation.created',
            { invitationId: insert.invitationId, email: row.email, folderPath: row.folderPath },
            { role: row.role, userType: row.userType },
          ),
        ),
    );
  }
  return kept.map((w) => ({ invitationId: w.insert.invitationId, email: w.row.email }));
}

/**
 * Writes a new token for the invitation and, unless only a link is wanted, the e-mail that
 * carries it (in the caller's transaction: sent if and only if the change commits).
 */
async function issueLink(
  tx: Tx,
  deps: InvitationDeps,
  ctx: WorkspaceContext,
  invitation: { invitationId: string; email: string; userType: Invitation['userType'] },
  send: boolean,
): Promise<string> {
  const token = newToken();
  const workspaceId = ctx.workspace.workspaceId;
  await queries.replaceToken(tx, workspaceId, invitation.invitationId, hashActivationToken(token));
  const url = activationUrl(deps.publicUrl, token, workspaceId);
  let mailId: string | null = null;
  if (send) {
    const localeOf = await recipientLocales(tx, workspaceId, [invitation.email]);
    mailId = await enqueueMail(tx, invitationMail(ctx, invitation, url, localeOf(invitation.email)));
  }
  await queries.setMailAndExpiry(tx, workspaceId, invitation.invitationId, mailId, expiryFromNow());
  return url;
}

function event(
  ctx: Inviter,
  action: string,
  invitation: { invitationId: string; email: string; folderPath: string[] },
  details: Record<string, unknown> = {},
): AuditEvent {
  return {
    workspaceId: ctx.workspace.workspaceId,
    actorUserId: ctx.user.userId,
    action,
    subjectType: 'invitation',
    subjectId: invitation.invitationId,
    folderPath: invitation.folderPath,
    details: { email: invitation.email, ...details },
  };
}

function refused(problems: { path: string; problem: InvitationProblem }[]): AppError {
  const errors: FieldError[] = problems.map((p) => ({
    path: `body.${p.path}`,
    message: invitationMessages[p.problem],
    code: p.problem,
  }));
  return new AppError('validationFailed', { detail: errors[0]?.message, errors });
}

/** Issue 16: invite one person by e-mail to the folder with a level and a type; the link goes by e-mail. */
export async function invite(deps: InvitationDeps, ctx: AccessContext, body: InviteBody): Promise<Invitation> {
  const { folderId } = ctx.folder;
  if (!canGrantLevel(ctx.viewer, ctx.folder, body.role)) {
    throw new AppError('forbidden', { detail: invitationMessages.levelNotAllowed });
  }
  const workspaceId = ctx.workspace.workspaceId;
  return inScope(deps.db, ctx.scope, async (tx) => {
    const settings = await queries.inviteSettings(tx, workspaceId);
    const known = (await queries.invitees(tx, workspaceId, [body.email])).get(body.email.toLowerCase());
    const problems = inviteeProblems(ctx.workspace, settings, known, {
      email: body.email,
      folder: ctx.folder,
      userType: body.userType,
    });
    if (problems.length > 0) throw refused(problems);
    const [written] = await writeInvitations(tx, deps, ctx, [
      {
        email: body.email,
        folderId,
        folderPath: ctx.folder.path as string[],
        role: body.role,
        userType: body.userType,
      },
    ]);
    const row = await queries.invitationAt(tx, workspaceId, ctx.folder, written?.invitationId as string);
    return toInvitation(row as queries.InvitationRow);
  });
}

/** The pending invitations to the folder and below it (expired ones too, to resend). */
export async function listInvitations(deps: InvitationDeps, ctx: AccessContext) {
  const rows = await inScope(deps.db, ctx.scope, (tx) =>
    queries.openInvitations(tx, ctx.workspace.workspaceId, ctx.folder),
  );
  return { invitations: rows.map(toInvitation) };
}

/**
 * One open invitation to the folder or below, that the viewer may manage: they could have given
 * its level. Others of the workspace answer 404 (not in this folder) or 403 (its level is above them).
 */
async function openInvitation(tx: Tx, ctx: AccessContext, invitationId: string) {
  const row = await queries.invitationAt(tx, ctx.workspace.workspaceId, ctx.folder, invitationId);
  if (!row || row.status === 'accepted' || row.status === 'revoked') throw new AppError('invitationNotFound');
  const folder: FolderRef = {
    kind: row.folder_kind,
    path: pathOf(ctx.workspace.workspaceId, row.folder_kind, row.folder_id, row.parent_id),
  };
  if (!canGrantLevel(ctx.viewer, folder, row.role)) {
    throw new AppError('forbidden', { detail: invitationMessages.levelNotAllowed });
  }
  return { row, folder };
}

/** Sends the invitation again with a new link (the old one stops working) valid for the full period. */
export async function resend(deps: InvitationDeps, ctx: AccessContext, invitationId: string) {
  return inScope(deps.db, ctx.scope, async (tx) => {
    const { row, folder } = await openInvitation(tx, ctx, invitationId);
    await issueLink(tx, deps, ctx, { invitationId, email: row.email, userType: row.user_type }, true);
    await recordEvents(tx, [
      event(ctx, 'invitation.resent', { invitationId, email: row.email, folderPath: folder.path as string[] }),
    ]);
    return toInvitation(
      (await queries.invitationAt(tx, ctx.workspace.workspaceId, ctx.folder, invitationId)) as queries.InvitationRow,
    );
  });
}

/** A fresh link to hand over another way when e-mail fails; the e-mailed one stops working. */
export async function copyLink(deps: InvitationDeps, ctx: AccessContext, invitationId: string) {
  return inScope(deps.db, ctx.scope, async (tx) => {
    const { row, folder } = await openInvitation(tx, ctx, invitationId);
    const url = await issueLink(tx, deps, ctx, { invitationId, email: row.email, userType: row.user_type }, false);
    await recordEvents(tx, [
      event(ctx, 'invitation.linkCopied', { invitationId, email: row.email, folderPath: folder.path as string[] }),
    ]);
    return { url };
  });
}

/** Revokes the invitation: its link answers 'Your invitation is no longer valid'. */
export async function revoke(deps: InvitationDeps, ctx: AccessContext, invitationId: string) {
  await inScope(deps.db, ctx.scope, async (tx) => {
    const { row, folder } = await openInvitation(tx, ctx, invitationId);
    await queries.setStatus(tx, ctx.workspace.workspaceId, invitationId, 'revoked');
    await recordEvents(tx, [
      event(ctx, 'invitation.revoked', { invitationId, email: row.email, folderPath: folder.path as string[] }),
    ]);
  });
}

/** Lets whatever waits for the event loop run (PGlite runs queries on the process's one thread). */
const yieldToOthers = () => new Promise((resolve) => setImmediate(resolve));

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type RawRow = { line: number; email: string; folder: string; level: string; type: string };

function fileRefused(reason: keyof typeof bulkInviteFileMessages): AppError {
  const message = bulkInviteFileMessages[reason];
  return new AppError('validationFailed', { detail: message, errors: [{ path: 'body.csv', message, code: reason }] });
}

/** The CSV's rows as cells by column (Email first, then Folder, Level and Type in any order). */
function csvRows(csv: string): RawRow[] {
  let parsed: CsvRow[];
  try {
    parsed = parseCsv(csv);
  } catch (error) {
    if (error instanceof CsvError) throw fileRefused('notCsv');
    throw error;
  }
  const [header, ...rows] = parsed;
  const columns = (header?.cells ?? []).map((c) => c.trim().toLowerCase());
  if (columns[0] !== 'email') throw fileRefused('header');
  if (rows.length === 0) throw fileRefused('empty');
  if (rows.length > bulkInviteMaxRows) throw fileRefused('tooManyRows');
  const at = (name: (typeof bulkInviteColumns)[number]) => columns.indexOf(name);
  const [folder, level, type] = [at('folder'), at('level'), at('type')];
  const cell = (cells: string[], i: number) => (i < 0 ? '' : (cells[i] ?? '').trim());
  return rows.map(({ line, cells }) => ({
    line,
    email: cell(cells, 0),
    folder: cell(cells, folder),
    level: cell(cells, level),
    type: cell(cells, type),
  }));
}

/** 'Member', 'controller', 'Team Member'…: the role word, or null when it is neither. */
function roleOf(cell: string): Invitation['role'] | null {
  const word = cell.toLowerCase().split(/\s+/).pop();
  return word === 'member' || word === 'controller' ? word : null;
}

function typeOf(cell: string): Invitation['userType'] | null {
  const word = cell.toLowerCase();
  return word === 'contributor' || word === 'visitor' ? word : null;
}

/**
 * Issue 16.2 bulk invite: every row is checked (address, duplicate in the file, formula-like
 * cells, folder of this workspace at or below this one, the level the viewer may give there, the
 * domain and type rules, already a member or invited) before anything is sent; the rows without
 * problems are answered as `toWrite`. With `send`, none of them is an error (noValidRows).
 */
async function bulkRows(
  deps: InvitationDeps,
  ctx: AccessContext,
  body: BulkInviteBody,
  send: boolean,
  inTx?: Tx,
): Promise<BulkInviteResult & { toWrite: InvitationToWrite[] }> {
  const raw: RawRow[] =
    body.csv !== undefined
      ? csvRows(body.csv)
      : (body.emails ?? []).map((email, i) => ({ line: i + 1, email: email.trim(), folder: '', level: '', type: '' }));
  if (raw.length === 0) {
    const message = bulkInviteFileMessages.nothingToInvite;
    throw new AppError('validationFailed', { detail: message, errors: [{ path: 'body.emails', message }] });
  }
  const workspaceId = ctx.workspace.workspaceId;
  const within = <T>(work: (tx: Tx) => Promise<T>) => (inTx ? work(inTx) : inScope(deps.db, ctx.scope, work));
  return within(async (tx) => {
    const folderIds = [...new Set(raw.map((r) => r.folder).filter((f) => uuidPattern.test(f)))].map((f) =>
      f.toLowerCase(),
    );
    const settings = await queries.inviteSettings(tx, workspaceId);
    const emails = raw.map((r) => r.email).filter((e) => emailSchema.safeParse(e).success);
    // In slices, letting other requests in between: 5,000 addresses in one query would hold
    // PGlite's thread (and so every request of the process) for the whole of it.
    const addresses = [...new Set(emails.map((e) => e.toLowerCase()))];
    const known = new Map<string, queries.InviteeRow>();
    for (let i = 0; i < addresses.length; i += inviteBatchChunk) {
      for (const [k, v] of await queries.invitees(tx, workspaceId, addresses.slice(i, i + inviteBatchChunk))) {
        known.set(k, v);
      }
      await yieldToOthers();
    }
    const folders = await queries.foldersBelow(tx, workspaceId, ctx.folder, folderIds);
    const seen = new Set<string>();
    const toWrite: InvitationToWrite[] = [];
    const rows: BulkInviteRow[] = [];
    for (const [i, r] of raw.entries()) {
      // 5,000 rows are checked in slices too, so that the event loop serves others in between.
      if (i > 0 && i % inviteBatchChunk === 0) await yieldToOthers();
      const problems: BulkInviteRow['problems'] = [];
      const add = (column: BulkInviteRow['problems'][number]['column'], problem: InvitationProblem) =>
        problems.push({ column, code: problem, message: invitationMessages[problem] });
      for (const column of ['email', 'folder', 'level', 'type'] as const) {
        if (isFormulaLike(r[column])) add(column, 'formulaCell');
      }
      const emailOk = !isFormulaLike(r.email) && emailSchema.safeParse(r.email).success;
      if (!emailOk && !problems.some((p) => p.column === 'email')) add('email', 'invalidEmail');
      const key = r.email.toLowerCase();
      if (emailOk && seen.has(key)) add('email', 'duplicateRow');
      if (emailOk) seen.add(key);

      let folder: { folderId: string; kind: FolderKind; name: string; path: string[] } | null = {
        folderId: ctx.folder.folderId,
        kind: ctx.folder.kind,
        name: ctx.folder.name,
        path: ctx.folder.path as string[],
      };
      if (r.folder !== '' && !isFormulaLike(r.folder)) {
        const found = folders.get(r.folder.toLowerCase());
        folder = found
          ? {
              folderId: found.folder_id,
              kind: found.kind,
              name: found.name,
              path: pathOf(workspaceId, found.kind, found.folder_id, found.parent_id),
            }
          : null;
        if (!found) add('folder', 'folderNotFound');
      }
      const role = r.level === '' ? body.role : roleOf(r.level);
      if (role === null && !isFormulaLike(r.level)) add('level', 'invalidLevel');
      const userType = r.type === '' ? body.userType : typeOf(r.type);
      if (userType === null && !isFormulaLike(r.type)) add('type', 'invalidType');
      if (folder && role && !canGrantLevel(ctx.viewer, { kind: folder.kind, path: folder.path }, role)) {
        add('level', 'levelNotAllowed');
      }
      if (emailOk && folder && userType && !problems.some((p) => p.code === 'duplicateRow')) {
        for (const p of inviteeProblems(ctx.workspace, settings, known.get(key), {
          email: r.email,
          folder: { kind: folder.kind, path: folder.path },
          userType,
        })) {
          add(p.path === 'userType' ? 'type' : 'email', p.problem);
        }
      }
      if (problems.length === 0 && folder && role && userType) {
        toWrite.push({ email: r.email, folderId: folder.folderId, folderPath: folder.path, role, userType });
      }
      rows.push({
        line: r.line,
        email: r.email,
        folderId: folder?.folderId ?? null,
        folderName: folder?.name ?? null,
        folderKind: folder?.kind ?? null,
        role,
        userType,
        problems,
      });
    }
    if (toWrite.length === 0 && send) {
      const errors: FieldError[] = rows.flatMap((row, i) =>
        row.problems.map((p) => ({ path: `body.rows.${i}.${p.column}`, message: p.message, code: p.code })),
      );
      throw new AppError('validationFailed', { detail: bulkInviteFileMessages.noValidRows, errors });
    }
    return { rows, valid: toWrite.length, invited: 0, toWrite };
  });
}

/** Issue 16.2's preview: every row checked, nothing written. */
export async function checkBulkInvite(
  deps: InvitationDeps,
  ctx: AccessContext,
  body: BulkInviteBody,
): Promise<BulkInviteResult> {
  const { rows, valid, invited } = await bulkRows(deps, ctx, body, false);
  return { rows, valid, invited };
}

/** The job kind that invites a sent bulk invite's rows. */
export const inviteBatchJobKind = 'people.inviteBatch';
/** Rows per transaction of the job: short enough that other requests are answered in between. */
export const inviteBatchChunk = 200;

type InviteBatchParams = { inviter: Inviter; rows: InvitationToWrite[] };
type InviteBatchProgress = {
  total: number;
  processed: number;
  invited: number;
  skipped: { email: string; code: InvitationProblem }[];
};

/** A batch as the screen polls it: from the job's progress, never its (large) params. */
function toInviteBatch(job: Job): InviteBatch {
  const progress = job.result as InviteBatchProgress;
  return {
    batchId: job.jobId,
    state: job.state === 'succeeded' ? 'done' : job.state,
    total: progress.total,
    processed: progress.processed ?? 0,
    invited: progress.invited ?? 0,
    skipped: (progress.skipped ?? []).map((s) => ({ ...s, message: invitationMessages[s.code] })),
    createdAt: job.createdAt,
    finishedAt: job.finishedAt,
  };
}

/**
 * Issue 16.2 bulk invite, sent: the rows are checked again and the valid ones recorded as a batch
 * in one short transaction (with its audit event); a job then invites them in chunks
 * (inviteBatchJobHandler), so a batch of 5,000 never holds the database for long. The client
 * names the batch (`batchId`): a retried request answers the batch its first attempt queued.
 */
export async function sendBulkInvite(
  deps: InvitationDeps,
  ctx: AccessContext,
  body: BulkInviteBody,
): Promise<InviteBatch> {
  const batchId = body.batchId as string;
  const workspaceId = ctx.workspace.workspaceId;
  const queued = await inScope(deps.db, ctx.scope, async (tx) => {
    // The same batch sent twice at once: the second waits here, then finds the first's.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`invite-batch:${batchId}`}, 0))`);
    const existing = await findJob(tx, workspaceId, batchId, inviteBatchJobKind, { withoutParams: true });
    if (existing) {
      if (existing.createdBy !== ctx.user.userId || existing.folderId !== ctx.folder.folderId) {
        throw new AppError('conflict', { detail: 'This batch id belongs to another bulk invite.' });
      }
      return { batch: toInviteBatch(existing), isNew: false };
    }
    const { toWrite } = await bulkRows(deps, ctx, body, true, tx);
    const inviter: Inviter = {
      user: {
        userId: ctx.user.userId,
        email: ctx.user.email,
        firstName: ctx.user.firstName,
        lastName: ctx.user.lastName,
      },
      workspace: { workspaceId, name: ctx.workspace.name },
    };
    const job = await enqueueJob(tx, {
      workspaceId,
      jobId: batchId,
      kind: inviteBatchJobKind,
      folderId: ctx.folder.folderId,
      params: { inviter, rows: toWrite } satisfies InviteBatchParams,
      createdBy: ctx.user.userId,
      progress: { total: toWrite.length, processed: 0, invited: 0, skipped: [] } satisfies InviteBatchProgress,
    });
    await recordEvents(tx, [
      {
        workspaceId,
        actorUserId: ctx.user.userId,
        action: 'invitation.batchSent',
        subjectType: 'invitation',
        subjectId: batchId,
        folderPath: ctx.folder.path as string[],
        details: { count: toWrite.length },
      },
    ]);
    return { batch: toInviteBatch(job), isNew: true };
  });
  if (queued.isNew) jobQueued(deps.db);
  return queued.batch;
}

/** A sent bulk invite of this folder (its progress and result); another folder's, or none, 404. */
export async function inviteBatch(deps: InvitationDeps, ctx: AccessContext, batchId: string): Promise<InviteBatch> {
  const job = await inScope(deps.db, ctx.scope, (tx) =>
    findJob(tx, ctx.workspace.workspaceId, batchId, inviteBatchJobKind, { withoutParams: true }),
  );
  if (!job || job.folderId !== ctx.folder.folderId) throw new AppError('notFound', { detail: 'Bulk invite not found' });
  return toInviteBatch(job);
}

const kindOfPath = (path: readonly string[]): FolderKind =>
  path.length === 1 ? 'company' : path.length === 2 ? 'project' : 'team';

/**
 * The job of a sent bulk invite: its rows in chunks of `inviteBatchChunk`, each chunk in its own
 * transaction with its invitations, their e-mails (the outbox) and audit events, and the progress
 * (so a job claimed again after its runner died goes on after the last committed chunk). Each row
 * is checked again as its chunk runs: one invited or added since the request is skipped, with why.
 */
export function inviteBatchJobHandler(deps: InvitationDeps): JobHandler {
  return async (job) => {
    const { inviter, rows } = job.params as InviteBatchParams;
    const workspaceId = job.workspaceId;
    const scope = { workspaceId, userId: job.createdBy, isAdmin: false };
    let progress = job.result as InviteBatchProgress;
    while (progress.processed < rows.length) {
      const before = progress;
      const chunk = rows.slice(before.processed, before.processed + inviteBatchChunk);
      progress = await inScope(deps.db, scope, async (tx) => {
        const settings = await queries.inviteSettings(tx, workspaceId);
        const known = await queries.invitees(tx, workspaceId, [...new Set(chunk.map((r) => r.email.toLowerCase()))]);
        const workspace = { workspaceId, plan: settings.plan };
        const skipped: InviteBatchProgress['skipped'] = [];
        const ok = chunk.filter((row) => {
          const [problem] = inviteeProblems(workspace, settings, known.get(row.email.toLowerCase()), {
            email: row.email,
            folder: { kind: kindOfPath(row.folderPath), path: row.folderPath },
            userType: row.userType,
          });
          if (problem) skipped.push({ email: row.email, code: problem.problem });
          return !problem;
        });
        const written = await writeInvitations(tx, deps, inviter, ok, { skipInvitedMeanwhile: true });
        // Another request invited the address between the check above and the insert.
        const invited = new Set(written.map((w) => w.email));
        for (const row of ok) if (!invited.has(row.email)) skipped.push({ email: row.email, code: 'alreadyInvited' });
        const next = {
          total: rows.length,
          processed: before.processed + chunk.length,
          invited: before.invited + written.length,
          skipped: [...before.skipped, ...skipped],
        };
        await setJobProgress(tx, job, next);
        return next;
      });
      // Between chunks, whatever else waits for the event loop (and the database) goes first.
      await yieldToOthers();
    }
    return progress;
  };
}
