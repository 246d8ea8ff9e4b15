import { randomUUID } from 'node:crypto';
import { bannedCompanyNameMessage, humanCheckMessage, subdomainFailedMessage } from '@formwork/shared/schemas/signup';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../../test/auth.ts';
import { createUser, createWorkspace, type TestWorkspace } from '../../../test/factories.ts';
import { OidcTestClient, pkcePair } from '../../../test/oidc-client.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { buildApp } from '../../app.ts';
import { inScope, systemScope } from '../../db/tenant.ts';
import { signupThrottles } from './signup.service.ts';

let ctx: TestContext;
let w: TestWorkspace;
beforeAll(async () => {
  // A tiny proof of work so the test solves it at once (the default asks a browser for a second or two).
  ctx = await createTestApp({ env: { ALTCHA_MAX_COUNTER: '20' } });
  w = await createWorkspace(ctx, { projects: 1, teamsPerProject: 1 });
});
afterAll(() => ctx.close());

const fresh = (domain = 'harbour-builders.example') => `new-${randomUUID().slice(0, 8)}@${domain}`;
const password = 'Signup-2026x';
const model = (extra: Record<string, unknown> = {}) => ({
  email: fresh(),
  firstName: 'Robin',
  lastName: 'Harbour',
  companyName: `Harbour Builders ${randomUUID().slice(0, 6)}`,
  password,
  subdomain: `harbour-${randomUUID().slice(0, 6)}`,
  mobile: '+61 412345678',
  acceptTerms: true,
  businessAttributes: { role: 'projectManager', industry: 'construction' },
  timezone: 'Australia/Sydney',
  ...extra,
});

async function solved(): Promise<string> {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/signup/challenge' });
  expect(res.statusCode).toBe(200);
  const challenge = res.json();
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

const put = (id: string, payload: unknown) =>
  ctx.app.inject({ method: 'PUT', url: `/api/signups/${id}`, payload: payload as object });
const complete = (id: string, humanCheck: string) =>
  ctx.app.inject({ method: 'POST', url: `/api/signups/${id}/complete`, payload: { humanCheck } });

async function events(name: string) {
  return inScope(ctx.database.db, systemScope, async (tx) => {
    const r = await tx.execute<{ context: { context: string } }>(
      sql`select context from usage_events where name = ${name} order by usage_event_id`,
    );
    return r.rows.map((row) => row.context.context);
  });
}

function fieldErrors(res: { json(): { errors?: { path: string; message: string }[] } }) {
  // The first message of each field (a field may break several rules).
  const found: Record<string, string> = {};
  for (const e of res.json().errors ?? []) found[e.path] ??= e.message;
  return found;
}

describe('sign-up step 1: e-mail check (spec 2.8, 4.5, 7)', () => {
  it('tells a new address, a registered one and one whose business domain is in use, and records the events', async () => {
    const check = (email: string) =>
      ctx.app.inject({ method: 'POST', url: '/api/signup/email-check', payload: { email } });
    const before = (await events('signupEmailEntered')).length;

    const fresh1 = await check(fresh('brand-new-company.example'));
    expect(fresh1.statusCode).toBe(200);
    expect(fresh1.json()).toEqual({ emailInUse: false, isBusinessDomainInUse: false, isSSODomain: false });

    const member = await createUser(ctx.database.db, { email: fresh('taken-domain.example') });
    const used = await check(member.email.toUpperCase());
    expect(used.json()).toMatchObject({ emailInUse: true, isBusinessDomainInUse: false });

    const sameDomain = await check(fresh('taken-domain.example'));
    expect(sameDomain.json()).toMatchObject({ emailInUse: false, isBusinessDomainInUse: true });

    // A free-mail domain is never "in use" by a company.
    await createUser(ctx.database.db, { email: fresh('gmail.com') });
    expect((await check(fresh('gmail.com'))).json()).toMatchObject({ isBusinessDomainInUse: false });

    expect((await events('signupEmailEntered')).slice(before)).toEqual(['New', 'Existing', 'Domain Check', 'New']);
    // The live indicator's checks record nothing.
    const live = await ctx.app.inject({
      method: 'POST',
      url: '/api/signup/email-check',
      payload: { email: member.email, step: 'live' },
    });
    expect(live.json()).toMatchObject({ emailInUse: true });
    expect((await events('signupEmailEntered')).slice(before)).toHaveLength(4);
    expect(await events('signupCtaClicked')).toContain('Signup Page 1');
  });

  it("refuses a malformed e-mail with 400 and the spec's message", async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/signup/email-check', payload: { email: 'robin@' } });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(fieldErrors(res)['body.email']).toBe('Please enter a valid email address in the format name@example.com.');
  });
});

