import { sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessTokenFor, bearer } from '../../test/auth.ts';
import { createUser } from '../../test/factories.ts';
import { injectTransport, OidcTestClient, pkcePair, type TokenSet } from '../../test/oidc-client.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { buildApp } from '../app.ts';
import { passwordResetThrottle, signInThrottle, throttleWaitMs } from '../modules/identity/credentials.service.ts';
import { hashPassword } from '../modules/identity/password.ts';
import { translator } from './messages.ts';
import { resetPasswordPage } from './pages.ts';

const password = 'Correct-Horse-42';
let ctx: TestContext;
let passwordHash: string;

beforeAll(async () => {
  ctx = await createTestApp();
  passwordHash = await hashPassword(password);
});
afterAll(() => ctx.close());

async function person(overrides: Parameters<typeof createUser>[1] = {}) {
  return createUser(ctx.database.db, { passwordHash, ...overrides });
}

async function signedIn(email: string) {
  const client = new OidcTestClient(ctx.app);
  const { code, verifier } = await client.signIn(email, password);
  const response = await client.exchange(code, verifier);
  expect(response.statusCode).toBe(200);
  return { client, tokens: response.json() as TokenSet };
}

describe('authorization code flow with PKCE', () => {
  it('signs in and issues a JWT access token the API accepts, with a refresh token', async () => {
    const user = await person();
    const { tokens } = await signedIn(user.email);
    expect(tokens.refresh_token).toBeTruthy();
    const claims = decodeJwt(tokens.access_token);
    expect(claims).toMatchObject({ sub: user.userId, iss: ctx.config.oidc.issuer, aud: ctx.config.oidc.audience });
    const me = await ctx.app.inject({ method: 'GET', url: '/api/me', headers: bearer(tokens.access_token) });
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe(user.email);
  });

  it("shows the web app's notice on the sign-in page: a revoked or unknown activation link says so (issue 16.3)", async () => {
    const page = async (notice: string) => {
      const client = new OidcTestClient(ctx.app);
      const pkce = pkcePair();
      const start = await client.get(
        client.authorizeUrl({ code_challenge: pkce.challenge, code_challenge_method: 'S256', notice }),
      );
      expect(start.statusCode).toBe(303);
      return (await client.get(start.headers.location as string)).body;
    };
    expect(await page('activationIdRevoked')).toContain('Your invitation is no longer valid');
    expect(await page('activationIdInvalid')).toContain('Invalid activation code');
    // Only the known notices: anything else shows nothing.
    const other = await page('<b>Pay here</b>');
    expect(other).not.toContain('Pay here');
    expect(other).not.toContain('class="alert');
  });

  it('requires PKCE', async () => {
    const client = new OidcTestClient(ctx.app);
    const response = await client.get(client.authorizeUrl());
    const location = String(response.headers.location ?? '');
    expect(location).toContain('error=invalid_request');
    expect(decodeURIComponent(location)).toMatch(/PKCE/);
  });

  it('answers a NUL in a client id as a bad request, not a server error (found by fuzzing)', async () => {
    const client = new OidcTestClient(ctx.app);
    const response = await client.get('/idp/auth?client_id=%00&response_type=code');
    expect(response.statusCode).toBe(400);
  });

  it('refuses the plain PKCE method', async () => {
    const client = new OidcTestClient(ctx.app);
    const response = await client.get(
      client.authorizeUrl({ code_challenge: 'x'.repeat(43), code_challenge_method: 'plain' }),
    );
    expect(String(response.headers.location ?? '')).toContain('error=invalid_request');
  });

  it('refuses a code used twice', async () => {
    const user = await person();
    const client = new OidcTestClient(ctx.app);
    const { code, verifier } = await client.signIn(user.email, password);
    expect((await client.exchange(code, verifier)).statusCode).toBe(200);
    const again = await client.exchange(code, verifier);
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe('invalid_grant');
  });

  it('refuses a code with the wrong verifier', async () => {
    const user = await person();
    const client = new OidcTestClient(ctx.app);
    const { code } = await client.signIn(user.email, password);
    const response = await client.exchange(code, 'wrong-verifier-wrong-verifier-wrong-verifier-00');
    expect(response.json().error).toBe('invalid_grant');
  });
});

