import type { FolderKind, Plan, Role, UserType } from '@formwork/shared/permissions';
import { type SQL, sql } from 'drizzle-orm';
import { onlyRow } from '../../db/sql-values.ts';
import type { Tx } from '../../db/tenant.ts';
import { maxMailAttempts } from '../../mail/mail.ts';

/** Folders at `folder` and below it, on the alias `f` (a company: all of the workspace's). */
export function atOrBelow(folder: { kind: FolderKind; folderId: string }): SQL {
  if (folder.kind === 'company') return sql`true`;
  if (folder.kind === 'project') return sql`(f.folder_id = ${folder.folderId} or f.parent_id = ${folder.folderId})`;
  return sql`f.folder_id = ${folder.folderId}`;
}

export type InviteSettingsRow = { email_domains: string[]; visitors_allowed: boolean; plan: Plan };

/** What the invitation rules ask of the workspace: its domains, whether visitors may be added, its plan. */
export async function inviteSettings(tx: Tx, workspaceId: string): Promise<InviteSettingsRow> {
  const result = await tx.execute<InviteSettingsRow>(
    sql`select w.email_domains, w.visitors_allowed,
               (select a.plan_type from accounts a where a.account_id = w.account_id) as plan
          from workspaces w where w.workspace_id = ${workspaceId}`,
  );
  return onlyRow(result.rows, 'the workspace');
}

export type InviteeRow = {
  email: string;
  user_id: string | null;
  existing_type: UserType | null;
  pending_type: UserType | null;
  grants: { folderId: string; kind: FolderKind; parentId: string | null; role: Role }[];
};

/**
 * What the workspace knows of each address (lower-cased): the person with it, how they belong to
 * the workspace and their roles there, and the type of a pending invitation.
 */
export async function invitees(
  tx: Tx,
  workspaceId: string,
  emails: readonly string[],
): Promise<Map<string, InviteeRow>> {
  if (emails.length === 0) return new Map();
  // The workspace's pending invitations are read in one pass and joined by address, not by a
  // sub-select per address (a bulk invite's job asks this for every chunk of 200 addresses).
  const result = await tx.execute<InviteeRow>(sql`
    with pending as (
      select distinct on (lower(i.email)) lower(i.email) as email, i.user_type
        from invitations i
       where i.workspace_id = ${workspaceId} and i.status = 'pending' and i.expires_at > now()
       order by lower(i.email)
    )
    select e.email, u.user_id, wu.user_type as existing_type, p.user_type as pending_type,
      coalesce((
        select json_agg(json_build_object('folderId', m.folder_id, 'kind', f.kind, 'parentId', f.parent_id, 'role', m.role))
        from memberships m join folders f on f.workspace_id = m.workspace_id and f.folder_id = m.folder_id
        where m.workspace_id = ${workspaceId} and m.user_id = u.user_id and f.state <> 'deleted'
      ), '[]'::json) as grants
    from unnest(array[${sql.join(
      emails.map((e) => sql`${e.toLowerCase()}`),
      sql`, `,
    )}]::text[]) as e(email)
    left join users u on lower(u.email) = e.email
    left join workspace_users wu on wu.workspace_id = ${workspaceId} and wu.user_id = u.user_id
    left join pending p on p.email = e.email`);
  return new Map(result.rows.map((r) => [r.email, r]));
}

export type NewInvitation = {
  workspaceId: string;
  invitationId: string;
  email: string;
  folderId: string;
  role: Role;
  userType: UserType;
  invitedBy: string;
  expiresAt: Date;
};

export type NewInvitationWithLink = NewInvitation & {
  tokenHash: string;
  mailId: string;
  mail: { to: string; subject: string; text: string };
};

/**
 * Bulk insert (issue 16.2): the invitations, their tokens and their e-mails (into the outbox, sent
 * after the commit by the mail sender), three statements however many rows. Returns the ids that
 * were inserted: an address another request invited a moment ago is left out (the unique index).
 */
