import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDnsServer } from '../../../test/dns-server.ts';
import { createUser, createWorkspace, type Persona, type TestWorkspace, teamIdOf } from '../../../test/factories.ts';
import { OidcTestClient } from '../../../test/oidc-client.ts';
import { startSecondIdp } from '../../../test/second-idp.ts';
import { connectSso, proveDomain as proveDomainBy, ssoSignIn as signInAtCompany } from '../../../test/sso.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { inScope, systemScope } from '../../db/tenant.ts';
import { hashPassword } from '../identity/password.ts';

let ctx: TestContext;
let dns: Awaited<ReturnType<typeof startDnsServer>>;
let idp: Awaited<ReturnType<typeof startSecondIdp>>;
let w: TestWorkspace;
let other: TestWorkspace;
let domain: string;

async function as(persona: Persona, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  return ctx.app.inject({ method, url, headers: await persona.headers(), ...(payload ? { payload } : {}) });
}
const ssoUrl = (x: TestWorkspace) => `/api/workspaces/${x.workspaceId}/sso`;

const proveDomain = (x: TestWorkspace, name: string) => proveDomainBy(ctx, dns, x, name);
const connect = (x: TestWorkspace, tester: string) => connectSso(ctx, idp, x, tester);
const ssoSignIn = async (email: string) => (await signInAtCompany(ctx, idp, email)).me;

async function rolesOf(x: TestWorkspace, userId: string) {
  return inScope(ctx.database.db, { workspaceId: x.workspaceId, userId: null, isAdmin: false }, async (tx) => {
    const r = await tx.execute<{ folder_id: string; role: string }>(
      sql`select folder_id, role from memberships where workspace_id = ${x.workspaceId} and user_id = ${userId}`,
    );
    return Object.fromEntries(r.rows.map((row) => [row.folder_id, row.role]));
  });
}

beforeAll(async () => {
  dns = await startDnsServer();
  idp = await startSecondIdp({ redirectUri: 'http://formwork.test/idp/sso/callback' });
  ctx = await createTestApp({ env: { DNS_SERVERS: dns.address } });
  w = await createWorkspace(ctx, { projects: 1, teamsPerProject: 1 });
  other = await createWorkspace(ctx, { projects: 1, teamsPerProject: 1 });
  domain = `sso-${randomUUID().slice(0, 8)}.example`;
  await proveDomain(w, domain);
  await connect(w, `tester@${domain}`);
});
afterAll(async () => {
  await ctx.close();
  await idp.close();
  await dns.close();
});

