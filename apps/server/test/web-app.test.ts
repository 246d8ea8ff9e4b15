import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  const dist = mkdtempSync(path.join(os.tmpdir(), 'formwork-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
  ctx = await createTestApp({ env: { WEB_DIST: dist } });
});
afterAll(() => ctx.close());

describe('serving the web app', () => {
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

  it('keeps API 404s as problems, not the app', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/missing' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('routeNotFound');
  });
});