export async function insertInvitationsWithLinks(tx: Tx, rows: readonly NewInvitationWithLink[]): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const json = JSON.stringify(
    rows.map((i) => ({
      workspace_id: i.workspaceId,
      invitation_id: i.invitationId,
      email: i.email,
      folder_id: i.folderId,
      role: i.role,
      user_type: i.userType,
      invited_by: i.invitedBy,
      expires_at: i.expiresAt.toISOString(),
      mail_id: i.mailId,
      token_hash: i.tokenHash,
      to_address: i.mail.to,
      subject: i.mail.subject,
      text_body: i.mail.text,
    })),
  );
  const inserted = await tx.execute<{ invitation_id: string }>(sql`
    insert into invitations (workspace_id, invitation_id, email, folder_id, role, user_type, invited_by, expires_at, mail_id)
    select r.workspace_id, r.invitation_id, r.email, r.folder_id, r.role, r.user_type, r.invited_by, r.expires_at, r.mail_id
    from json_to_recordset(${json}::json) as r(workspace_id uuid, invitation_id uuid, email text, folder_id uuid,
      role text, user_type text, invited_by uuid, expires_at timestamptz, mail_id uuid)
    on conflict (workspace_id, lower(email)) where status = 'pending' do nothing
    returning invitation_id`);
  const ids = new Set(inserted.rows.map((r) => r.invitation_id));
  const kept = JSON.stringify(JSON.parse(json).filter((r: { invitation_id: string }) => ids.has(r.invitation_id)));
  await tx.execute(sql`
    insert into invitation_tokens (token_hash, workspace_id, invitation_id)
    select r.token_hash, r.workspace_id, r.invitation_id
    from json_to_recordset(${kept}::json) as r(token_hash text, workspace_id uuid, invitation_id uuid)`);
  await tx.execute(sql`
    insert into mail_outbox (mail_id, to_address, subject, text_body)
    select r.mail_id, r.to_address, r.subject, r.text_body
    from json_to_recordset(${kept}::json) as r(mail_id uuid, to_address text, subject text, text_body text)`);
  return ids;
}

export type BulkFolderRow = { folder_id: string; kind: FolderKind; parent_id: string | null; name: string };

/** The folders among `ids` at or below `folder` in the workspace (others, or other workspaces', are absent). */
export async function foldersBelow(
  tx: Tx,
  workspaceId: string,
  folder: { kind: FolderKind; folderId: string },
  ids: readonly string[],
): Promise<Map<string, BulkFolderRow>> {
  if (ids.length === 0) return new Map();
  const result = await tx.execute<BulkFolderRow>(sql`
    select f.folder_id, f.kind, f.parent_id, f.name from folders f
    where f.workspace_id = ${workspaceId} and f.state <> 'deleted' and ${atOrBelow(folder)}
      and f.folder_id = any(${`{${ids.join(',')}}`}::uuid[])`);
  return new Map(result.rows.map((r) => [r.folder_id, r]));
}

/** The invitation's one live token: earlier ones stop working. */
export async function replaceToken(tx: Tx, workspaceId: string, invitationId: string, tokenHash: string) {
  await tx.execute(
    sql`delete from invitation_tokens where workspace_id = ${workspaceId} and invitation_id = ${invitationId}`,
  );
  await tx.execute(sql`
    insert into invitation_tokens (token_hash, workspace_id, invitation_id)
    values (${tokenHash}, ${workspaceId}, ${invitationId})`);
}

export async function deleteTokens(tx: Tx, workspaceId: string, invitationId: string) {
  await tx.execute(
    sql`delete from invitation_tokens where workspace_id = ${workspaceId} and invitation_id = ${invitationId}`,
  );
}

