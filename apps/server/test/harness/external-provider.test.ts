import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../auth.ts';
import { createUser } from '../factories.ts';
import { createTestApp, type TestContext } from '../test-app.ts';
import { type RunningServer, serverStorage, signInOver, startServer } from './running-server.ts';

/**
 * Spec 2.1, issue 3: with OIDC_ISSUER the API trusts another OpenID provider. The other provider
 * here is a second Formwork server's embedded one, reached over HTTP like any external issuer
 * (discovery, then its published keys); its users are matched to ours by e-mail.
 */
let provider: RunningServer;
let ctx: TestContext;
beforeAll(async () => {
  provider = await startServer(await serverStorage());
  ctx = await createTestApp({
    env: {
      OIDC_ISSUER: `${provider.url}/idp`,
      OIDC_CLIENT_ID: 'formwork-web',
      OIDC_AUDIENCE: `${provider.url}/api`,
    },
  });
}, 60_000);
afterAll(async () => {
  await ctx?.close();
  await provider?.stop('SIGTERM');
});

describe('an external OpenID provider', () => {
  it('is named to the web app instead of the embedded one, which is not mounted', async () => {
    const config = (await ctx.app.inject({ method: 'GET', url: '/api/auth/config' })).json();
    expect(config).toMatchObject({ issuer: `${provider.url}/idp`, clientId: 'formwork-web', embedded: false });
    expect((await ctx.app.inject({ method: 'GET', url: '/idp/.well-known/openid-configuration' })).statusCode).toBe(
      404,
    );
  });

  it('signs in its users: a token it issued is accepted for our user with the same e-mail', async () => {
    const token = await signInOver(provider, 'org.controller@acme.example');
    await createUser(ctx.database.db, { email: 'org.controller@acme.example', firstName: 'Olivia' });
    const me = await ctx.app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email: 'org.controller@acme.example', firstName: 'Olivia' });
  });

  it('refuses its token when no user of ours has that e-mail', async () => {
    const token = await signInOver(provider, 'team.member@acme.example');
    expect((await ctx.app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) })).statusCode).toBe(401);
  });
});
