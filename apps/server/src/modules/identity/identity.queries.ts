import type { UpdateCurrentUser } from '@formwork/shared/schemas/identity';
import { eq, sql } from 'drizzle-orm';
import { users } from '../../db/schema.ts';
import type { Tx } from '../../db/tenant.ts';

const currentUserColumns = {
  userId: users.userId,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  mobile: users.mobile,
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

export async function recentFailures(tx: Tx, email: string, ip: string, since: Date) {
  const result = await tx.execute<{ by_email: number; by_ip: number }>(sql`
    select
      (select count(*)::int from sign_in_failures where lower(email) = lower(${email}) and created_at > ${since.toISOString()}) as by_email,
      (select count(*)::int from sign_in_failures where ip = ${ip} and created_at > ${since.toISOString()}) as by_ip`);
  return result.rows[0] ?? { by_email: 0, by_ip: 0 };
}

export async function recordFailure(tx: Tx, email: string, ip: string) {
  await tx.execute(sql`insert into sign_in_failures (email, ip) values (${email.toLowerCase()}, ${ip})`);
}

export async function clearFailures(tx: Tx, email: string) {
  await tx.execute(sql`delete from sign_in_failures where lower(email) = lower(${email})`);
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
  await tx.execute(sql`update users set password_hash = ${passwordHash}, updated_at = now() where user_id = ${userId}`);
}

export async function insertUsageEvent(tx: Tx, userId: string, name: string, context: Record<string, string>) {
  await tx.execute(sql`
    insert into usage_events (user_id, name, context) values (${userId}, ${name}, ${JSON.stringify(context)}::jsonb)`);
}