export async function setMailAndExpiry(
  tx: Tx,
  workspaceId: string,
  invitationId: string,
  mailId: string | null,
  expiresAt: Date,
) {
  await tx.execute(sql`
    update invitations set ${mailId === null ? sql`` : sql`mail_id = ${mailId},`} expires_at = ${expiresAt.toISOString()},
      updated_at = now()
    where workspace_id = ${workspaceId} and invitation_id = ${invitationId}`);
}

export async function setStatus(
  tx: Tx,
  workspaceId: string,
  invitationId: string,
  status: 'accepted' | 'revoked',
  acceptedBy: string | null = null,
) {
  await tx.execute(sql`
    update invitations set status = ${status}, accepted_by = ${acceptedBy}, updated_at = now()
    where workspace_id = ${workspaceId} and invitation_id = ${invitationId}`);
}

export type InvitationRow = {
  invitation_id: string;
  email: string;
  folder_id: string;
  folder_kind: FolderKind;
  folder_name: string;
  parent_id: string | null;
  role: Role;
  user_type: UserType;
  status: 'pending' | 'accepted' | 'revoked' | 'expired';
  delivery: 'queued' | 'sent' | 'failed';
  delivery_error: string | null;
  invited_by: string | null;
  expires_at: string;
  created_at: string;
};

function invitationSelect(workspaceId: string, where: SQL): SQL {
  return sql`
    select i.invitation_id, i.email, i.folder_id, f.kind as folder_kind, f.name as folder_name, f.parent_id,
      i.role, i.user_type,
      case when i.status = 'pending' and i.expires_at <= now() then 'expired' else i.status end as status,
      case when o.sent_at is not null then 'sent'
           when o.mail_id is not null and o.attempts >= ${maxMailAttempts} then 'failed'
           else 'queued' end as delivery,
      case when o.sent_at is null then o.last_error end as delivery_error,
      nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') as invited_by,
      to_char(i.expires_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as expires_at,
      to_char(i.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at
    from invitations i
    join folders f on f.workspace_id = i.workspace_id and f.folder_id = i.folder_id
    left join mail_outbox o on o.mail_id = i.mail_id
    left join users u on u.user_id = i.invited_by
    where i.workspace_id = ${workspaceId} and f.state <> 'deleted' and ${where}`;
}

/** Pending (and expired, not yet resent) invitations to the folder and below, newest first. */
export async function openInvitations(
  tx: Tx,
  workspaceId: string,
  folder: { kind: FolderKind; folderId: string },
): Promise<InvitationRow[]> {
  const result = await tx.execute<InvitationRow>(
    sql`${invitationSelect(workspaceId, sql`i.status = 'pending' and ${atOrBelow(folder)}`)}
      order by i.created_at desc, i.invitation_id`,
  );
  return result.rows;
}

/** One invitation to the folder or below it; undefined when there is none there. */
export async function invitationAt(
  tx: Tx,
  workspaceId: string,
  folder: { kind: FolderKind; folderId: string },
  invitationId: string,
): Promise<InvitationRow | undefined> {
  const result = await tx.execute<InvitationRow>(
    invitationSelect(workspaceId, sql`i.invitation_id = ${invitationId} and ${atOrBelow(folder)}`),
  );
  return result.rows[0];
}

/** The invitation an activation token points at (global lookup: no one is signed in yet). */
export async function tokenTarget(tx: Tx, tokenHash: string) {
  const result = await tx.execute<{ workspace_id: string; invitation_id: string }>(sql`
    select workspace_id, invitation_id from invitation_tokens where token_hash = ${tokenHash}`);
  return result.rows[0];
}

export type ActivationRow = {
  invitation_id: string;
  email: string;
  folder_id: string;
  role: Role;
  user_type: UserType;
  status: 'pending' | 'accepted' | 'revoked';
  expired: boolean;
  company_name: string;
  logo_url: string | null;
  /** The logo uploaded in the workspace's settings (General), if any. */
  logo_file_id: string | null;
  user_id: string | null;
  /** The address has an account to sign in with: a password, or a single sign-on that completed. */
  has_account: boolean;
  existing_type: UserType | null;
};

