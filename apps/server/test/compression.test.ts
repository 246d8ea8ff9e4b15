import zlib from 'node:zlib';
import { problemContentType } from '@formwork/shared/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorkspace, type TestWorkspace } from './factories.ts';
import { createTestApp, type TestContext } from './test-app.ts';

// Issue 15.4: API replies above 1 KB leave compressed per Accept-Encoding; small ones, problems
// and the identity provider's own replies are unchanged.
let ctx: TestContext;
let w: TestWorkspace;
beforeAll(async () => {
  ctx = await createTestApp();
  w = await createWorkspace(ctx, { projects: 40, teamsPerProject: 3 });
});
afterAll(() => ctx.close());

async function tree(acceptEncoding?: string) {
  return ctx.app.inject({
    method: 'GET',
    url: `/api/companies/${w.companyId}/folders?state=active`,
    headers: {
      ...(await w.personas.orgController.headers()),
      ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
    },
  });
}

describe('API compression', () => {
  it('a large JSON reply is brotli for a browser that accepts gzip and br, the same JSON once decoded', async () => {
    const plain = await tree();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(4096);

    const res = await tree('gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(zlib.brotliDecompressSync(res.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it('gzip when only gzip is accepted', async () => {
    const res = await tree('gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(res.rawPayload).toString('utf8')).projects).toHaveLength(40);
  });

  it('a tiny reply is sent as is', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/server-ping',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe('pong');
  });

  it('a problem stays plain problem+json', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/nowhere',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain(problemContentType);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toMatchObject({ code: 'routeNotFound' });
  });

  it('the identity provider answers as before (its replies are its own)', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/idp/.well-known/openid-configuration',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json().issuer).toBe('http://formwork.test/idp');
  });

  it('a compressed request body is not inflated (no zip bombs): refused as a problem', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/companies/${w.companyId}/projects`,
      headers: {
        ...(await w.personas.orgController.headers()),
        'content-type': 'application/json',
        'content-encoding': 'gzip',
      },
      payload: zlib.gzipSync(JSON.stringify({ name: 'Zipped' })),
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain(problemContentType);
  });
});
