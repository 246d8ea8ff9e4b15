import { createHash, randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import type { App } from '../src/http/types.ts';

/** What the client needs of a response, from inject() or from fetch(). */
export type ClientResponse = {
  statusCode: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  json: LightMyRequestResponse['json'];
};

export type Transport = (request: {
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  payload?: string;
}) => Promise<ClientResponse>;

/** Through inject(), from 127.0.0.1 unless another client address is given. */
export function injectTransport(app: App, remoteAddress?: string): Transport {
  return (request) =>
    app.inject({ ...request, ...(remoteAddress ? { remoteAddress } : {}) }) as Promise<ClientResponse>;
}

/** Over the network to a running server, redirects not followed (the client follows them). */
export function fetchTransport(baseUrl: string): Transport {
  return async (request) => {
    const response = await fetch(`${baseUrl}${request.url}`, {
      method: request.method,
      headers: request.headers,
      body: request.payload,
      redirect: 'manual',
    });
    const body = await response.text();
    const headers: ClientResponse['headers'] = Object.fromEntries(response.headers);
    headers['set-cookie'] = response.headers.getSetCookie();
    return { statusCode: response.status, headers, body, json: () => JSON.parse(body) };
  };
}

/** A browser's cookie jar, enough for the provider's cookies across inject() calls. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  store(response: ClientResponse) {
    const header = response.headers['set-cookie'];
    for (const cookie of ([] as string[]).concat(header ?? [])) {
      const [pair = ''] = cookie.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1);
      if (!value || /expires=Thu, 01 Jan 1970/i.test(cookie)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

const pathOf = (location: string) => {
  const url = new URL(location, 'http://formwork.test');
  return `${url.pathname}${url.search}`;
};

export function pkcePair() {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  return { verifier, challenge };
}

export type TokenSet = { access_token: string; refresh_token?: string; id_token: string; expires_in: number };

/**
 * Drives the embedded provider through inject() as the web app and a browser would: authorize
 * with PKCE, sign in on the provider's page, consent, exchange the code.
 */
export class OidcTestClient {
  readonly jar = new CookieJar();

  private readonly send: Transport;

  constructor(
    target: App | Transport,
    readonly clientId = 'formwork-web',
    readonly redirectUri = 'http://formwork.test/oauth-redirect',
  ) {
    this.send = typeof target === 'function' ? target : injectTransport(target);
  }

  async get(url: string) {
    const response = await this.send({ method: 'GET', url: pathOf(url), headers: { cookie: this.jar.header() } });
    this.jar.store(response);
    return response;
  }

  async postForm(url: string, form: Record<string, string>) {
    const response = await this.send({
      method: 'POST',
      url: pathOf(url),
      headers: { cookie: this.jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(form).toString(),
    });
    this.jar.store(response);
    return response;
  }

  authorizeUrl(params: Record<string, string> = {}) {
    return `/idp/auth?${new URLSearchParams({
      client_id: this.clientId,
      redirect_uri: this.redirectUri,
      response_type: 'code',
      scope: 'openid profile email offline_access',
      state: 'state-1',
      nonce: 'nonce-1',
      prompt: 'consent',
      ...params,
    })}`;
  }

  /** Starts authorization and answers the sign-in page's response. */
  async openSignIn(pkce = pkcePair()) {
    const start = await this.get(this.authorizeUrl({ code_challenge: pkce.challenge, code_challenge_method: 'S256' }));
    if (start.statusCode !== 303) throw new Error(`authorize answered ${start.statusCode}: ${start.body}`);
    const page = await this.get(start.headers.location as string);
    return {
      page,
      action: /action="([^"]+)"/.exec(page.body)?.[1] as string,
      csrf: /name="csrf" value="([^"]+)"/.exec(page.body)?.[1] as string,
    };
  }

  /** Follows redirects until one leaves the provider for the web app; answers that URL. */
  async followToApp(location: string): Promise<URL> {
    let next = location;
    for (let hop = 0; hop < 10; hop++) {
      if (next.startsWith(this.redirectUri)) return new URL(next);
      const response = await this.get(next);
      if (response.statusCode !== 303 && response.statusCode !== 302) {
        throw new Error(`${next} answered ${response.statusCode}: ${response.body.slice(0, 300)}`);
      }
      next = response.headers.location as string;
    }
    throw new Error('too many redirects');
  }

  async signIn(email: string, password: string): Promise<{ code: string; verifier: string; callback: URL }> {
    const pkce = pkcePair();
    const { action, csrf } = await this.openSignIn(pkce);
    const login = await this.postForm(action, { email, password, csrf });
    if (login.statusCode !== 303) throw new Error(`sign-in answered ${login.statusCode}`);
    const callback = await this.followToApp(login.headers.location as string);
    return { code: callback.searchParams.get('code') as string, verifier: pkce.verifier, callback };
  }

  async token(form: Record<string, string>) {
    return this.send({
      method: 'POST',
      url: '/idp/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ client_id: this.clientId, ...form }).toString(),
    });
  }

  exchange(code: string, verifier: string) {
    return this.token({
      grant_type: 'authorization_code',
      code,
      code_verifier: verifier,
      redirect_uri: this.redirectUri,
    });
  }

  refresh(refreshToken: string) {
    return this.token({ grant_type: 'refresh_token', refresh_token: refreshToken });
  }
}