/** The invitation with its workspace and what is known of its address, locked for the activation. */
export async function activationRow(tx: Tx, workspaceId: string, invitationId: string, lock = false) {
  const result = await tx.execute<ActivationRow>(sql`
    select i.invitation_id, i.email, i.folder_id, i.role, i.user_type, i.status, i.expires_at <= now() as expired,
      w.name as company_name, w.logo_url, w.logo_file_id, u.user_id,
      coalesce(u.password_hash is not null or (u.is_sso and u.activated), false) as has_account,
      wu.user_type as existing_type
    from invitations i
    join workspaces w on w.workspace_id = i.workspace_id
    left join users u on lower(u.email) = lower(i.email)
    left join workspace_users wu on wu.workspace_id = i.workspace_id and wu.user_id = u.user_id
    where i.workspace_id = ${workspaceId} and i.invitation_id = ${invitationId}
    ${lock ? sql`for update of i` : sql``}`);
  return result.rows[0];
}

export async function insertActivatedUser(
  tx: Tx,
  u: { email: string; firstName: string; lastName: string; mobile: string; passwordHash: string },
): Promise<string> {
  const result = await tx.execute<{ user_id: string }>(sql`
    insert into users (email, first_name, last_name, mobile, password_hash, activated, password_changed_at)
    values (${u.email}, ${u.firstName}, ${u.lastName}, ${u.mobile}, ${u.passwordHash}, true, now())
    returning user_id`);
  return onlyRow(result.rows, 'insert into users').user_id;
}

export async function completeActivatedUser(
  tx: Tx,
  userId: string,
  u: { firstName: string; lastName: string; mobile: string; passwordHash: string },
) {
  await tx.execute(sql`
    update users set first_name = ${u.firstName}, last_name = ${u.lastName}, mobile = ${u.mobile},
      password_hash = ${u.passwordHash}, activated = true, password_changed_at = now(), updated_at = now()
    where user_id = ${userId}`);
}

/**
 * Spec 4.5: the account of a person who activated through their company's sign-in: no password
 * (they never sign in with one), single sign-on, activated (an existing row is completed).
 */
export async function upsertSsoActivatedUser(
  tx: Tx,
  existingUserId: string | null,
  u: { email: string; firstName: string; lastName: string; mobile: string; timeZone: string | null },
): Promise<string> {
  if (existingUserId) {
    await tx.execute(sql`
      update users set first_name = ${u.firstName}, last_name = ${u.lastName}, mobile = ${u.mobile},
        time_zone = coalesce(${u.timeZone}, time_zone), is_sso = true, activated = true, updated_at = now()
      where user_id = ${existingUserId}`);
    return existingUserId;
  }
  const result = await tx.execute<{ user_id: string }>(sql`
    insert into users (email, first_name, last_name, mobile, time_zone, is_sso, activated)
    values (${u.email}, ${u.firstName}, ${u.lastName}, ${u.mobile}, ${u.timeZone}, true, true)
    returning user_id`);
  return onlyRow(result.rows, 'insert into users').user_id;
}

/** Joins the person to the workspace with the invitation's type and gives its level at its folder. */
export async function grantInvitation(
  tx: Tx,
  workspaceId: string,
  userId: string,
  i: { folderId: string; role: Role; userType: UserType },
) {
  await tx.execute(sql`
    insert into workspace_users (workspace_id, user_id, user_type) values (${workspaceId}, ${userId}, ${i.userType})
    on conflict (workspace_id, user_id) do nothing`);
  await tx.execute(sql`
    insert into memberships (workspace_id, folder_id, user_id, role)
    values (${workspaceId}, ${i.folderId}, ${userId}, ${i.role})
    on conflict (workspace_id, folder_id, user_id) do update set role = excluded.role`);
}
