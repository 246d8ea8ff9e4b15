import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../../test/auth.ts';
import { startDnsServer } from '../../../test/dns-server.ts';
import { createWorkspace, type TestWorkspace, teamIdOf } from '../../../test/factories.ts';
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
  ctx = await createTestApp({ env: { DNS_SERVERS: dns.address } });
  w = await createWorkspace(ctx, { projects: 1, teamsPerProject: 2 });
  domain = `sso-${randomUUID().slice(0, 8)}.example`;
  await proveDomain(ctx, dns, w, domain);
  await connectSso(ctx, idp, w, `tester@${domain}`);
});
afterAll(async () => {
  await ctx.close();
  await idp.close();
  await dns.close();
});

const details = { firstName: 'Nina', lastName: 'Site', mobile: '+61 412345678', acceptTerms: true };
const passwordBody = { ...details, newPassword: 'Activate-2026x', newPasswordConfirmed: 'Activate-2026x' };
const ssoBody = { ...details, isSSOSignUp: true, timezone: 'Australia/Sydney' };

/** Invites the address to the first team as a member (a contributor by default); answers the e-mailed link's activation id. */
async function invited(email: string, userType: 'contributor' | 'visitor' = 'contributor') {
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/folders/${teamIdOf(w)}/invitations`,
    headers: await w.personas.orgController.headers(),
    payload: { email, role: 'member', userType },
  });
  expect(res.statusCode).toBe(201);
  const mail = await inScope(ctx.database.db, systemScope, async (tx) => {
    const r = await tx.execute<{ text_body: string }>(
      sql`select text_body from mail_outbox where to_address = ${email} order by created_at desc limit 1`,
    );
    return r.rows[0]?.text_body ?? '';
  });
  const match = /\/users\/activation\/([A-Za-z0-9_-]+)\/company\/([0-9a-f-]+)/.exec(mail);
  return { activationId: match?.[1] as string, invitationId: res.json().invitationId as string };
}

const post = (activationId: string, payload: object) =>
  ctx.app.inject({ method: 'POST', url: `/api/activations/${activationId}`, payload });

async function account(email: string) {
  return inScope(ctx.database.db, systemScope, async (tx) => {
    const r = await tx.execute<{ user_id: string; password_hash: string | null; is_sso: boolean; time_zone: string }>(
      sql`select user_id, password_hash, is_sso, time_zone from users where lower(email) = lower(${email})`,
    );
    return r.rows[0];
  });
}

async function rolesOf(userId: string) {
  return inScope(ctx.database.db, { workspaceId: w.workspaceId, userId: null, isAdmin: false }, async (tx) => {
    const r = await tx.execute<{ folder_id: string; role: string }>(
      sql`select folder_id, role from memberships where workspace_id = ${w.workspaceId} and user_id = ${userId}`,
    );
    return Object.fromEntries(r.rows.map((row) => [row.folder_id, row.role]));
  });
}

describe('activation with single sign-on (spec 2.7, 4.5; issue 16.3)', () => {
  it('an invited person of a single sign-on domain activates at their company sign-in, without a password, at the invited level', async () => {
    const email = `nina-${randomUUID().slice(0, 6)}@${domain}`;
    idp.accounts.set(email, { givenName: 'Jo', familyName: 'FromIdp', groups: [] });
    const { activationId } = await invited(email);

    const context = await ctx.app.inject({ method: 'GET', url: `/api/activations/${activationId}` });
    expect(context.json()).toMatchObject({ email, existingUser: false, singleSignOn: true });

    // The password form is refused for them, and changes nothing.
    const withPassword = await post(activationId, passwordBody);
    expect(withPassword.statusCode).toBe(409);
    expect(withPassword.headers['content-type']).toContain('application/problem+json');
    expect(withPassword.json()).toMatchObject({
      code: 'ssoPasswordRefused',
      title:
        'Your organisation signs in with single sign-on, so no password is set here. Continue with your company sign-in.',
    });

    // Activate: a ticket to the company's sign-in; nothing is applied before the provider proves the address.
    const res = await post(activationId, ssoBody);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ email, ssoTicket: expect.any(String) });
    expect(await account(email)).toBeUndefined();
    expect((await ctx.app.inject({ method: 'GET', url: `/api/activations/${activationId}` })).statusCode).toBe(200);

    const { client, page, verifier } = await openWithSsoTicket(ctx, res.json().ssoTicket, email);
    const { token, me } = await finishAtCompany(ctx, idp, client, page, email, verifier);
    // Step 1's names, not the provider's; single sign-on, no password, the browser's time zone.
    expect(me).toMatchObject({ email, isSso: true, firstName: 'Nina' });
    expect(await account(email)).toMatchObject({ password_hash: null, is_sso: true, time_zone: 'Australia/Sydney' });
    // The invited level only (not the default company level of a first single sign-on).
    expect(await rolesOf(me.userId)).toEqual({ [teamIdOf(w)]: 'member' });
    const headers = bearer(token);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/folders/${teamIdOf(w)}`, headers })).statusCode).toBe(200);
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/folders/${teamIdOf(w, 0, 1)}`, headers })).statusCode,
    ).toBe(403);
    const activity = await ctx.app.inject({
      method: 'GET',
      url: `/api/companies/${w.companyId}/activity`,
      headers: await w.personas.orgController.headers(),
    });
    expect(JSON.stringify(activity.json())).toContain('invitation.accepted');

    // The link and the ticket are used up.
    expect((await ctx.app.inject({ method: 'GET', url: `/api/activations/${activationId}` })).statusCode).toBe(404);
    const reused = await openWithSsoTicket(ctx, res.json().ssoTicket, email);
    expect(reused.page.statusCode).toBe(400);
    expect(reused.page.body).toContain('This sign-in link has expired or was already used. Please start again.');
  });

  it('activates only the invited address: another account at the company sign-in changes nothing', async () => {
    const email = `invitee-${randomUUID().slice(0, 6)}@${domain}`;
    const someoneElse = `colleague-${randomUUID().slice(0, 6)}@${domain}`;
    idp.accounts.set(someoneElse, { givenName: 'Col', familyName: 'League', groups: [] });
    const { activationId } = await invited(email);
    const ticket = (await post(activationId, ssoBody)).json().ssoTicket as string;
    const { client, page } = await openWithSsoTicket(ctx, ticket, email);
    const href = (/href="([^"]+)" id="sso-continue"/.exec(page.body)?.[1] ?? '').replaceAll('&amp;', '&');
    const callback = await client.get(await idp.signIn(href, someoneElse));
    expect(callback.statusCode).toBe(403);
    expect(callback.body).toContain('Your company sign-in answered with another e-mail address');
    expect(await account(email)).toBeUndefined();
    expect(await account(someoneElse)).toBeUndefined();
    expect((await ctx.app.inject({ method: 'GET', url: `/api/activations/${activationId}` })).statusCode).toBe(200);
  });

  it('an invitation revoked after step 1 is not activated at the company sign-in', async () => {
    const email = `late-${randomUUID().slice(0, 6)}@${domain}`;
    idp.accounts.set(email, { givenName: 'La', familyName: 'Te', groups: [] });
    const { activationId, invitationId } = await invited(email);
    const ticket = (await post(activationId, ssoBody)).json().ssoTicket as string;
    const revoked = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/folders/${teamIdOf(w)}/invitations/${invitationId}`,
      headers: await w.personas.orgController.headers(),
    });
    expect(revoked.statusCode).toBe(204);
    const { client, page } = await openWithSsoTicket(ctx, ticket, email);
    const href = (/href="([^"]+)" id="sso-continue"/.exec(page.body)?.[1] ?? '').replaceAll('&amp;', '&');
    const callback = await client.get(await idp.signIn(href, email));
    expect(callback.statusCode).toBe(403);
    expect(callback.body).toContain('Your invitation is no longer valid');
    expect(await account(email)).toBeUndefined();
  });

  it('refuses bad input: single sign-on for an address that has none, invalid details, unknown or foreign links', async () => {
    const { activationId } = await invited(`plain-${randomUUID().slice(0, 6)}@subcontractor.example`, 'visitor');
    const context = await ctx.app.inject({ method: 'GET', url: `/api/activations/${activationId}` });
    expect(context.json().singleSignOn).toBe(false);
    const notSso = await post(activationId, ssoBody);
    expect(notSso.statusCode).toBe(400);
    expect(notSso.json().errors).toEqual([
      expect.objectContaining({
        path: 'body.isSSOSignUp',
        message: 'This address does not sign in with single sign-on.',
      }),
    ]);

    const ssoInvite = await invited(`bad-${randomUUID().slice(0, 6)}@${domain}`);
    const bad = await post(ssoInvite.activationId, {
      ...ssoBody,
      firstName: ' ',
      mobile: '+61 12',
      acceptTerms: false,
    });
    expect(bad.statusCode).toBe(400);
    const messages = bad.json().errors.map((e: { path: string; message: string }) => `${e.path}: ${e.message}`);
    expect(messages).toEqual(
      expect.arrayContaining([
        'body.firstName: Please enter a valid name',
        'body.mobile: Invalid mobile number - incorrect length.',
        'body.acceptTerms: Please accept the Privacy Policy and Terms of Service.',
      ]),
    );
    expect((await post('nothing-like-it', ssoBody)).statusCode).toBe(404);
    const foreign = await ctx.app.inject({
      method: 'POST',
      url: `/api/activations/${ssoInvite.activationId}?companyId=${w.other.workspaceId}`,
      payload: ssoBody,
    });
    expect(foreign.statusCode).toBe(404);
  });
});
