import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorkspace, type TestWorkspace } from '../factories.ts';
import { OidcTestClient } from '../oidc-client.ts';
import { createTestApp, type TestContext } from '../test-app.ts';
import { fillPath, listOperations } from './openapi.ts';

let ctx: TestContext;
let w: TestWorkspace;
beforeAll(async () => {
  ctx = await createTestApp();
  w = await createWorkspace(ctx, { projects: 1, teamsPerProject: 1 });
});
afterAll(() => ctx.close());

const securityHeaders = ['content-security-policy', 'x-content-type-options', 'referrer-policy', 'x-request-id'];

describe('authentication hardening', () => {
  it('every API operation answers with the security headers, signed in or not', async () => {
    const missing: string[] = [];
    for (const operation of await listOperations(ctx.app)) {
      const url = fillPath(operation, () => w.companyId);
      for (const headers of [{}, await w.personas.orgController.headers()]) {
        const response = await ctx.app.inject({ method: operation.method as 'GET', url, headers });
        for (const header of securityHeaders) {
          if (!response.headers[header])
            missing.push(`${operation.method} ${operation.path} (${response.statusCode}): ${header}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it("the provider's pages and endpoints carry them too", async () => {
    const client = new OidcTestClient(ctx.app);
    const { page } = await client.openSignIn();
    const discovery = await ctx.app.inject({ method: 'GET', url: '/idp/.well-known/openid-configuration' });
    for (const response of [page, discovery]) {
      for (const header of securityHeaders) expect(response.headers[header], header).toBeTruthy();
    }
    expect(page.headers['x-frame-options']).toBe('DENY');
  });

  it('never writes bearer tokens or cookies to the logs of the real app at the production level', async () => {
    const lines: string[] = [];
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    // As `npm start` runs in production: NODE_ENV=production and the default level (info).
    const app = await createTestApp({
      env: { NODE_ENV: 'production', LOG_LEVEL: 'info' },
      logStream,
      beforeReady: (a) => {
        a.get('/api/test/boom', { config: { access: { public: true } } }, async () => {
          throw new Error('unexpected');
        });
      },
    });
    expect(app.config.logLevel).toBe('info');
    const secret = 'eyJhbGciOiJFUzI1NiJ9.secret-token-body.signature';
    const headers = {
      authorization: `Bearer ${secret}`,
      cookie: '_session=secret-cookie',
      'user-agent': 'redaction-probe',
    };
    try {
      // A 500 logs the request with its headers; a refusal (401) and a success log it too.
      expect((await app.app.inject({ method: 'GET', url: '/api/test/boom', headers })).statusCode).toBe(500);
      expect((await app.app.inject({ method: 'GET', url: '/api/me', headers })).statusCode).toBe(401);
      expect((await app.app.inject({ method: 'GET', url: '/api/server-ping', headers })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
    const log = lines.join('');
    expect(log).toContain('request failed');
    // The failed request's headers are there (so the check below is not vacuous), minus credentials.
    expect(log).toContain('redaction-probe');
    expect(log).toContain('[Redacted]');
    expect(log).not.toContain('secret-token-body');
    expect(log).not.toContain('secret-cookie');
  });
});