describe('sign-up Get Started: subdomain and company name (spec 3, 5.7, 7)', () => {
  const subdomain = (email: string, companyName: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/signup/subdomain', payload: { email, companyName } });

  it('derives the subdomain from the company name, else from the business e-mail domain', async () => {
    expect((await subdomain(fresh(), '  Bridge & Tunnel Pty. Ltd ')).json()).toEqual({
      success: true,
      subdomain: 'bridge-and-tunnel-pty-ltd',
      errorMessage: null,
    });
    expect((await subdomain('robin@kauri-civil.example', '株式会社')).json()).toMatchObject({
      subdomain: 'kauri-civil',
    });
    expect(await events('signupCtaClicked')).toContain('Sign Up Get Started');
  });

  it('answers success false with the message the page toasts when no address can be made', async () => {
    const res = await subdomain('robin@gmail.com', '株式会社');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: false, subdomain: null, errorMessage: subdomainFailedMessage });
  });

  it("refuses banned and reserved terms with the spec's message, and other bad names with the validator's", async () => {
    for (const name of ['Formwork Builders', 'Site ADMIN team', 'shit happens']) {
      const res = await subdomain(fresh(), name);
      expect(res.statusCode).toBe(400);
      expect(fieldErrors(res)['body.companyName']).toBe(bannedCompanyNameMessage);
    }
    // A word merely containing a banned term is fine.
    expect((await subdomain(fresh(), 'Administrative Builders')).statusCode).toBe(200);
    const blank = await subdomain(fresh(), '   ');
    expect(fieldErrors(blank)['body.companyName']).toBe('Required');
    const symbols = await subdomain(fresh(), '!!!');
    expect(fieldErrors(symbols)['body.companyName']).toBe('Name should have one or more alphanumeric characters.');
  });
});