describe('refresh tokens', () => {
  it('rotate on use, and reusing a rotated one revokes the whole grant', async () => {
    const user = await person();
    const { client, tokens } = await signedIn(user.email);
    const first = await client.refresh(tokens.refresh_token as string);
    expect(first.statusCode).toBe(200);
    const rotated = first.json() as TokenSet;
    expect(rotated.refresh_token).not.toBe(tokens.refresh_token);

    const reuse = await client.refresh(tokens.refresh_token as string);
    expect(reuse.json().error).toBe('invalid_grant');
    const afterRevoke = await client.refresh(rotated.refresh_token as string);
    expect(afterRevoke.json().error).toBe('invalid_grant');
  });

  it('are issued to the web app origin (browsers send Origin on the token POST), not to another', async () => {
    const user = await person();
    const { tokens } = await signedIn(user.email);
    const refreshFrom = (origin: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/idp/token',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
        payload: new URLSearchParams({
          client_id: 'formwork-web',
          grant_type: 'refresh_token',
          refresh_token: tokens.refresh_token as string,
        }).toString(),
      });
    const foreign = await refreshFrom('https://evil.example');
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error).toBe('invalid_request');
    const own = await refreshFrom('http://formwork.test');
    expect(own.statusCode).toBe(200);
  });

  it('stop working once revoked at logout', async () => {
    const user = await person();
    const { client, tokens } = await signedIn(user.email);
    const revoke = await ctx.app.inject({
      method: 'POST',
      url: '/idp/token/revocation',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        client_id: client.clientId,
        token: tokens.refresh_token as string,
        token_type_hint: 'refresh_token',
      }).toString(),
    });
    expect(revoke.statusCode).toBe(200);
    expect((await client.refresh(tokens.refresh_token as string)).json().error).toBe('invalid_grant');
  });
});

describe('access tokens', () => {
  const me = (token: string, app = ctx.app) => app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) });
  const revokeRefreshToken = (client: OidcTestClient, token: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/idp/token/revocation',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ client_id: client.clientId, token, token_type_hint: 'refresh_token' }).toString(),
    });

  it('are short-lived (10 minutes): the web app renews them with its refresh token', async () => {
    const user = await person();
    const { tokens } = await signedIn(user.email);
    expect(tokens.expires_in).toBe(600);
    const claims = decodeJwt(tokens.access_token);
    expect((claims.exp as number) - (claims.iat as number)).toBe(600);
  });

  it('are refused once their grant is revoked at logout, by every API process', async () => {
    const user = await person();
    const { client, tokens } = await signedIn(user.email);
    const other = await buildApp({ config: ctx.config, database: ctx.database });
    await other.ready();
    expect((await me(tokens.access_token)).statusCode).toBe(200);
    expect((await me(tokens.access_token, other)).statusCode).toBe(200);
    expect((await revokeRefreshToken(client, tokens.refresh_token as string)).statusCode).toBe(200);
    const refused = await me(tokens.access_token);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().code).toBe('unauthenticated');
    expect((await me(tokens.access_token, other)).statusCode).toBe(401);
    await other.close();
  });

  it('are refused when a reused refresh token revokes the grant, old and rotated alike', async () => {
    const user = await person();
    const { client, tokens } = await signedIn(user.email);
    const rotated = (await client.refresh(tokens.refresh_token as string)).json() as TokenSet;
    expect((await me(rotated.access_token)).statusCode).toBe(200);
    expect((await client.refresh(tokens.refresh_token as string)).json().error).toBe('invalid_grant');
    expect((await me(tokens.access_token)).statusCode).toBe(401);
    expect((await me(rotated.access_token)).statusCode).toBe(401);
  });

  it('issued before the last password change are refused; later ones pass', async () => {
    const user = await person();
    const before = await accessTokenFor(ctx.database.db, ctx.config, user.userId, { issuedAt: -120 });
    expect((await me(before)).statusCode).toBe(200);
    await ctx.database.db.execute(
      sql`update users set password_changed_at = now() - interval '60 seconds' where user_id = ${user.userId}`,
    );
    expect((await me(before)).statusCode).toBe(401);
    const after = await accessTokenFor(ctx.database.db, ctx.config, user.userId);
    expect((await me(after)).statusCode).toBe(200);
  });
});

