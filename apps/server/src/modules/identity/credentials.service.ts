import { createHash, randomBytes } from 'node:crypto';
import { passwordRules } from '@formwork/shared/schemas/identity';
import type { AppDb } from '../../db/client.ts';
import { inScope, systemScope } from '../../db/tenant.ts';
import { enqueueMail } from '../../mail/mail.ts';
import * as queries from './identity.queries.ts';
import { hashPassword, verifyPassword } from './password.ts';

/** Spec: failed sign-ins are limited per account and per address over a sliding window. */
export const signInLimits = { windowMs: 15 * 60 * 1000, perAccount: 5, perAddress: 30 };
const resetTokenTtlMs = 60 * 60 * 1000;

export type SignInResult =
  | { ok: true; userId: string }
  | { ok: false; reason: 'wrongCredentials' | 'tooManyAttempts' | 'ssoAccount' };

// Checked when the e-mail is unknown, so both answers take the same time.
const decoyHash = hashPassword(randomBytes(16).toString('hex'));

export async function signInWithPassword(
  db: AppDb,
  input: { email: string; password: string; ip: string },
): Promise<SignInResult> {
  const email = input.email.trim();
  const since = new Date(Date.now() - signInLimits.windowMs);
  const { user, failures } = await inScope(db, systemScope, async (tx) => ({
    user: await queries.findUserByEmail(tx, email),
    failures: await queries.recentFailures(tx, email, input.ip, since),
  }));
  if (failures.by_email >= signInLimits.perAccount || failures.by_ip >= signInLimits.perAddress) {
    return { ok: false, reason: 'tooManyAttempts' };
  }
  const valid = user?.password_hash
    ? await verifyPassword(user.password_hash, input.password)
    : await verifyPassword(await decoyHash, input.password).then(() => false);
  if (!user || !valid) {
    await inScope(db, systemScope, (tx) => queries.recordFailure(tx, email, input.ip));
    return { ok: false, reason: 'wrongCredentials' };
  }
  if (user.is_sso) return { ok: false, reason: 'ssoAccount' };
  await inScope(db, systemScope, (tx) => queries.clearFailures(tx, email));
  return { ok: true, userId: user.user_id };
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Sends a reset link when the e-mail belongs to a password user; answers the same either way so
 * the page reveals nothing about who has an account.
 */
export async function requestPasswordReset(
  db: AppDb,
  input: {
    email: string;
    resetUrl: (token: string) => string;
    mail: (link: string) => { subject: string; text: string };
  },
) {
  await inScope(db, systemScope, async (tx) => {
    const user = await queries.findUserByEmail(tx, input.email.trim());
    if (!user || user.is_sso) return;
    const token = randomBytes(32).toString('base64url');
    await queries.insertResetToken(tx, hashToken(token), user.user_id, new Date(Date.now() + resetTokenTtlMs));
    const content = input.mail(input.resetUrl(token));
    await enqueueMail(tx, { to: user.email, ...content });
  });
}

export function passwordProblems(password: string): string[] {
  return passwordRules.filter((rule) => !rule.test(password)).map((rule) => rule.message);
}

export async function resetTokenIsUsable(db: AppDb, token: string) {
  return inScope(db, systemScope, (tx) => queries.resetTokenIsUsable(tx, hashToken(token)));
}

/** Sets the new password if the token is still good; answers the user id, or undefined. */
export async function resetPassword(
  db: AppDb,
  input: { token: string; password: string },
): Promise<string | undefined> {
  const passwordHash = await hashPassword(input.password);
  return inScope(db, systemScope, async (tx) => {
    const userId = await queries.useResetToken(tx, hashToken(input.token));
    if (!userId) return undefined;
    await queries.setPasswordHash(tx, userId, passwordHash);
    return userId;
  });
}
