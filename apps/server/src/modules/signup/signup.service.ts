import { randomUUID } from 'node:crypto';
import { isTimeZone } from '@formwork/shared/forms/date-text';
import { emailDomain, isFreeMailDomain } from '@formwork/shared/invitation-rules';
import { splitMobile } from '@formwork/shared/schemas/identity';
import {
  continentForCountryCode,
  continentForTimeZone,
  type EmailCheckResult,
  humanCheckMessage,
  type SignupCompleteResult,
  type SubdomainResult,
  type signupBodySchema,
  signupCtaContexts,
  type signupEmailContexts,
  subdomainFailedMessage,
} from '@formwork/shared/schemas/signup';
import { z } from 'zod';
import type { AppDb } from '../../db/client.ts';
import { inScope, systemScope, type Tx } from '../../db/tenant.ts';
import { AppError } from '../../errors.ts';
import { issueSignInTicket, type Throttle, takeAttempt } from '../identity/credentials.service.ts';
import { hashPassword } from '../identity/password.ts';
import { recordUsageEvent } from '../identity/usage-events.ts';
import { type FollowUpRefusal, issueSsoTicket, signsInWithSso } from '../sso/sso.service.ts';
import { businessDomainInUse, openTrialWorkspace } from '../workspaces/workspaces.service.ts';
import type { HumanCheck } from './human-check.ts';
import * as queries from './signup.queries.ts';

type SignupBody = z.output<typeof signupBodySchema>;

/** Spec 7's tracking events of the sign-up steps, recorded by the calls those steps make. */
async function track(tx: Tx, cta: (typeof signupCtaContexts)[number], email?: (typeof signupEmailContexts)[number]) {
  if (email) await recordUsageEvent(tx, { userId: null, name: 'signupEmailEntered', context: { context: email } });
  await recordUsageEvent(tx, { userId: null, name: 'signupCtaClicked', context: { context: cta } });
}

const minute = 60_000;

/**
 * Rate limits of the public sign-up calls, on the limiter of sign-in and password resets: past
 * `after` calls in the window the next waits `firstMs`, doubling with each further call up to
 * `maxMs`. The e-mail check is asked live while the person types, so its limits are the widest.
 */
export const signupThrottles = {
  emailCheck: {
    windowMs: 10 * minute,
    rules: [
      { key: 'ip', after: 60, firstMs: 2_000, maxMs: 10 * minute },
      { key: 'email', after: 20, firstMs: 2_000, maxMs: 10 * minute },
    ],
  },
  challenge: { windowMs: 10 * minute, rules: [{ key: 'ip', after: 30, firstMs: 30_000, maxMs: 10 * minute }] },
  finish: {
    windowMs: 60 * minute,
    rules: [
      { key: 'ip', after: 20, firstMs: minute, maxMs: 60 * minute },
      { key: 'email', after: 5, firstMs: minute, maxMs: 60 * minute },
    ],
  },
} satisfies Record<string, Throttle>;

/** Counts one call, or refuses it with 429 and how long to wait (Retry-After). */
async function limit(
  db: AppDb,
  throttle: Throttle,
  kind: 'signup-email-check' | 'signup-challenge' | 'signup-finish',
  email: string,
  ip: string,
) {
  const waitMs = await takeAttempt(db, throttle, kind, email, ip);
  if (waitMs > 0) throw new AppError('tooManyRequests', { meta: { retryAfterSeconds: Math.ceil(waitMs / 1000) } });
}

const ipRulesOf = (throttle: Throttle): Throttle => ({
  ...throttle,
  rules: throttle.rules.filter((r) => r.key === 'ip'),
});

/** The human-check challenge: limited per address (it has no e-mail). */
export async function limitChallenge(db: AppDb, ip: string) {
  await limit(db, signupThrottles.challenge, 'signup-challenge', '', ip);
}

/**
 * Spec 4.5 step 1 (Next): is the address already registered (UsedEmail), or is its business domain
 * in use (UsedDomain)? Asked live while the person types and again on Next. Free-mail domains are
 * never "in use". A single sign-on domain (a workspace's verified domain with a connected provider)
 * signs up without a password. Records the e-mail-entered event (New, Existing or Domain Check)
 * and the call-to-action 'Signup Page 1' on Next only.
 */
export async function checkEmail(
  db: AppDb,
  email: string,
  step: 'live' | 'next',
  ip: string,
): Promise<EmailCheckResult> {
  await limit(db, signupThrottles.emailCheck, 'signup-email-check', email, ip);
  const isSSODomain = await signsInWithSso(db, email);
  return inScope(db, systemScope, async (tx) => {
    const emailInUse = await queries.emailHasAccount(tx, email);
    const isBusinessDomainInUse = !emailInUse && (await businessDomainInUse(tx, email, null));
    if (step === 'next')
      await track(tx, 'Signup Page 1', emailInUse ? 'Existing' : isBusinessDomainInUse ? 'Domain Check' : 'New');
    return { emailInUse, isBusinessDomainInUse, isSSODomain };
  });
}

