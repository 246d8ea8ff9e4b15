import { isTimeZone } from '@formwork/shared/forms/date-text';
import { invitationMessages, visitorsProblem } from '@formwork/shared/invitation-rules';
import type { ActivationBody, ActivationContext, ActivationResult } from '@formwork/shared/schemas/people';
import { z } from 'zod';
import type { SignedInUser } from '../../authz/signed-in-user.ts';
import type { AppDb } from '../../db/client.ts';
import { inScope, type Scope, systemScope, type Tx } from '../../db/tenant.ts';
import { AppError } from '../../errors.ts';
import type { FileStorage } from '../../files/storage.ts';
import { recordEvents } from '../activity/record-events.ts';
import { readFileIn } from '../files/files.service.ts';
import { issueSignInTicket } from '../identity/credentials.service.ts';
import { hashPassword } from '../identity/password.ts';
import { type FollowUpRefusal, issueSsoTicket, signsInWithSso } from '../sso/sso.service.ts';
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
    // The logo uploaded in its settings, served to the link's holder (they cannot sign in yet).
    logoUrl: row.logo_file_id
      ? `/api/activations/${encodeURIComponent(activationId)}/logo?v=${row.logo_file_id}`
      : row.logo_url,
    userType: row.user_type,
    existingUser: row.has_account,
    singleSignOn: !row.has_account && (await signsInWithSso(db, row.email)),
  };
}

/**
 * Spec 2.7: the inviting workspace's logo on the activation page, for a usable link only (unknown
 * ids and ids of another company than the address names 404, revoked ones 403), or 404 without one.
 */
export async function activationLogo(
  db: AppDb,
  storage: FileStorage,
  activationId: string,
  companyId: string | undefined,
) {
  const t = await target(db, activationId, companyId);
  const row = usable(await inScope(db, t.scope, (tx) => queries.activationRow(tx, t.workspace_id, t.invitation_id)));
  if (!row.logo_file_id) throw new AppError('notFound');
  return readFileIn(db, storage, t.scope, t.workspace_id, row.logo_file_id);
}

async function accept(tx: Tx, workspaceId: string, row: queries.ActivationRow, userId: string) {
  // Spec 5.3: a visitor is added only while the workspace (its plan and Feature Access) allows
  // visitors, whenever they were invited; the whole activation is refused, nothing half-made.
  if (row.user_type === 'visitor') {
    const settings = await queries.inviteSettings(tx, workspaceId);
    const problem = visitorsProblem({ visitorsAllowed: settings.visitors_allowed, plan: settings.plan });
    if (problem) throw new AppError('forbidden', { detail: invitationMessages[problem] });
  }
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
 *
 * A person whose address signs in with single sign-on sets no password (a password form is refused,
 * 409): the answer is a ticket to their company's sign-in instead, and the activation is done there,
 * once the provider has proven the address (completeSsoActivation).
 */
export async function activate(
  db: AppDb,
  activationId: string,
  companyId: string | undefined,
  body: ActivationBody,
): Promise<ActivationResult> {
  const t = await target(db, activationId, companyId);
  const found = usable(await inScope(db, t.scope, (tx) => queries.activationRow(tx, t.workspace_id, t.invitation_id)));
  if (found.has_account) {
    throw new AppError('conflict', { detail: 'This e-mail address already has an account. Sign in to accept.' });
  }
  const sso = await signsInWithSso(db, found.email);
  if (body.isSSOSignUp) {
    if (!sso) {
      throw new AppError('validationFailed', {
        errors: [{ path: 'body.isSSOSignUp', message: 'This address does not sign in with single sign-on.' }],
      });
    }
    return inScope(db, t.scope, async (tx) => {
      const row = usable(await queries.activationRow(tx, t.workspace_id, t.invitation_id, true));
      const timeZone = body.timezone && isTimeZone(body.timezone) ? body.timezone : null;
      const data: SsoActivationData = {
        workspaceId: t.workspace_id,
        invitationId: t.invitation_id,
        firstName: body.firstName,
        lastName: body.lastName,
        mobile: body.mobile,
        timeZone,
      };
      return {
        email: row.email,
        ssoTicket: await issueSsoTicket(tx, { kind: ssoActivationKind, email: row.email, data }),
      };
    });
  }
  if (sso) throw new AppError('ssoPasswordRefused');
  // The contract asks for the password whenever isSSOSignUp is not set.
  if (!body.newPassword) {
    throw new AppError('validationFailed', { errors: [{ path: 'body.newPassword', message: 'Required' }] });
  }
  const passwordHash = await hashPassword(body.newPassword);
  return inScope(db, t.scope, async (tx) => {
    const row = usable(await queries.activationRow(tx, t.workspace_id, t.invitation_id, true));
    if (row.has_account) {
      throw new AppError('conflict', { detail: 'This e-mail address already has an account. Sign in to accept.' });
    }
    const details = { firstName: body.firstName, lastName: body.lastName, mobile: body.mobile, passwordHash };
    const userId = row.user_id ?? (await queries.insertActivatedUser(tx, { email: row.email, ...details }));
    if (row.user_id) await queries.completeActivatedUser(tx, row.user_id, details);
    await accept(tx, t.workspace_id, row, userId);
    return { email: row.email, signInTicket: await issueSignInTicket(tx, userId) };
  });
}

/** The kind of single sign-on ticket an activation hands over (handled by completeSsoActivation). */
export const ssoActivationKind = 'activation';

/** What an activation's ticket carries to the company's sign-in: the invitation and step 1's details. */
const ssoActivationDataSchema = z.object({
  workspaceId: z.string().uuid(),
  invitationId: z.string().uuid(),
  firstName: z.string(),
  lastName: z.string(),
  mobile: z.string(),
  timeZone: z.string().nullable(),
});
type SsoActivationData = z.infer<typeof ssoActivationDataSchema>;

/**
 * Spec 4.5, issue 16.3: the company's provider proved the invited address, so the activation is
 * done: the account (single sign-on, no password) with step 1's details, the invited level in the
 * workspace and the invitation used up, in one transaction. An invitation revoked or expired since
 * step 1 refuses (the provider's page says 'Your invitation is no longer valid').
 */
export async function completeSsoActivation(
  db: AppDb,
  raw: Record<string, unknown>,
  person: { email: string },
): Promise<'ok' | FollowUpRefusal> {
  const parsed = ssoActivationDataSchema.safeParse(raw);
  if (!parsed.success) return 'ssoFailed';
  const data = parsed.data;
  const scope: Scope = { workspaceId: data.workspaceId, userId: null, isAdmin: false };
  return inScope(db, scope, async (tx) => {
    const row = await queries.activationRow(tx, data.workspaceId, data.invitationId, true);
    if (!row) return 'activationIdInvalid';
    if (row.status !== 'pending' || row.expired) return 'activationIdRevoked';
    if (row.email.toLowerCase() !== person.email.toLowerCase()) return 'ssoFailed';
    // Someone who has an account by now (another activation finished first) keeps it as it is.
    const userId =
      row.has_account && row.user_id
        ? row.user_id
        : await queries.upsertSsoActivatedUser(tx, row.user_id, {
            email: row.email,
            firstName: data.firstName,
            lastName: data.lastName,
            mobile: data.mobile,
            timeZone: data.timeZone,
          });
    await accept(tx, data.workspaceId, row, userId);
    return 'ok';
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