describe('the sign-in page', () => {
  it('has labelled Email and Password fields and a Sign in button', async () => {
    const client = new OidcTestClient(ctx.app);
    const { page } = await client.openSignIn();
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<label for="email">Email</label>');
    expect(page.body).toContain('<label for="password">Password</label>');
    expect(page.body).toContain('>Sign in</button>');
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it("switches language (issue 26): each locale named in its own language, the choice kept for the form's answer and the next pages", async () => {
    const client = new OidcTestClient(ctx.app);
    const { page } = await client.openSignIn();
    expect(page.body).toContain('<html lang="en-US">');
    expect(page.body).toContain('<span aria-current="true" lang="en-US">English (United States)</span>');
    const spanishHref = /<a href="([^"]+)" lang="es"[^>]*>Español<\/a>/.exec(page.body)?.[1]?.replaceAll('&amp;', '&');
    expect(spanishHref).toMatch(/^\/idp\/interaction\/[^?]+\?locale=es$/);
    const spanish = await client.get(spanishHref as string);
    expect(spanish.body).toContain('<html lang="es">');
    expect(spanish.body).toContain('<h1>Inicia sesión en Formwork</h1>');
    const action = /action="([^"]+)"/.exec(spanish.body)?.[1] as string;
    const csrf = /name="csrf" value="([^"]+)"/.exec(spanish.body)?.[1] as string;
    const wrong = await client.postForm(action, {
      email: 'nobody-here@example.com',
      password: 'Wrong-password-1',
      csrf,
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).toContain('<html lang="es">');
    const forgot = await client.get('/idp/forgot-password?client_id=formwork-web');
    expect(forgot.body).toContain('<html lang="es">');
  });

  it("speaks the web app's language (ui_locales) and the browser's, and words the password rules in it", async () => {
    const client = new OidcTestClient(ctx.app);
    const pkce = pkcePair();
    const start = await client.get(
      client.authorizeUrl({ code_challenge: pkce.challenge, code_challenge_method: 'S256', ui_locales: 'es' }),
    );
    const page = await client.get(start.headers.location as string);
    expect(page.body).toContain('<h1>Inicia sesión en Formwork</h1>');
    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/idp/reset-password',
      headers: { 'accept-language': 'es-ES,es;q=0.9', 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'token=x&password=short&confirm=short&csrf=none',
    });
    expect(reset.body).toContain('<html lang="es">');
    const { t, locale } = translator('es');
    const form = resetPasswordPage({ t, locale, action: '/r', csrf: 'c', token: 'x', signInHref: '/login' });
    expect(form).toContain('<li>Al menos 10 caracteres</li><li>Una letra minúscula</li>');
  });

  it('answers a wrong password and an unknown e-mail with the same message, signing nobody in', async () => {
    const user = await person();
    const messages: string[] = [];
    for (const email of [user.email, 'nobody-here@example.com']) {
      const client = new OidcTestClient(ctx.app);
      const { action, csrf } = await client.openSignIn();
      const response = await client.postForm(action, { email, password: 'Wrong-password-1', csrf });
      expect(response.statusCode).toBe(401);
      expect(response.headers.location).toBeUndefined();
      messages.push(/role="alert">([^<]+)</.exec(response.body)?.[1] ?? '');
    }
    expect(messages[0]).toBe('The email or password is incorrect. Please try again.');
    expect(messages[1]).toBe(messages[0]);
  });

  it('refuses a form without its CSRF token', async () => {
    const user = await person();
    const client = new OidcTestClient(ctx.app);
    const { action } = await client.openSignIn();
    const response = await client.postForm(action, {
      email: user.email,
      password,
      csrf: 'forged-token-forged-token-forged',
    });
    expect(response.statusCode).toBe(403);
  });

  it('limits failed sign-ins per account', async () => {
    const user = await person();
    const client = new OidcTestClient(ctx.app);
    const { action, csrf } = await client.openSignIn();
    for (let attempt = 0; attempt < 5; attempt++) {
      const response = await client.postForm(action, { email: user.email, password: 'Wrong-password-1', csrf });
      expect(response.statusCode).toBe(401);
    }
    const blocked = await client.postForm(action, { email: user.email, password, csrf });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.body).toContain('Too many failed sign-in attempts. Please try again in 60 seconds');
  });

  it('throttles the address and account together: wrong passwords from one address do not lock the owner out from another', async () => {
    const user = await person();
    const guesser = new OidcTestClient(injectTransport(ctx.app, '198.51.100.7'));
    const { action, csrf } = await guesser.openSignIn();
    for (let attempt = 0; attempt < 5; attempt++) {
      const response = await guesser.postForm(action, { email: user.email, password: 'Wrong-password-1', csrf });
      expect(response.statusCode).toBe(401);
    }
    const throttled = await guesser.postForm(action, { email: user.email, password, csrf });
    expect(throttled.statusCode).toBe(429);
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(50);
    expect(Number(throttled.headers['retry-after'])).toBeLessThanOrEqual(60);

    const owner = new OidcTestClient(injectTransport(ctx.app, '198.51.100.8'));
    await expect(owner.signIn(user.email, password)).resolves.toMatchObject({ code: expect.any(String) });
  });

  it('failures from many addresses delay the account by seconds, never lock it', async () => {
    const user = await person();
    for (let attempt = 0; attempt < 10; attempt++) {
      const client = new OidcTestClient(injectTransport(ctx.app, `198.51.100.${20 + attempt}`));
      const { action, csrf } = await client.openSignIn();
      expect(
        (await client.postForm(action, { email: user.email, password: 'Wrong-password-1', csrf })).statusCode,
      ).toBe(401);
    }
    const owner = new OidcTestClient(injectTransport(ctx.app, '198.51.100.40'));
    const { action, csrf } = await owner.openSignIn();
    const delayed = await owner.postForm(action, { email: user.email, password, csrf });
    expect(delayed.statusCode).toBe(429);
    expect(Number(delayed.headers['retry-after'])).toBeLessThanOrEqual(2);
  });

  it('grows the delay with every further failure, up to its cap', () => {
    const now = Date.now();
    const counts = (pair: number) => ({
      pair: { count: pair, last: new Date(now) },
      email: { count: pair, last: new Date(now) },
      ip: { count: pair, last: new Date(now) },
    });
    expect(throttleWaitMs(signInThrottle, counts(4), now)).toBe(0);
    expect(throttleWaitMs(signInThrottle, counts(5), now)).toBe(60_000);
    expect(throttleWaitMs(signInThrottle, counts(6), now)).toBe(120_000);
    expect(throttleWaitMs(signInThrottle, counts(8), now)).toBe(480_000);
    expect(throttleWaitMs(signInThrottle, counts(12), now)).toBe(15 * 60_000);
    expect(throttleWaitMs(passwordResetThrottle, counts(3), now)).toBe(5 * 60_000);
  });
});

