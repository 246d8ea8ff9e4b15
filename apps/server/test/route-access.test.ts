import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { createTestApp, type TestContext, testConfig } from './test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('route access', () => {
  it('a route without a declared access stops the app from starting', async () => {
    const app = await buildApp({ config: testConfig(), database: ctx.database });
    app.get('/api/test/open', async () => 'oops');
    await expect(app.ready()).rejects.toThrow(/without a declared access: GET \/api\/test\/open/);
    await app.close().catch(() => {});
  });

  it('the table of routes and their access is reviewed as a snapshot', () => {
    const ours = ctx.app.routeAccess
      .filter((r) => !r.url.startsWith('/api/docs'))
      .map((r) => `${r.method} ${r.url} -> ${r.access}`)
      .sort();
    expect(ours).toMatchSnapshot();
  });
});
