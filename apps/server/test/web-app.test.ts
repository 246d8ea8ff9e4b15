import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './test-app.ts';

let ctx: TestContext;
const shellSource = `export const rows = [${Array.from({ length: 400 }, (_, i) => `"row ${i}"`).join(',')}];\n`;
beforeAll(async () => {
  const dist = mkdtempSync(path.join(os.tmpdir(), 'formwork-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><head><meta name="formwork-build" content="mpx1-0a1b2c3d"></head><div id="root"></div>',
  );
  writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
  // The build writes a brotli and a gzip file beside each text asset (apps/web/vite-precompress.ts).
  writeFileSync(path.join(dist, 'assets', 'shell-def456.js'), shellSource);
  writeFileSync(path.join(dist, 'assets', 'shell-def456.js.br'), zlib.brotliCompressSync(shellSource));
  writeFileSync(path.join(dist, 'assets', 'shell-def456.js.gz'), zlib.gzipSync(shellSource));
  ctx = await createTestApp({ env: { WEB_DIST: dist } });
});
afterAll(() => ctx.close());

describe('serving the web app', () => {
  it('names the build it serves in every answer, so pages of an older build offer to refresh (issue 25.5)', async () => {
    for (const url of ['/api/server-ping', '/api/me', '/home']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.headers['x-formwork-build']).toBe('mpx1-0a1b2c3d');
    }
  });

  it('answers client routes with index.html, revalidated', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/home/teams/abc/activity?x=1' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('id="root"');
  });

  it('answers the root with index.html (the landing route), revalidated', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/?fromEmail=1' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('id="root"');
  });

  it('caches hashed assets for a year', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('sends a hashed asset precompressed as brotli to a browser that accepts gzip and br', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/assets/shell-def456.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['content-type']).toContain('javascript');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString('utf8')).toBe(shellSource);
  });

  it('sends the gzip file when only gzip is accepted, and the plain file when nothing is', async () => {
    const gz = await ctx.app.inject({
      method: 'GET',
      url: '/assets/shell-def456.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString('utf8')).toBe(shellSource);
    const plain = await ctx.app.inject({ method: 'GET', url: '/assets/shell-def456.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(shellSource);
  });

  it('keeps API 404s as problems, not the app', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/missing' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('routeNotFound');
  });
});