describe('sign-in limit per address', () => {
  it('refuses every sign-in from an address after 30 failures there, other addresses still sign in', async () => {
    const from = (address: string) => new OidcTestClient(injectTransport(ctx.app, address));
    const perAddress = signInThrottle.rules.find((rule) => rule.key === 'ip')?.after as number;
    expect(perAddress).toBe(30);
    const user = await person();
    const busy = from('203.0.113.7');
    const { action, csrf } = await busy.openSignIn();
    // 30 failures, each on another e-mail: no account (nor address and account) reaches its own limit.
    for (let attempt = 0; attempt < perAddress; attempt++) {
      const response = await busy.postForm(action, {
        email: `nobody-${attempt}@example.com`,
        password: 'Wrong-password-1',
        csrf,
      });
      expect(response.statusCode).toBe(401);
    }
    const blocked = await busy.postForm(action, { email: user.email, password, csrf });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.body).toContain('Too many failed sign-in attempts');
    const elsewhere = from('198.51.100.9');
    const { code, verifier } = await elsewhere.signIn(user.email, password);
    expect((await elsewhere.exchange(code, verifier)).statusCode).toBe(200);
    // Thirty password checks: a slow machine needs more than the default time.
  }, 180_000);
});

describe('forgot and reset password', () => {
  it('mails a one-time link that sets a new password and ends old sessions', async () => {
    const user = await person();
    const client = new OidcTestClient(ctx.app);
    const { tokens } = await signedIn(user.email);
    const form = await client.get(
      `/idp/forgot-password?email=${encodeURIComponent(user.email)}&client_id=formwork-web`,
    );
    expect(form.statusCode).toBe(200);
    expect(form.body).toContain(`value="${user.email}"`);
    const csrf = /name="csrf" value="([^"]+)"/.exec(form.body)?.[1] as string;
    const sent = await client.postForm('/idp/forgot-password', { email: user.email, csrf });
    expect(sent.body).toContain('sent a link to reset your password');

    const mail = await ctx.database.db.execute<{ text_body: string }>(
      sql`select text_body from mail_outbox where to_address = ${user.email}`,
    );
    const link = /http:\/\/formwork\.test(\/idp\/reset-password\?token=[A-Za-z0-9_-]+)/.exec(
      mail.rows[0]?.text_body ?? '',
    )?.[1];
    expect(link).toBeTruthy();

    const resetForm = await client.get(link as string);
    expect(resetForm.statusCode).toBe(200);
    const token = new URL(link as string, 'http://x').searchParams.get('token') as string;
    const weak = await client.postForm('/idp/reset-password', { token, csrf, password: 'short', confirm: 'short' });
    expect(weak.statusCode).toBe(400);
    expect(weak.body).toContain('At least 10 characters');

    const newPassword = 'Brand-New-Pass-9';
    const done = await client.postForm('/idp/reset-password', {
      token,
      csrf,
      password: newPassword,
      confirm: newPassword,
    });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('Your password has been changed');

    const reused = await client.postForm('/idp/reset-password', {
      token,
      csrf,
      password: newPassword,
      confirm: newPassword,
    });
    expect(reused.statusCode).toBe(400);
    expect((await client.refresh(tokens.refresh_token as string)).json().error).toBe('invalid_grant');
    const oldToken = await ctx.app.inject({ method: 'GET', url: '/api/me', headers: bearer(tokens.access_token) });
    expect(oldToken.statusCode).toBe(401);
    const [changed] = (
      await ctx.database.db.execute<{ changed: boolean }>(
        sql`select password_changed_at is not null as changed from users where user_id = ${user.userId}`,
      )
    ).rows;
    expect(changed?.changed).toBe(true);

    const fresh = new OidcTestClient(ctx.app);
    await expect(fresh.signIn(user.email, newPassword)).resolves.toMatchObject({ code: expect.any(String) });
  });

  it('answers an unknown e-mail the same way and sends nothing', async () => {
    const client = new OidcTestClient(ctx.app);
    const form = await client.get('/idp/forgot-password?client_id=formwork-web');
    const csrf = /name="csrf" value="([^"]+)"/.exec(form.body)?.[1] as string;
    const sent = await client.postForm('/idp/forgot-password', { email: 'ghost@example.com', csrf });
    expect(sent.body).toContain('sent a link to reset your password');
    const mail = await ctx.database.db.execute(sql`select 1 from mail_outbox where to_address = 'ghost@example.com'`);
    expect(mail.rows).toHaveLength(0);
  });
});