/** Names no account may take as its web address. */
const reservedSubdomains = new Set(['www', 'app', 'api', 'admin', 'idp', 'login', 'signup', 'mail', 'help', 'support']);

function slug(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 30)
    .replace(/-+$/g, '');
}

/** The company name's letters and digits, else the business e-mail domain's first label. */
function subdomainBase(email: string, companyName: string): string {
  const fromName = slug(companyName);
  if (fromName) return fromName;
  const domain = emailDomain(email);
  return isFreeMailDomain(domain) ? '' : slug(domain.split('.')[0] ?? '');
}

async function firstFreeSubdomain(tx: Tx, base: string): Promise<string | undefined> {
  for (let n = 1; n <= 100; n += 1) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    if (!reservedSubdomains.has(candidate) && !(await queries.subdomainTaken(tx, candidate))) return candidate;
  }
  return undefined;
}

/**
 * Spec 3, 4.5, 7 (Get Started): the account's subdomain, derived from the e-mail and company name
 * and not taken by another account. Answers success false with a message the page shows in a toast
 * when none can be made. Records the call-to-action 'Sign Up Get Started'.
 */
export async function accountSubdomain(db: AppDb, email: string, companyName: string): Promise<SubdomainResult> {
  return inScope(db, systemScope, async (tx) => {
    await track(tx, 'Sign Up Get Started');
    const base = subdomainBase(email, companyName);
    const subdomain = base ? await firstFreeSubdomain(tx, base) : undefined;
    return subdomain
      ? { success: true, subdomain, errorMessage: null }
      : { success: false, subdomain: null, errorMessage: subdomainFailedMessage };
  });
}

/**
 * Spec 4.5 (Create account on MobileNumber): stores the sign-up model under the browser's id. An
 * address that already has an account is refused (409); the same id again stores the same sign-up
 * (a replay makes no second one); a finished one is not changed. The continent comes from the time
 * zone, else from the phone number's country code. Records 'Sign up Page Phone Number'.
 */
export async function saveSignup(db: AppDb, signupId: string, body: SignupBody): Promise<{ status: 'pending' }> {
  // Spec 4.5: a single sign-on address signs up without a password (one is refused), others with one.
  const sso = await signsInWithSso(db, body.email);
  if (sso && !body.isSSOSignUp) throw new AppError('ssoPasswordRefused');
  if (!sso && body.isSSOSignUp) {
    throw new AppError('validationFailed', {
      errors: [{ path: 'body.isSSOSignUp', message: 'This address does not sign in with single sign-on.' }],
    });
  }
  if (!sso && !body.password) {
    throw new AppError('validationFailed', { errors: [{ path: 'body.password', message: 'Required' }] });
  }
  const passwordHash = sso ? null : await hashPassword(body.password as string);
  const timeZone = body.timezone && isTimeZone(body.timezone) ? body.timezone : null;
  const code = splitMobile(body.mobile)?.countryCode ?? '';
  const continent =
    body.continent ?? continentForTimeZone(timeZone ?? undefined) ?? continentForCountryCode(code) ?? null;
  return inScope(db, systemScope, async (tx) => {
    await track(tx, 'Sign up Page Phone Number');
    if (await queries.emailHasAccount(tx, body.email)) throw new AppError('emailInUse');
    const status = await queries.upsertSignup(tx, {
      signupId,
      email: body.email,
      firstName: body.firstName,
      lastName: body.lastName,
      companyName: body.companyName,
      subdomain: body.subdomain,
      mobile: body.mobile,
      continent,
      timeZone,
      role: body.businessAttributes.role,
      industry: body.businessAttributes.industry,
      passwordHash,
      isSso: sso,
    });
    if (status === 'completed') throw new AppError('signupCompleted');
    return { status };
  });
}

const humanCheckFailed = () =>
  new AppError('validationFailed', { errors: [{ path: 'body.humanCheck', message: humanCheckMessage }] });

/**
 * Spec 2.8 step 7, 4.5 (Finish): after the human check, the person's account, a new workspace on a
 * self-service 30-day free trial with them as its org controller, in one transaction, and a
 * one-time ticket so they land signed in. The sign-up row is locked and marked completed in that
 * transaction: a replayed or concurrent Finish makes no second account (409), and a solved check
 * finishes one sign-up only.
 */
