import type { UpdateCurrentUser } from '@formwork/shared/schemas/identity';
import { eq, sql } from 'drizzle-orm';
import { users } from '../../db/schema.ts';
import type { Json, Timestamp } from '../../db/sql-values.ts';
import type { Tx } from '../../db/tenant.ts';

const currentUserColumns = {
  userId: users.userId,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  mobile: users.mobile,
  timeZone: users.timeZone,
  locale: users.locale,
  // The picture's address changes with it, so a browser never shows a replaced one from its cache.
  pictureUrl: sql<string | null>`(select '/api/me/picture?v=' || floor(extract(epoch from i.updated_at) * 1000)::bigint
    from user_images i where i.user_id = ${users.userId} and i.kind = 'picture')`,
  pendingEmail: sql<string | null>`(select t.new_email from email_change_tokens t
    where t.user_id = ${users.userId} and t.used_at is null and t.expires_at > now()
    order by t.created_at desc limit 1)`,
  isAdmin: users.isAdmin,
  isSso: users.isSso,
  isVisitorOnly: users.isVisitorOnly,
};

export async function getCurrentUser(tx: Tx, userId: string) {
  const [row] = await tx.select(currentUserColumns).from(users).where(eq(users.userId, userId));
  return row;
}

export async function updateCurrentUser(tx: Tx, userId: string, changes: UpdateCurrentUser) {
  const [row] = await tx
    .update(users)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(users.userId, userId))
    .returning(currentUserColumns);
  return row;
}

export async function findUserByEmail(tx: Tx, email: string) {
  const result = await tx.execute<{ user_id: string; password_hash: string | null; is_sso: boolean; email: string }>(
    sql`select user_id, password_hash, is_sso, email from users where lower(email) = lower(${email})`,
  );
  return result.rows[0];
}

export type AttemptKind =
  | 'sign-in'
  | 'password-reset'
  | 'signup-email-check'
  | 'signup-challenge'
  | 'signup-finish'
  | 'link-challenge'
  | 'link-submit'
  | 'link-upload-grant'
  | 'link-upload';

/** How many attempts of a kind, and the last one's time, by address and account together, by account and by address. */
export type AttemptCounts = Record<'pair' | 'email' | 'ip', { count: number; last: Date | null }>;

export async function recentAttempts(
  tx: Tx,
  kind: AttemptKind,
  email: string,
  ip: string,
  since: Date,
): Promise<AttemptCounts> {
  const result = await tx.execute<{
    pair: number;
    email: number;
    ip: number;
    pair_last: string | Date | null;
    email_last: string | Date | null;
    ip_last: string | Date | null;
  }>(sql`
    with recent as (
      select lower(email) = lower(${email}) as same_email, ip = ${ip} as same_ip, created_at
      from auth_attempts
      where kind = ${kind} and created_at > ${since.toISOString()}
        and (lower(email) = lower(${email}) or ip = ${ip})
    )
    select count(*) filter (where same_email and same_ip)::int as pair,
           max(created_at) filter (where same_email and same_ip) as pair_last,
           count(*) filter (where same_email)::int as email,
           max(created_at) filter (where same_email) as email_last,
           count(*) filter (where same_ip)::int as ip,
           max(created_at) filter (where same_ip) as ip_last
    from recent`);
  const row = result.rows[0];
  const at = (value: string | Date | null | undefined) => (value ? new Date(value) : null);
  return {
    pair: { count: row?.pair ?? 0, last: at(row?.pair_last) },
    email: { count: row?.email ?? 0, last: at(row?.email_last) },
    ip: { count: row?.ip ?? 0, last: at(row?.ip_last) },
  };
}

export async function recordAttempt(tx: Tx, kind: AttemptKind, email: string, ip: string) {
  await tx.execute(sql`insert into auth_attempts (kind, email, ip) values (${kind}, ${email.toLowerCase()}, ${ip})`);
}

/** Forgets the attempts of one account from one address (others' failures on the account stay counted). */
export async function clearAttempts(tx: Tx, kind: AttemptKind, email: string, ip: string) {
  await tx.execute(
    sql`delete from auth_attempts where kind = ${kind} and lower(email) = lower(${email}) and ip = ${ip}`,
  );
}

export async function insertResetToken(tx: Tx, tokenHash: string, userId: string, expiresAt: Date) {
  await tx.execute(sql`
    insert into password_reset_tokens (token_hash, user_id, expires_at)
    values (${tokenHash}, ${userId}, ${expiresAt.toISOString()})`);
}

/** Marks the token used and answers its user, only if it was valid: one use, one winner. */
export async function useResetToken(tx: Tx, tokenHash: string) {
  const result = await tx.execute<{ user_id: string }>(sql`
    update password_reset_tokens set used_at = now()
    where token_hash = ${tokenHash} and used_at is null and expires_at > now()
    returning user_id`);
  return result.rows[0]?.user_id;
}

export async function resetTokenIsUsable(tx: Tx, tokenHash: string) {
  const result = await tx.execute<{ ok: boolean }>(sql`
    select true as ok from password_reset_tokens
    where token_hash = ${tokenHash} and used_at is null and expires_at > now()`);
  return result.rows.length > 0;
}

export async function setPasswordHash(tx: Tx, userId: string, passwordHash: string) {
  await tx.execute(sql`
    update users set password_hash = ${passwordHash}, password_changed_at = now(), updated_at = now()
    where user_id = ${userId}`);
}

export type UsageEventRow = {
  created_at: Timestamp;
  name: string;
  email: string | null;
  workspace_name: string | null;
  context: Json;
};

/** Every workspace's and visitor's product events of a period, oldest first (platform admins). */
export async function usageEventsBetween(tx: Tx, from: string, to: string): Promise<UsageEventRow[]> {
  const result = await tx.execute<UsageEventRow>(sql`
    select e.created_at, e.name, u.email, w.name as workspace_name, e.context
      from usage_events e
      left join users u on u.user_id = e.user_id
      left join workspaces w on w.workspace_id = e.workspace_id
     where e.created_at >= ${from}::date and e.created_at < ${to}::date + 1
     order by e.created_at, e.usage_event_id`);
  return result.rows;
}

export async function insertSignInTicket(tx: Tx, ticketHash: string, userId: string, expiresAt: Date) {
  await tx.execute(sql`
    insert into sign_in_tickets (ticket_hash, user_id, expires_at)
    values (${ticketHash}, ${userId}, ${expiresAt.toISOString()})`);
}

export async function useSignInTicket(tx: Tx, ticketHash: string): Promise<string | undefined> {
  const result = await tx.execute<{ user_id: string }>(sql`
    update sign_in_tickets set used_at = now()
    where ticket_hash = ${ticketHash} and used_at is null and expires_at > now()
    returning user_id`);
  return result.rows[0]?.user_id;
}