describe('forgot password is rate limited', () => {
  async function requestReset(client: OidcTestClient, email: string) {
    const form = await client.get('/idp/forgot-password?client_id=formwork-web');
    const csrf = /name="csrf" value="([^"]+)"/.exec(form.body)?.[1] as string;
    return client.postForm('/idp/forgot-password', { email, csrf });
  }
  const mailsTo = async (email: string) =>
    (await ctx.database.db.execute(sql`select 1 from mail_outbox where to_address = ${email}`)).rows.length;

  it('per e-mail address: a few links an hour, then 429 and no more mail', async () => {
    const user = await person();
    const statuses: number[] = [];
    for (let request = 0; request < 5; request++) {
      const client = new OidcTestClient(injectTransport(ctx.app, `203.0.113.${10 + request}`));
      statuses.push((await requestReset(client, user.email)).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    expect(await mailsTo(user.email)).toBe(3);
  });

  it('per client address, whatever e-mails it names (known or not)', async () => {
    const client = new OidcTestClient(injectTransport(ctx.app, '203.0.113.50'));
    const statuses: number[] = [];
    for (let request = 0; request < 12; request++) {
      statuses.push((await requestReset(client, `someone-${request}@example.com`)).statusCode);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
    const refused = await requestReset(client, 'another@example.com');
    expect(refused.statusCode).toBe(429);
    expect(refused.body).toContain('Too many reset requests. Please try again in 5 minutes.');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(200);
    const elsewhere = new OidcTestClient(injectTransport(ctx.app, '203.0.113.51'));
    expect((await requestReset(elsewhere, 'another@example.com')).statusCode).toBe(200);
  });
});

describe('signing keys', () => {
  it('survive a restart: a token issued before is accepted after', async () => {
    const user = await person();
    const { tokens } = await signedIn(user.email);
    const restarted = await buildApp({ config: ctx.config, database: ctx.database });
    await restarted.ready();
    const me = await restarted.inject({ method: 'GET', url: '/api/me', headers: bearer(tokens.access_token) });
    expect(me.statusCode).toBe(200);
    const jwksBefore = (await ctx.app.inject({ method: 'GET', url: '/idp/jwks' })).json();
    const jwksAfter = (await restarted.inject({ method: 'GET', url: '/idp/jwks' })).json();
    expect(jwksAfter).toEqual(jwksBefore);
    await restarted.close();
  });
});
