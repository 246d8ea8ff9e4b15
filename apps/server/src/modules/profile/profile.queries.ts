import { and, eq, sql } from 'drizzle-orm';
import { userImages } from '../../db/schema.ts';
import type { Tx } from '../../db/tenant.ts';

export type UserImageKind = 'picture' | 'signature';
export type UserImageRow = typeof userImages.$inferSelect;
export type NewUserImage = Omit<typeof userImages.$inferInsert, 'updatedAt'>;

/** The person's current image of a kind (their own rows only: row-level security). */
export async function getImage(tx: Tx, userId: string, kind: UserImageKind): Promise<UserImageRow | undefined> {
  const [row] = await tx
    .select()
    .from(userImages)
    .where(and(eq(userImages.userId, userId), eq(userImages.kind, kind)));
  return row;
}

/** Sets the person's image of a kind; answers the storage key it replaced, if any. */
export async function putImage(tx: Tx, image: NewUserImage): Promise<{ row: UserImageRow; replacedKey?: string }> {
  const before = await tx
    .select({ storageKey: userImages.storageKey })
    .from(userImages)
    .where(and(eq(userImages.userId, image.userId), eq(userImages.kind, image.kind)))
    .for('update');
  const [row] = await tx
    .insert(userImages)
    .values({ ...image, updatedAt: new Date() })
    .onConflictDoUpdate({
      target: [userImages.userId, userImages.kind],
      set: { ...image, updatedAt: new Date() },
    })
    .returning();
  return { row: row as UserImageRow, replacedKey: before[0]?.storageKey };
}

/** Removes the person's image of a kind; answers its storage key, if there was one. */
export async function deleteImage(tx: Tx, userId: string, kind: UserImageKind): Promise<string | undefined> {
  const [row] = await tx
    .delete(userImages)
    .where(and(eq(userImages.userId, userId), eq(userImages.kind, kind)))
    .returning({ storageKey: userImages.storageKey });
  return row?.storageKey;
}

export async function emailInUse(tx: Tx, email: string, exceptUserId: string): Promise<boolean> {
  const result = await tx.execute<{ found: boolean }>(
    sql`select true as found from users where lower(email) = lower(${email}) and user_id <> ${exceptUserId}`,
  );
  return result.rows.length > 0;
}

/** A new e-mail change link; earlier unused links of the person stop working (one pending change). */
export async function insertEmailChangeToken(
  tx: Tx,
  input: { tokenHash: string; userId: string; newEmail: string; expiresAt: Date },
) {
  await tx.execute(sql`
    update email_change_tokens set used_at = now() where user_id = ${input.userId} and used_at is null`);
  await tx.execute(sql`
    insert into email_change_tokens (token_hash, user_id, new_email, expires_at)
    values (${input.tokenHash}, ${input.userId}, ${input.newEmail}, ${input.expiresAt.toISOString()})`);
}

export type EmailChangeToken = { user_id: string; new_email: string; usable: boolean };

/** The link's facts, locked, whoever it belongs to (the service answers another person's as unknown). */
export async function findEmailChangeToken(tx: Tx, tokenHash: string): Promise<EmailChangeToken | undefined> {
  const result = await tx.execute<EmailChangeToken>(sql`
    select user_id, new_email, (used_at is null and expires_at > now()) as usable
    from email_change_tokens where token_hash = ${tokenHash} for update`);
  return result.rows[0];
}

export async function markEmailChangeTokenUsed(tx: Tx, tokenHash: string) {
  await tx.execute(sql`update email_change_tokens set used_at = now() where token_hash = ${tokenHash}`);
}

/** Sets the person's e-mail; answers the address it had. */
export async function setEmail(tx: Tx, userId: string, email: string): Promise<string | undefined> {
  const result = await tx.execute<{ old_email: string }>(sql`
    update users u set email = ${email}, updated_at = now()
    from (select user_id, email as old_email from users where user_id = ${userId} for update) old
    where u.user_id = old.user_id
    returning old.old_email`);
  return result.rows[0]?.old_email;
}

export async function fullName(tx: Tx, userId: string): Promise<string> {
  const result = await tx.execute<{ name: string }>(
    sql`select trim(first_name || ' ' || last_name) as name from users where user_id = ${userId}`,
  );
  return result.rows[0]?.name ?? '';
}