describe('single sign-on per workspace (issue 23.3)', () => {
  it('is connected only after a real sign-in at the provider; its secret is never sent back and is kept sealed', async () => {
    const res = await as(w.personas.orgController, 'GET', ssoUrl(w));
    expect(res.json()).toMatchObject({
      connected: true,
      issuer: idp.issuer,
      clientId: idp.clientId,
      testedByEmail: `tester@${domain}`,
      redirectUri: 'http://formwork.test/idp/sso/callback',
    });
    expect(res.body).not.toContain(idp.clientSecret);
    const stored = await inScope(ctx.database.db, { workspaceId: w.workspaceId, userId: null, isAdmin: false }, (tx) =>
      tx.execute<{ client_secret_enc: string }>(sql`select client_secret_enc from sso_connections`),
    );
    expect(stored.rows[0]?.client_secret_enc).not.toContain(idp.clientSecret);
    const activity = await as(w.personas.orgController, 'GET', `/api/companies/${w.companyId}/activity`);
    expect(JSON.stringify(activity.json())).toContain('sso.connected');
  });

  it('sends a person of the verified domain to the provider; the first sign-in creates them with the default level', async () => {
    const email = `new-${randomUUID().slice(0, 6)}@${domain}`;
    idp.accounts.set(email, { givenName: 'Jo', familyName: 'Site', groups: [] });
    const me = await ssoSignIn(email);
    expect(me).toMatchObject({ email, isSso: true, firstName: 'Jo' });
    expect(await rolesOf(w, me.userId)).toEqual({ [w.companyId]: 'member' });
    const activity = await as(w.personas.orgController, 'GET', `/api/companies/${w.companyId}/activity`);
    expect(JSON.stringify(activity.json())).toContain('sso.provisioned');
  });

  it('refuses a password sign-in for the domain: the password is not even checked', async () => {
    const email = `pw-${randomUUID().slice(0, 6)}@${domain}`;
    await createUser(ctx.database.db, { email, passwordHash: await hashPassword('Correct-horse-42') });
    const client = new OidcTestClient(ctx.app);
    const { action, csrf } = await client.openSignIn();
    const res = await client.postForm(action, { email, password: 'Correct-horse-42', csrf });
    expect(res.statusCode).toBe(200);
    expect(res.headers.location).toBeUndefined();
    expect(res.body).toContain('Redirecting you to your company sign-in');
    // Someone of another domain still signs in with a password.
    const outsider = `pw-${randomUUID().slice(0, 6)}@elsewhere.example`;
    await createUser(ctx.database.db, { email: outsider, passwordHash: await hashPassword('Correct-horse-42') });
    const fine = await new OidcTestClient(ctx.app).signIn(outsider, 'Correct-horse-42');
    expect(fine.code).toBeTruthy();
  });

  it('maps provider groups to folder levels, updated at each sign-in', async () => {
    const team = teamIdOf(w);
    const mapped = await as(w.personas.orgController, 'PUT', `${ssoUrl(w)}/group-mappings`, {
      mappings: [
        { group: 'site-leads', folderId: team, role: 'controller' },
        { group: 'site-crew', folderId: team, role: 'member' },
      ],
    });
    expect(mapped.statusCode).toBe(200);
    expect(mapped.json().mappings).toHaveLength(2);
    const email = `lead-${randomUUID().slice(0, 6)}@${domain}`;
    idp.accounts.set(email, { givenName: 'Lee', familyName: 'Lead', groups: ['site-leads', 'site-crew'] });
    const me = await ssoSignIn(email);
    expect(await rolesOf(w, me.userId)).toEqual({ [w.companyId]: 'member', [team]: 'controller' });
    idp.accounts.set(email, { givenName: 'Lee', familyName: 'Lead', groups: ['site-crew'] });
    await ssoSignIn(email);
    expect(await rolesOf(w, me.userId)).toEqual({ [w.companyId]: 'member', [team]: 'member' });
    idp.accounts.set(email, { givenName: 'Lee', familyName: 'Lead', groups: [] });
    await ssoSignIn(email);
    expect(await rolesOf(w, me.userId)).toEqual({ [w.companyId]: 'member' });
  });

  it('refuses bad input with the field’s message', async () => {
    const notUrl = await as(w.personas.orgController, 'POST', `${ssoUrl(w)}/tests`, {
      issuer: 'not a url',
      clientId: '',
      clientSecret: 'x',
    });
    expect(notUrl.statusCode).toBe(400);
    const paths = notUrl.json().errors.map((e: { path: string }) => e.path);
    expect(paths).toEqual(expect.arrayContaining(['body.issuer', 'body.clientId']));
    const unreachable = await as(w.personas.orgController, 'POST', `${ssoUrl(w)}/tests`, {
      issuer: 'http://127.0.0.1:9/nothing',
      clientId: 'x',
      clientSecret: 'y',
    });
    expect(unreachable.statusCode).toBe(400);
    expect(unreachable.json().errors).toEqual([
      expect.objectContaining({
        path: 'body.issuer',
        message: "We couldn't read this provider's OpenID Connect discovery document. Check the issuer URL.",
      }),
    ]);
    const badRole = await as(w.personas.orgController, 'PUT', `${ssoUrl(w)}/group-mappings`, {
      mappings: [{ group: 'x', folderId: teamIdOf(w), role: 'owner' }],
    });
    expect(badRole.statusCode).toBe(400);
    expect(badRole.json().errors[0].path).toBe('body.mappings.0.role');
  });

  it('only admins and org controllers: others 403, another workspace 404 (its folders too)', async () => {
    for (const who of ['projectController', 'teamMember', 'visitor'] as const) {
      expect((await as(w.personas[who], 'GET', ssoUrl(w))).statusCode, who).toBe(403);
      expect((await as(w.personas[who], 'GET', `${ssoUrl(w)}/group-mappings`)).statusCode, who).toBe(403);
    }
    expect((await as(w.personas.outsider, 'GET', ssoUrl(w))).statusCode).toBe(404);
    expect((await as(other.personas.orgController, 'PUT', ssoUrl(w), { testId: 'x' })).statusCode).toBe(404);
    const foreignFolder = await as(w.personas.orgController, 'PUT', `${ssoUrl(w)}/group-mappings`, {
      mappings: [{ group: 'x', folderId: teamIdOf(other), role: 'member' }],
    });
    expect(foreignFolder.statusCode).toBe(404);
    // Another workspace's test cannot be read or saved here.
    const theirs = await as(other.personas.orgController, 'POST', `${ssoUrl(other)}/tests`, {
      issuer: idp.issuer,
      clientId: idp.clientId,
      clientSecret: idp.clientSecret,
    });
    const { testId } = theirs.json();
    expect((await as(w.personas.orgController, 'GET', `${ssoUrl(w)}/tests/${testId}`)).statusCode).toBe(404);
    expect((await as(w.personas.orgController, 'PUT', ssoUrl(w), { testId })).statusCode).toBe(404);
  });

  it('a provider answer with a forged or replayed state signs no one in', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/idp/sso/callback?code=abc&state=forged' });
    expect(res.statusCode).toBe(403);
    const count = await inScope(ctx.database.db, systemScope, (tx) =>
      tx.execute<{ n: number }>(sql`select count(*)::int as n from users where email like 'forged%'`),
    );
    expect(count.rows[0]?.n).toBe(0);
  });
});
