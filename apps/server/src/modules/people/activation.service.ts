import type { ActivationBody, ActivationContext } from '@formwork/shared/schemas/people';
import type { SignedInUser } from '../../authz/signed-in-user.ts';
import type { AppDb } from '../../db/client.ts';
import { inScope, type Scope, systemScope, type Tx } from '../../db/tenant.ts';
import { AppError } from '../../errors.ts';
import { recordEvents } from '../activity/record-events.ts';
import { issueSignInTicket } from '../identity/credentials.service.ts';
import { hashPassword } from '../identity/password.ts';
import * as queries from './invitations.queries.ts';
import { hashActivationToken } from './invitations.service.ts';

/**
 * The invitation an activation id opens: unknown ids (and ids of another company than the
 * address names) answer 404 'Invalid activation code'; revoked, used or expired ones 403 'Your
 * invitation is no longer valid' (spec 8.2).
 */
async function target(db: AppDb, activationId: string, companyId: string | undefined) {
  const found = await inScope(db, systemScope, (tx) => queries.tokenTarget(tx, hashActivationToken(activationId)));
  if (!found || (companyId !== undefined && companyId !== found.workspace_id))
    throw new AppError('activationIdInvalid');
  const scope: Scope = { workspaceId: found.workspace_id, userId: null, isAdmin: false };
  return { ...found, scope };
}

function usable(row: queries.ActivationRow | undefined): queries.ActivationRow {
  if (!row) throw new AppError('activationIdInvalid');
  if (row.status !== 'pending' || row.expired) throw new AppError('activationIdRevoked');
  return row;
}

/** Spec 2.7: the inviter's company name and logo, the address and Contributor or Visitor. */
export async function activationContext(
  db: AppDb,
  activationId: string,
  companyId?: string,
): Promise<ActivationContext> {
  const t = await target(db, activationId, companyId);
  const row = usable(await inScope(db, t.scope, (tx) => queries.activationRow(tx, t.workspace_id, t.invitation_id)));
  return {
    email: row.email,
    companyId: t.workspace_id,
    companyName: row.company_name,
    logoUrl: row.logo_url,
    userType: row.user_type,
    existingUser: row.has_password,
  };
}

async function accept(tx: Tx, workspaceId: string, row: queries.ActivationRow, userId: string) {
  await queries.grantInvitation(tx, workspaceId, userId, {
    folderId: row.folder_id,
    role: row.role,
    userType: row.user_type,
  });
  await queries.setStatus(tx, workspaceId, row.invitation_id, 'accepted', userId);
  await queries.deleteTokens(tx, workspaceId, row.invitation_id);
  await recordEvents(tx, [
    {
      workspaceId,
      actorUserId: userId,
      action: 'invitation.accepted',
      subjectType: 'invitation',
      subjectId: row.invitation_id,
      folderPath: [workspaceId],
      details: { email: row.email, role: row.role, userType: row.user_type },
    },
  ]);
}

/**
 * Spec 2.7, 4.5: a new person activates: their account with names, mobile and password, their
 * place in the workspace at the invited level, the invitation used up, in one transaction; the
 * answer carries a one-time sign-in ticket so they land signed in.
 */
export async function activate(db: AppDb, activationId: string, companyId: string | undefined, body: ActivationBody) {
  const t = await target(db, activationId, companyId);
  const passwordHash = await hashPassword(body.newPassword);
  return inScope(db, t.scope, async (tx) => {
    const row = usable(await queries.activationRow(tx, t.workspace_id, t.invitation_id, true));
    if (row.has_password) {
      throw new AppError('conflict', { detail: 'This e-mail address already has an account. Sign in to accept.' });
    }
    const details = { firstName: body.firstName, lastName: body.lastName, mobile: body.mobile, passwordHash };
    const userId = row.user_id ?? (await queries.insertActivatedUser(tx, { email: row.email, ...details }));
    if (row.user_id) await queries.completeActivatedUser(tx, row.user_id, details);
    await accept(tx, t.workspace_id, row, userId);
    return { email: row.email, signInTicket: await issueSignInTicket(tx, userId) };
  });
}

/** An existing user accepts an invitation to another workspace with one click (signed in as its address). */
export async function acceptAsUser(db: AppDb, user: SignedInUser, activationId: string, companyId?: string) {
  const t = await target(db, activationId, companyId);
  return inScope(db, t.scope, async (tx) => {
    const row = usable(await queries.activationRow(tx, t.workspace_id, t.invitation_id, true));
    if (row.email.toLowerCase() !== user.email.toLowerCase()) {
      throw new AppError('forbidden', { detail: `This invitation is for ${row.email}. Sign in with that address.` });
    }
    await accept(tx, t.workspace_id, row, user.userId);
    return { companyId: t.workspace_id };
  });
}