describe('sign-up Create account and Finish (spec 2.8, 4.5, 5.7)', () => {
  it("refuses every bad field of the model with 400 and the spec's messages", async () => {
    const res = await put(
      randomUUID(),
      model({
        email: 'nope',
        firstName: '<b>',
        lastName: ' ',
        password: 'short',
        mobile: '+61 12',
        acceptTerms: false,
        businessAttributes: { role: 'astronaut' },
      }),
    );
    expect(res.statusCode).toBe(400);
    const errors = fieldErrors(res);
    expect(errors['body.email']).toBe('Please enter a valid email address in the format name@example.com.');
    expect(errors['body.firstName']).toBe('Please enter a valid name');
    expect(errors['body.lastName']).toBe('Please enter a valid name');
    expect(errors['body.password']).toBe('At least 10 characters');
    expect(errors['body.mobile']).toBe('Invalid mobile number - incorrect length.');
    expect(errors['body.acceptTerms']).toBe('Please accept the Privacy Policy and Terms of Service.');
    expect(errors['body.businessAttributes.role']).toBe('Please choose one');
    expect(errors['body.businessAttributes.industry']).toBe('Please choose one');

    const noCode = await put(randomUUID(), model({ mobile: '412345678' }));
    expect(fieldErrors(noCode)['body.mobile']).toBe('Mobile is required');
  });

  it('makes the account, a 30-day free-trial workspace with the person as org controller, and signs them in with the ticket', async () => {
    const id = randomUUID();
    const body = model();
    const stored = await put(id, body);
    expect(stored.statusCode).toBe(200);
    expect(stored.json()).toEqual({ signupId: id, status: 'pending' });
    expect(await events('signupCtaClicked')).toContain('Sign up Page Phone Number');

    const res = await complete(id, await solved());
    expect(res.statusCode).toBe(200);
    const { signInTicket, workspaceId, email } = res.json();
    expect(email).toBe(body.email);

    const client = new OidcTestClient(ctx.app);
    const pkce = pkcePair();
    const start = await client.get(
      client.authorizeUrl({
        code_challenge: pkce.challenge,
        code_challenge_method: 'S256',
        activation_ticket: signInTicket,
      }),
    );
    const interaction = await client.get(start.headers.location as string);
    const callback = await client.followToApp(interaction.headers.location as string);
    const tokens = (await client.exchange(callback.searchParams.get('code') as string, pkce.verifier)).json();
    const headers = bearer(tokens.access_token);

    const accessible = await ctx.app.inject({ method: 'GET', url: '/api/workspaces/accessible', headers });
    const [workspace, ...others] = accessible.json().workspaces;
    expect(others).toEqual([]);
    expect(workspace).toMatchObject({ workspaceId, name: body.companyName });
    expect(workspace.account).toMatchObject({
      accountType: 'self_service',
      planType: 'free_trial',
      subscriptionStatus: 'free_trial',
    });
    const days = (Date.parse(workspace.account.trialEndDate) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);

    // The org controller sees the account's billing (admins and org controllers only).
    const account = await ctx.app.inject({ method: 'GET', url: `/api/workspaces/${workspaceId}/account`, headers });
    expect(account.statusCode).toBe(200);
    const me = await ctx.app.inject({ method: 'GET', url: '/api/me', headers });
    expect(me.json()).toMatchObject({
      firstName: 'Robin',
      lastName: 'Harbour',
      mobile: '+61 412345678',
      timeZone: 'Australia/Sydney',
    });
    // The trial's end is a queued job; the password works for the next sign-in.
    const jobs = await inScope(ctx.database.db, { workspaceId, userId: null, isAdmin: false }, (tx) =>
      tx.execute<{ kind: string }>(sql`select kind from jobs where workspace_id = ${workspaceId}`),
    );
    expect(jobs.rows.map((r) => r.kind)).toContain('account.trialEnd');
    await expect(new OidcTestClient(ctx.app).signIn(body.email, password)).resolves.toBeTruthy();
  });

  it('replayed calls make no second account: the same PUT stores the same sign-up, a second Finish is 409', async () => {
    const id = randomUUID();
    const body = model();
    expect((await put(id, body)).statusCode).toBe(200);
    expect((await put(id, body)).statusCode).toBe(200);
    const answer = await solved();
    const [first, second] = await Promise.all([complete(id, answer), complete(id, await solved())]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    expect((first.statusCode === 409 ? first : second).json().code).toBe('signupCompleted');
    expect((await put(id, body)).json().code).toBe('emailInUse');
    const users = await inScope(ctx.database.db, systemScope, (tx) =>
      tx.execute<{ n: number }>(sql`select count(*)::int as n from users where lower(email) = lower(${body.email})`),
    );
    expect(users.rows[0]?.n).toBe(1);
  });

  it('a registered address is refused (409) at Create account and at Finish', async () => {
    expect((await put(randomUUID(), model({ email: w.personas.orgController.email }))).json().code).toBe('emailInUse');
    const id = randomUUID();
    const body = model();
    await put(id, body);
    await createUser(ctx.database.db, { email: body.email });
    const res = await complete(id, await solved());
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('emailInUse');
  });

  it("refuses a missing, wrong, forged or reused human check with 400 'Please verify the reCaptcha'", async () => {
    const id = randomUUID();
    await put(id, model());
    const empty = await complete(id, '');
    expect(empty.statusCode).toBe(400);
    expect(fieldErrors(empty)['body.humanCheck']).toBe(humanCheckMessage);

    const garbage = await complete(id, 'bm90IGEgcGF5bG9hZA==');
    expect(fieldErrors(garbage)['body.humanCheck']).toBe(humanCheckMessage);

    const res = await ctx.app.inject({ method: 'GET', url: '/api/signup/challenge' });
    const challenge = res.json();
    const wrong = Buffer.from(JSON.stringify({ challenge, solution: { counter: 999_999, derivedKey: '00' } })).toString(
      'base64',
    );
    expect(fieldErrors(await complete(id, wrong))['body.humanCheck']).toBe(humanCheckMessage);

    const solution = await solveChallenge({ challenge, deriveKey });
    const forged = { ...challenge, parameters: { ...challenge.parameters, cost: 1 } };
    const forgedAnswer = Buffer.from(JSON.stringify({ challenge: forged, solution })).toString('base64');
    expect(fieldErrors(await complete(id, forgedAnswer))['body.humanCheck']).toBe(humanCheckMessage);

    // One solved check finishes one sign-up only.
    const answer = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
    expect((await complete(id, answer)).statusCode).toBe(200);
    const other = randomUUID();
    await put(other, model());
    expect(fieldErrors(await complete(other, answer))['body.humanCheck']).toBe(humanCheckMessage);
  });

  it('a challenge made before a restart is still accepted after it (no ALTCHA_HMAC_SECRET: the secret is kept in the database)', async () => {
    expect(ctx.config.humanCheck).toMatchObject({ kind: 'altcha', hmacSecret: undefined });
    const answer = await solved();
    const restarted = await buildApp({ config: ctx.config, database: ctx.database });
    try {
      await restarted.ready();
      const id = randomUUID();
      expect((await restarted.inject({ method: 'PUT', url: `/api/signups/${id}`, payload: model() })).statusCode).toBe(
        200,
      );
      const res = await restarted.inject({
        method: 'POST',
        url: `/api/signups/${id}/complete`,
        payload: { humanCheck: answer },
      });
      expect(res.statusCode).toBe(200);
    } finally {
      await restarted.close();
    }
  });

  it('an unknown sign-up answers 404', async () => {
    const res = await complete(randomUUID(), await solved());
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('signupNotFound');
  });

  it('says which human check the page shows', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/signup/config' });
    expect(res.json()).toEqual({ humanCheck: 'altcha', recaptchaSiteKey: null });
  });
});

