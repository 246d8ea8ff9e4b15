import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { FieldError } from '@formwork/shared/errors';
import {
  canGrantLevel,
  hasAccessAt,
  type InvitationProblem,
  invitationMessages,
  invitationValidDays,
  inviteeTypeProblem,
} from '@formwork/shared/invitation-rules';
import type { FolderKind, FolderRef, RoleGrant } from '@formwork/shared/permissions';
import type { Invitation, InviteBody } from '@formwork/shared/schemas/people';
import type { AccessContext, WorkspaceContext } from '../../authz/context.ts';
import type { AppDb } from '../../db/client.ts';
import { inScope, type Tx } from '../../db/tenant.ts';
import { AppError } from '../../errors.ts';
import { enqueueMail } from '../../mail/mail.ts';
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
  ctx: AccessContext,
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
    { emailDomains: settings.email_domains, visitorsAllowed: settings.visitors_allowed, plan: ctx.workspace.plan },
  );
  if (typeProblem) {
    const path = typeProblem.startsWith('visitorsNot') ? 'userType' : 'email';
    problems.push({ path, problem: typeProblem });
  }
  if (known?.existing_type && hasAccessAt(grantsOf(ctx.workspace.workspaceId, known), row.folder)) {
    problems.push({ path: 'email', problem: 'alreadyMember' });
  } else if (known?.pending_type && !typeProblem) {
    problems.push({ path: 'email', problem: 'alreadyInvited' });
  }
  return problems;
}

function activationUrl(publicUrl: string, token: string, companyId: string): string {
  return `${publicUrl}/users/activation/${token}/company/${companyId}`;
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
  const token = randomBytes(32).toString('base64url');
  const workspaceId = ctx.workspace.workspaceId;
  await queries.replaceToken(tx, workspaceId, invitation.invitationId, hashActivationToken(token));
  const url = activationUrl(deps.publicUrl, token, workspaceId);
  let mailId: string | null = null;
  if (send) {
    const inviter = `${ctx.user.firstName} ${ctx.user.lastName}`.trim() || ctx.user.email;
    const type = invitation.userType === 'visitor' ? 'Visitor' : 'Contributor';
    mailId = await enqueueMail(tx, {
      to: invitation.email,
      subject: `${inviter} invited you to ${ctx.workspace.name} on Formwork`,
      text: [
        `${inviter} invited you to join ${ctx.workspace.name} on Formwork as a ${type}.`,
        '',
        `Activate your account: ${url}`,
        '',
        `This link works once and expires in ${invitationValidDays} days.`,
      ].join('\n'),
    });
  }
  await queries.setMailAndExpiry(tx, workspaceId, invitation.invitationId, mailId, expiryFromNow());
  return url;
}

function event(
  ctx: AccessContext,
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
    const problems = inviteeProblems(ctx, settings, known, {
      email: body.email,
      folder: ctx.folder,
      userType: body.userType,
    });
    if (problems.length > 0) throw refused(problems);
    const invitationId = randomUUID();
    const inserted = await queries.insertInvitation(tx, {
      workspaceId,
      invitationId,
      email: body.email,
      folderId,
      role: body.role,
      userType: body.userType,
      invitedBy: ctx.user.userId,
      expiresAt: expiryFromNow(),
    });
    // Another request invited the same address a moment ago.
    if (!inserted) throw refused([{ path: 'email', problem: 'alreadyInvited' }]);
    await issueLink(tx, deps, ctx, { invitationId, email: body.email, userType: body.userType }, true);
    await recordEvents(tx, [
      event(
        ctx,
        'invitation.created',
        { invitationId, email: body.email, folderPath: ctx.folder.path as string[] },
        {
          role: body.role,
          userType: body.userType,
        },
      ),
    ]);
    const row = await queries.invitationAt(tx, workspaceId, ctx.folder, invitationId);
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