export async function completeSignup(
  db: AppDb,
  humanCheck: HumanCheck,
  input: { signupId: string; answer: string; ip: string; region: string },
): Promise<SignupCompleteResult> {
  const stored = await inScope(db, systemScope, (tx) => queries.signupEmail(tx, input.signupId));
  // An unknown sign-up has no e-mail to count by: its calls count by address only.
  const throttle = stored ? signupThrottles.finish : ipRulesOf(signupThrottles.finish);
  await limit(db, throttle, 'signup-finish', stored ?? '', input.ip);
  const verified = await humanCheck.verify(input.answer, input.ip);
  if (!verified) throw humanCheckFailed();
  const workspaceId = randomUUID();
  return inScope(db, { workspaceId, userId: null, isAdmin: false }, async (tx) => {
    const signup = await queries.lockSignup(tx, input.signupId);
    if (!signup) throw new AppError('signupNotFound');
    if (signup.status === 'completed') throw new AppError('signupCompleted');
    if (await queries.humanCheckUsed(tx, verified.id)) throw humanCheckFailed();
    if (await queries.emailHasAccount(tx, signup.email)) throw new AppError('emailInUse');
    if (signup.is_sso) {
      // Spec 4.5: finished at the company's sign-in, once it has proven the address (completeSsoSignup).
      await queries.markHumanChecked(tx, input.signupId, verified.id);
      const data: SsoSignupData = { signupId: input.signupId, workspaceId, region: input.region };
      const ssoTicket = await issueSsoTicket(tx, { kind: ssoSignupKind, email: signup.email, data });
      return { email: signup.email, workspaceId, ssoTicket };
    }
    if (!signup.password_hash) throw new AppError('signupNotFound');
    // Another sign-up may have taken the subdomain since Get Started: the next free one.
    const subdomain = await firstFreeSubdomain(tx, signup.subdomain);
    if (!subdomain) throw new AppError('validationFailed', { detail: subdomainFailedMessage });
    const userId = await queries.insertSignedUpUser(tx, {
      email: signup.email,
      firstName: signup.first_name,
      lastName: signup.last_name,
      mobile: signup.mobile,
      passwordHash: signup.password_hash,
      timeZone: signup.time_zone,
    });
    await openTrialWorkspace(tx, {
      workspaceId,
      name: signup.company_name,
      region: input.region,
      timeZone: signup.time_zone ?? 'UTC',
      creatorId: userId,
    });
    await queries.markCompleted(tx, {
      signupId: input.signupId,
      userId,
      workspaceId,
      subdomain,
      humanCheckId: verified.id,
    });
    return { email: signup.email, workspaceId, signInTicket: await issueSignInTicket(tx, userId) };
  });
}

/** The kind of single sign-on ticket a sign-up hands over (handled by completeSsoSignup). */
export const ssoSignupKind = 'signup';

const ssoSignupDataSchema = z.object({
  signupId: z.string().uuid(),
  workspaceId: z.string().uuid(),
  region: z.string(),
});
type SsoSignupData = z.infer<typeof ssoSignupDataSchema>;

/**
 * Spec 4.5, issue 17.1: the company's provider proved the address of a single sign-on sign-up, so
 * it is finished as Finish does for others: the account (single sign-on, no password; an account
 * the address has by now is used as it is), the free-trial workspace with them as its org
 * controller and the sign-up marked completed, in one transaction. A completed sign-up signs them
 * in without making another.
 */
export async function completeSsoSignup(
  db: AppDb,
  raw: Record<string, unknown>,
  person: { email: string },
): Promise<'ok' | FollowUpRefusal> {
  const parsed = ssoSignupDataSchema.safeParse(raw);
  if (!parsed.success) return 'ssoFailed';
  const data = parsed.data;
  return inScope(db, { workspaceId: data.workspaceId, userId: null, isAdmin: false }, async (tx) => {
    const signup = await queries.lockSignup(tx, data.signupId);
    if (!signup?.is_sso || !signup.human_check_id) return 'ssoFailed';
    if (signup.email.toLowerCase() !== person.email.toLowerCase()) return 'ssoFailed';
    if (signup.status === 'completed') return 'ok';
    const subdomain = await firstFreeSubdomain(tx, signup.subdomain);
    if (!subdomain) return 'ssoFailed';
    const userId =
      (await queries.accountOf(tx, signup.email)) ??
      (await queries.insertSignedUpUser(tx, {
        email: signup.email,
        firstName: signup.first_name,
        lastName: signup.last_name,
        mobile: signup.mobile,
        passwordHash: null,
        timeZone: signup.time_zone,
      }));
    await openTrialWorkspace(tx, {
      workspaceId: data.workspaceId,
      name: signup.company_name,
      region: data.region,
      timeZone: signup.time_zone ?? 'UTC',
      creatorId: userId,
    });
    await queries.markCompleted(tx, {
      signupId: data.signupId,
      userId,
      workspaceId: data.workspaceId,
      subdomain,
      humanCheckId: signup.human_check_id,
    });
    return 'ok';
  });
}