describe('rate limits on the public sign-up calls (per address and per e-mail, kept in the database)', () => {
  const from = (remoteAddress: string) => ({ remoteAddress });
  const emailCheck = (email: string, remoteAddress: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/signup/email-check',
      payload: { email, step: 'live' },
      ...from(remoteAddress),
    });

  const after = (throttle: { rules: readonly { key: string; after: number }[] }, key: 'ip' | 'email') =>
    throttle.rules.find((r) => r.key === key)?.after ?? Number.NaN;

  function expectLimited(res: { statusCode: number; headers: Record<string, unknown>; json(): { code?: string } }) {
    expect(res.statusCode).toBe(429);
    expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(res.json().code).toBe('tooManyRequests');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  }

  it('the e-mail and domain check: one address is refused past its limit with 429 and Retry-After, another is not', async () => {
    const ip = '203.0.113.10';
    let res = await emailCheck(fresh(), ip);
    for (let i = 1; res.statusCode === 200 && i <= after(signupThrottles.emailCheck, 'ip') + 1; i++)
      res = await emailCheck(fresh(), ip);
    expectLimited(res);
    expect((await emailCheck(fresh(), '203.0.113.11')).statusCode).toBe(200);
  });

  it('the e-mail check: one e-mail asked from many addresses is refused past its own limit', async () => {
    const email = fresh();
    const limit = after(signupThrottles.emailCheck, 'email');
    for (let i = 0; i < limit; i++) expect((await emailCheck(email, `198.51.100.${i + 1}`)).statusCode).toBe(200);
    expectLimited(await emailCheck(email.toUpperCase(), '198.51.100.250'));
    expect((await emailCheck(fresh(), '198.51.100.250')).statusCode).toBe(200);
  });

  it('the human-check challenge: refused past the per-address limit, and still after a restart', async () => {
    const ip = '203.0.113.20';
    const challenge = (app = ctx.app) => app.inject({ method: 'GET', url: '/api/signup/challenge', ...from(ip) });
    const limit = after(signupThrottles.challenge, 'ip');
    for (let i = 0; i < limit; i++) expect((await challenge()).statusCode).toBe(200);
    expectLimited(await challenge());
    const restarted = await buildApp({ config: ctx.config, database: ctx.database });
    try {
      await restarted.ready();
      expectLimited(await challenge(restarted));
    } finally {
      await restarted.close();
    }
  });

  it('Finish: refused past the per-address limit before the human check is even read', async () => {
    const ip = '203.0.113.30';
    const limit = after(signupThrottles.finish, 'ip');
    for (let i = 0; i < limit; i++) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/api/signups/${randomUUID()}/complete`,
        payload: { humanCheck: 'bm90IGEgcGF5bG9hZA==' },
        ...from(ip),
      });
      expect(res.statusCode).not.toBe(429);
    }
    const id = randomUUID();
    await put(id, model());
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/signups/${id}/complete`,
      payload: { humanCheck: await solved() },
      ...from(ip),
    });
    expectLimited(res);
  });
});
