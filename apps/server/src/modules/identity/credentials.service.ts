import { createHash, randomBytes } from 'node:crypto';
import { passwordRules } from '@formwork/shared/schemas/identity';
import type { AppDb } from '../../db/client.ts';
import { inScope, systemScope, type Tx } from '../../db/tenant.ts';
import { enqueueMail } from '../../mail/mail.ts';
import * as queries from './identity.queries.ts';
import { hashPassword, verifyPassword } from './password.ts';

/**
 * One limiter for sign-in failures and reset requests. Each rule counts attempts over the window
 * by one key; past `after` attempts the next must wait a delay that doubles with every further
 * attempt, up to `maxMs`, counted from the last one. Nothing locks an account: the account-wide
 * rule is short, so a stranger's failures from elsewhere delay the owner by seconds at most.
 */
export type ThrottleRule = { key: keyof queries.AttemptCounts; after: number; firstMs: number; maxMs: number };
export type Throttle = { windowMs: number; rules: ThrottleRule[] };

const minute = 60_000;

/** Failed sign-ins: by address and account together (the guesser), by account (from many addresses), by address. */
export const signInThrottle: Throttle = {
  windowMs: 15 * minute,
  rules: [
    { key: 'pair', after: 5, firstMs: minute, maxMs: 15 * minute },
    { key: 'email', after: 10, firstMs: 2_000, maxMs: 30_000 },
    { key: 'ip', after: 30, firstMs: minute, maxMs: 15 * minute },
  ],
};

/** Reset requests (each mails someone): a few per account and some more per address, per hour. */
export const passwordResetThrottle: Throttle = {
  windowMs: 60 * minute,
  rules: [
    { key: 'email', after: 3, firstMs: 5 * minute, maxMs: 60 * minute },
    { key: 'ip', after: 10, firstMs: 5 * minute, maxMs: 60 * minute },
  ],
};

/** How long before another attempt is allowed: 0 now. */
export function throttleWaitMs(throttle: Throttle, counts: queries.AttemptCounts, now = Date.now()): number {
  let wait = 0;
  for (const rule of throttle.rules) {
    const { count, last } = counts[rule.key];
    if (count < rule.after || !last) continue;
    const delay = Math.min(rule.maxMs, rule.firstMs * 2 ** Math.min(count - rule.after, 30));
    wait = Math.max(wait, last.getTime() + delay - now);
  }
  return Math.max(0, wait);
}

async function attemptWaitMs(db: AppDb, throttle: Throttle, kind: queries.AttemptKind, email: string, ip: string) {
  const since = new Date(Date.now() - throttle.windowMs);
  const counts = await inScope(db, systemScope, (tx) => queries.recentAttempts(tx, kind, email, ip, since));
  return throttleWaitMs(throttle, counts);
}

/**
 * A public call's rate limit on the same limiter: answers how long the caller must wait (0: go on,
 * and this call is counted; a refused call is not). Kept in the database, so a restart or another
 * process counts the same calls.
 */
export async function takeAttempt(
  db: AppDb,
  throttle: Throttle,
  kind: queries.AttemptKind,
  email: string,
  ip: string,
): Promise<number> {
  const since = new Date(Date.now() - throttle.windowMs);
  return inScope(db, systemScope, async (tx) => {
    const wait = throttleWaitMs(throttle, await queries.recentAttempts(tx, kind, email, ip, since));
    if (wait === 0) await queries.recordAttempt(tx, kind, email, ip);
    return wait;
  });
}

const resetTokenTtlMs = 60 * 60 * 1000;

export type SignInResult =
  | { ok: true; userId: string }
  | { ok: false; reason: 'wrongCredentials' | 'ssoAccount' }
  | { ok: false; reason: 'tooManyAttempts'; retryAfterMs: number };

// Checked when the e-mail is unknown, so both answers take the same time.
const decoyHash = hashPassword(randomBytes(16).toString('hex'));

export async function signInWithPassword(
  db: AppDb,
  input: { email: string; password: string; ip: string },
): Promise<SignInResult> {
  const email = input.email.trim();
  const retryAfterMs = await attemptWaitMs(db, signInThrottle, 'sign-in', email, input.ip);
  if (retryAfterMs > 0) return { ok: false, reason: 'tooManyAttempts', retryAfterMs };
  const user = await inScope(db, systemScope, (tx) => queries.findUserByEmail(tx, email));
  const valid = user?.password_hash
    ? await verifyPassword(user.password_hash, input.password)
    : await verifyPassword(await decoyHash, input.password).then(() => false);
  if (!user || !valid) {
    await inScope(db, systemScope, (tx) => queries.recordAttempt(tx, 'sign-in', email, input.ip));
    return { ok: false, reason: 'wrongCredentials' };
  }
  if (user.is_sso) return { ok: false, reason: 'ssoAccount' };
  await inScope(db, systemScope, (tx) => queries.clearAttempts(tx, 'sign-in', email, input.ip));
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
    ip: string;
    resetUrl: (token: string) => string;
    mail: (link: string) => { subject: string; text: string };
  },
): Promise<{ ok: true } | { ok: false; retryAfterMs: number }> {
  const email = input.email.trim();
  // Counted whether or not the account exists, so the limit reveals nothing about who has one.
  const retryAfterMs = await attemptWaitMs(db, passwordResetThrottle, 'password-reset', email, input.ip);
  if (retryAfterMs > 0) return { ok: false, retryAfterMs };
  await inScope(db, systemScope, async (tx) => {
    await queries.recordAttempt(tx, 'password-reset', email, input.ip);
    const user = await queries.findUserByEmail(tx, email);
    if (!user || user.is_sso) return;
    const token = randomBytes(32).toString('base64url');
    await queries.insertResetToken(tx, hashToken(token), user.user_id, new Date(Date.now() + resetTokenTtlMs));
    const content = input.mail(input.resetUrl(token));
    await enqueueMail(tx, { to: user.email, ...content });
  });
  return { ok: true };
}

/** The rules of spec 5.7 a password breaks, by id (the page words them in its language). */
export function passwordProblems(password: string) {
  return passwordRules.filter((rule) => !rule.test(password)).map((rule) => rule.id);
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

const signInTicketTtlMs = 2 * 60 * 1000;

/**
 * Issue 16.3: a single-use ticket that signs the person in once, within two minutes (written in the
 * caller's transaction, e.g. the activation that set their password).
 */
export async function issueSignInTicket(tx: Tx, userId: string): Promise<string> {
  const ticket = randomBytes(32).toString('base64url');
  await queries.insertSignInTicket(tx, hashToken(ticket), userId, new Date(Date.now() + signInTicketTtlMs));
  return ticket;
}

/** The user a sign-in ticket is for, using it up; undefined when it is unknown, used or expired. */
export async function redeemSignInTicket(db: AppDb, ticket: string): Promise<string | undefined> {
  return inScope(db, systemScope, (tx) => queries.useSignInTicket(tx, hashToken(ticket)));
}
