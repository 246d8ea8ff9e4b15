import http from 'node:http';
import Provider from 'oidc-provider';
import { type ClientResponse, CookieJar, fetchTransport } from './oidc-client.ts';

export type SecondIdpAccount = { givenName: string; familyName: string; groups: string[] };

/**
 * A second, separate OpenID provider on loopback for single sign-on tests (issue 23.3): another
 * oidc-provider instance with its own issuer, a confidential test client whose redirect URI is
 * Formwork's SSO callback, and a `groups` claim. Its sign-in page takes an e-mail of `accounts`.
 */
export async function startSecondIdp(options: { redirectUri: string }) {
  const accounts = new Map<string, SecondIdpAccount>();
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const issuer = `http://127.0.0.1:${port}`;
  const client = { clientId: 'formwork-sso', clientSecret: 'second-idp-test-client-secret-0123456789' };
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: client.clientId,
        client_secret: client.clientSecret,
        redirect_uris: [options.redirectUri],
        token_endpoint_auth_method: 'client_secret_post',
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name', 'groups'],
    },
    conformIdTokenClaims: false,
    findAccount: (_ctx, id) => {
      const account = accounts.get(id);
      if (!account) return undefined;
      return {
        accountId: id,
        claims: async () => ({
          sub: id,
          email: id,
          email_verified: true,
          given_name: account.givenName,
          family_name: account.familyName,
          name: `${account.givenName} ${account.familyName}`,
          groups: account.groups,
        }),
      };
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    features: { devInteractions: { enabled: false } },
    cookies: { keys: ['second-idp-cookie-key-for-tests-only'] },
  });
  const callback = provider.callback();
  server.on('request', async (req, res) => {
    const match = /^\/interaction\/([^/?]+)(\/login)?/.exec(req.url ?? '');
    if (!match) return callback(req, res);
    try {
      const details = await provider.interactionDetails(req, res);
      if (match[2] && req.method === 'POST') {
        let body = '';
        for await (const chunk of req) body += chunk;
        const email = new URLSearchParams(body).get('email') ?? '';
        if (!accounts.has(email)) {
          res.writeHead(401, { 'content-type': 'text/html' }).end('<p>Unknown account</p>');
          return;
        }
        await provider.interactionFinished(
          req,
          res,
          { login: { accountId: email } },
          { mergeWithLastSubmission: false },
        );
        return;
      }
      if (details.prompt.name === 'consent') {
        const grant = new provider.Grant({ accountId: details.session?.accountId ?? '', clientId: client.clientId });
        const missing = details.prompt.details as { missingOIDCScope?: string[]; missingOIDCClaims?: string[] };
        if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
        if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
        await provider.interactionFinished(
          req,
          res,
          { consent: { grantId: await grant.save() } },
          { mergeWithLastSubmission: true },
        );
        return;
      }
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html>
<title>Second IdP</title><h1>Second identity provider</h1>
<form method="post" action="/interaction/${details.uid}/login">
<label for="email">Company e-mail</label><input id="email" name="email" type="email">
<button type="submit">Sign in at the second IdP</button></form>`);
    } catch (error) {
      res.writeHead(400, { 'content-type': 'text/plain' }).end(String(error));
    }
  });

  /** Signs `email` in at this provider from `authorizationUrl`; answers the redirect back to Formwork. */
  async function signIn(authorizationUrl: string, email: string): Promise<string> {
    const jar = new CookieJar();
    const send = fetchTransport(issuer);
    const go = async (method: 'GET' | 'POST', url: string, form?: Record<string, string>): Promise<ClientResponse> => {
      const target = new URL(url, issuer);
      const response = await send({
        method,
        url: `${target.pathname}${target.search}`,
        headers: {
          cookie: jar.header(),
          ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        },
        ...(form ? { payload: new URLSearchParams(form).toString() } : {}),
      });
      jar.store(response);
      return response;
    };
    let response = await go('GET', authorizationUrl);
    for (let hop = 0; hop < 12; hop++) {
      const location = response.headers.location as string | undefined;
      if (response.statusCode === 200 && /action="([^"]+)"/.test(response.body)) {
        response = await go('POST', /action="([^"]+)"/.exec(response.body)?.[1] as string, { email });
        continue;
      }
      if (!location) throw new Error(`second IdP answered ${response.statusCode}: ${response.body.slice(0, 300)}`);
      if (!location.startsWith(issuer) && !location.startsWith('/')) return location;
      response = await go('GET', location);
    }
    throw new Error('too many redirects at the second IdP');
  }

  return {
    issuer,
    ...client,
    accounts,
    signIn,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
