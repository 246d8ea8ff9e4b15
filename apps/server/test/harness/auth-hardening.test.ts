import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions } from '../../src/app.ts';
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

  it('never writes bearer tokens or cookies to the logs', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const config = { ...ctx.config, logLevel: 'trace' as const };
    const logger = { ...(loggerOptions(config) as object), stream: sink };
    const app = Fastify({ logger });
    app.get('/echo', async () => 'ok');
    const secret = 'eyJhbGciOiJFUzI1NiJ9.secret-token-body.signature';
    await app.inject({
      method: 'GET',
      url: '/echo',
      headers: { authorization: `Bearer ${secret}`, cookie: '_session=secret-cookie' },
    });
    await app.close();
    const log = lines.join('');
    expect(log).toContain('incoming request');
    expect(log).not.toContain('secret-token-body');
    expect(log).not.toContain('secret-cookie');
  });
});
