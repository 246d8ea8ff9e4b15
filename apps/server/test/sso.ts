import { expect } from 'vitest';
import type { startDnsServer } from './dns-server.ts';
import type { TestWorkspace } from './factories.ts';
import { type ClientResponse, OidcTestClient, pkcePair } from './oidc-client.ts';
import type { startSecondIdp } from './second-idp.ts';
import type { TestContext } from './test-app.ts';

type Dns = Awaited<ReturnType<typeof startDnsServer>>;
type SecondIdp = Awaited<ReturnType<typeof startSecondIdp>>;

/** The org controller proves a domain by DNS (issue 23.2). */
export async function proveDomain(ctx: TestContext, dns: Dns, x: TestWorkspace, name: string) {
  const headers = await x.personas.orgController.headers();
  const added = await ctx.app.inject({
    method: 'POST',
    url: `/api/workspaces/${x.workspaceId}/domains`,
    headers,
    payload: { domain: name },
  });
  dns.records.set(name, [added.json().txtRecord.value]);
  const checked = await ctx.app.inject({
    method: 'POST',
    url: `/api/workspaces/${x.workspaceId}/domains/${name}/dns-check`,
    headers,
  });
  expect(checked.statusCode).toBe(200);
}

/** Tests the second IdP's settings by a real sign-in there, then saves them (issue 23.3). */
export async function connectSso(ctx: TestContext, idp: SecondIdp, x: TestWorkspace, tester: string) {
  const headers = await x.personas.orgController.headers();
  const ssoUrl = `/api/workspaces/${x.workspaceId}/sso`;
  idp.accounts.set(tester, { givenName: 'Tess', familyName: 'Ter', groups: [] });
  const started = await ctx.app.inject({
    method: 'POST',
    url: `${ssoUrl}/tests`,
    headers,
    payload: { issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret },
  });
  expect(started.statusCode).toBe(201);
  const { testId, authorizationUrl } = started.json();
  const early = await ctx.app.inject({ method: 'PUT', url: ssoUrl, headers, payload: { testId } });
  expect(early.statusCode).toBe(409);
  const back = new URL(await idp.signIn(authorizationUrl, tester));
  const landed = await ctx.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
  expect(landed.statusCode).toBe(200);
  const result = await ctx.app.inject({ method: 'GET', url: `${ssoUrl}/tests/${testId}`, headers });
  expect(result.json()).toEqual({ issuer: idp.issuer, clientId: idp.clientId, signedInEmail: tester });
  const saved = await ctx.app.inject({ method: 'PUT', url: ssoUrl, headers, payload: { testId } });
  expect(saved.statusCode).toBe(200);
  return saved;
}

export type SsoSignedIn = { token: string; me: { userId: string; email: string; isSso: boolean; firstName: string } };

/**
 * From Formwork's page that sends the person to their company's sign-in: the second IdP signs
 * `email` in, its answer comes back to Formwork's callback, and the web app's code is exchanged.
 */
export async function finishAtCompany(
  ctx: TestContext,
  idp: SecondIdp,
  client: OidcTestClient,
  page: ClientResponse,
  email: string,
  verifier: string,
): Promise<SsoSignedIn> {
  expect(page.statusCode, page.body).toBe(200);
  expect(page.body).toContain(
    'Your organisation signs in with single sign-on. Redirecting you to your company sign-in...',
  );
  const href = (/href="([^"]+)" id="sso-continue"/.exec(page.body)?.[1] ?? '').replaceAll('&amp;', '&');
  expect(href.startsWith(`${idp.issuer}/`)).toBe(true);
  const back = await idp.signIn(href, email);
  expect(back.startsWith('http://formwork.test/idp/sso/callback?')).toBe(true);
  const callback = await client.get(back);
  expect(callback.statusCode, callback.body).toBe(303);
  const app = await client.followToApp(callback.headers.location as string);
  const tokens = await client.exchange(app.searchParams.get('code') as string, verifier);
  expect(tokens.statusCode).toBe(200);
  const token = tokens.json().access_token as string;
  const me = await ctx.app.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${token}` } });
  expect(me.statusCode).toBe(200);
  return { token, me: me.json() };
}

/** The whole sign-in a browser makes: Formwork's page, the e-mail, the second IdP, back signed in. */
export async function ssoSignIn(ctx: TestContext, idp: SecondIdp, email: string): Promise<SsoSignedIn> {
  const client = new OidcTestClient(ctx.app);
  const pkce = pkcePair();
  const { action, csrf } = await client.openSignIn(pkce);
  const page = await client.postForm(action, { email, password: '', csrf });
  return finishAtCompany(ctx, idp, client, page, email, pkce.verifier);
}

/**
 * The sign-in the web app starts with a single sign-on ticket (an activation's or a sign-up's):
 * Formwork's provider answers the page that sends the person to their company's sign-in.
 */
export async function openWithSsoTicket(ctx: TestContext, ticket: string, loginHint: string) {
  const client = new OidcTestClient(ctx.app);
  const pkce = pkcePair();
  const start = await client.get(
    client.authorizeUrl({
      code_challenge: pkce.challenge,
      code_challenge_method: 'S256',
      login_hint: loginHint,
      sso_ticket: ticket,
    }),
  );
  expect(start.statusCode).toBe(303);
  const page = await client.get(start.headers.location as string);
  return { client, page, verifier: pkce.verifier };
}
