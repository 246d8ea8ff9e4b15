import { randomUUID } from 'node:crypto';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../../test/auth.ts';
import { startDnsServer } from '../../../test/dns-server.ts';
import { createWorkspace, type TestWorkspace } from '../../../test/factories.ts';
import { startSecondIdp } from '../../../test/second-idp.ts';
import { connectSso, finishAtCompany, openWithSsoTicket, proveDomain } from '../../../test/sso.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { inScope, systemScope } from '../../db/tenant.ts';

let ctx: TestContext;
let dns: Awaited<ReturnType<typeof startDnsServer>>;
let idp: Awaited<ReturnType<typeof startSecondIdp>>;
let w: TestWorkspace;
let domain: string;

beforeAll(async () => {
  dns = await startDnsServer();
  idp = await startSecondIdp({ redirectUri: 'http://formwork.test/idp/sso/callback' });
  // A tiny proof of work so the test solves it at once.
  ctx = await createTestApp({ env: { DNS_SERVERS: dns.address, ALTCHA_MAX_COUNTER: '20' } });
  w = await createWorkspace(ctx, { projects: 1, teamsPerProject: 1 });
  domain = `sso-${randomUUID().slice(0, 8)}.example`;
  await proveDomain(ctx, dns, w, domain);
  await connectSso(ctx, idp, w, `tester@${domain}`);
});
afterAll(async () => {
  await ctx.close();
  await idp.close();
  await dns.close();
});

const model = (email: string, extra: Record<string, unknown> = {}) => ({
  email,
  firstName: 'Robin',
  lastName: 'Harbour',
  companyName: `Harbour Safety ${randomUUID().slice(0, 6)}`,
  subdomain: `harbour-${randomUUID().slice(0, 6)}`,
  mobile: '+61 412345678',
  acceptTerms: true,
  businessAttributes: { role: 'safetyManager', industry: 'construction' },
  timezone: 'Australia/Sydney',
  ...extra,
});

async function solved(): Promise<string> {
  const challenge = (await ctx.app.inject({ method: 'GET', url: '/api/signup/challenge' })).json();
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}
const put = (id: string, payload: object) => ctx.app.inject({ method: 'PUT', url: `/api/signups/${id}`, payload });
const complete = async (id: string) =>
  ctx.app.inject({ method: 'POST', url: `/api/signups/${id}/complete`, payload: { humanCheck: await solved() } });

async function account(email: string) {
  return inScope(ctx.database.db, systemScope, async (tx) => {
    const r = await tx.execute<{ password_hash: string | null; is_sso: boolean }>(
      sql`select password_hash, is_sso from users where lower(email) = lower(${email})`,
    );
    return r.rows[0];
  });
}

describe('sign-up with single sign-on (spec 2.8, 4.5; issue 17.1)', () => {
  it('a person of a single sign-on domain signs up without a password and lands in their new trial workspace after their company sign-in', async () => {
    const email = `robin-${randomUUID().slice(0, 6)}@${domain}`;
    idp.accounts.set(email, { givenName: 'Rob', familyName: 'FromIdp', groups: [] });
    const check = await ctx.app.inject({ method: 'POST', url: '/api/signup/email-check', payload: { email } });
    expect(check.json()).toMatchObject({ emailInUse: false, isSSODomain: true });

    // A password sign-up is refused for the address.
    const signupId = randomUUID();
    const withPassword = await put(signupId, model(email, { password: 'Signup-2026x' }));
    expect(withPassword.statusCode).toBe(409);
    expect(withPassword.headers['content-type']).toContain('application/problem+json');
    expect(withPassword.json().code).toBe('ssoPasswordRefused');

    const body = model(email, { isSSOSignUp: true });
    expect((await put(signupId, body)).statusCode).toBe(200);
    const finished = await complete(signupId);
    expect(finished.statusCode).toBe(200);
    const { workspaceId, ssoTicket } = finished.json();
    expect(finished.json()).toEqual({ email, workspaceId: expect.any(String), ssoTicket: expect.any(String) });
    // Nothing is made before the company's sign-in proves the address.
    expect(await account(email)).toBeUndefined();

    const { client, page, verifier } = await openWithSsoTicket(ctx, ssoTicket, email);
    const { token, me } = await finishAtCompany(ctx, idp, client, page, email, verifier);
    expect(me).toMatchObject({ email, isSso: true, firstName: 'Robin' });
    expect(await account(email)).toEqual({ password_hash: null, is_sso: true });
    const accessible = await ctx.app.inject({
      method: 'GET',
      url: '/api/workspaces/accessible',
      headers: bearer(token),
    });
    const list = accessible.json().workspaces ?? accessible.json();
    expect(list).toEqual(
      expect.arrayContaining([expect.objectContaining({ workspaceId, name: body.companyName, isOrgController: true })]),
    );
    const folders = await ctx.app.inject({
      method: 'GET',
      url: `/api/companies/${workspaceId}/folders`,
      headers: bearer(token),
    });
    expect(folders.statusCode).toBe(200);

    // A replayed Finish or ticket makes no second account or workspace.
    expect((await complete(signupId)).statusCode).toBe(409);
    expect((await openWithSsoTicket(ctx, ssoTicket, email)).page.statusCode).toBe(400);
  });

  it('refuses bad input: single sign-on for an address without it, no password for one without single sign-on', async () => {
    const plain = `robin-${randomUUID().slice(0, 6)}@harbour-builders.example`;
    const notSso = await put(randomUUID(), model(plain, { isSSOSignUp: true }));
    expect(notSso.statusCode).toBe(400);
    expect(notSso.json().errors).toEqual([
      expect.objectContaining({
        path: 'body.isSSOSignUp',
        message: 'This address does not sign in with single sign-on.',
      }),
    ]);
    const noPassword = await put(randomUUID(), model(plain));
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json().errors).toEqual([expect.objectContaining({ path: 'body.password', message: 'Required' })]);
  });
});
