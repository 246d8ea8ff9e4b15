import { sql } from 'drizzle-orm';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessTokenFor, bearer } from '../../../test/auth.ts';
import { createUser, createWorkspace } from '../../../test/factories.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const token = (userId: string, options?: Parameters<typeof accessTokenFor>[3]) =>
  accessTokenFor(ctx.database.db, ctx.config, userId, options);

describe('GET /api/auth/config', () => {
  it('is public and names the embedded provider', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/auth/config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      issuer: 'http://formwork.test/idp',
      clientId: 'formwork-web',
      embedded: true,
      scope: expect.stringContaining('offline_access'),
    });
  });
});

describe('GET /api/me', () => {
  it('answers the signed-in user', async () => {
    const user = await createUser(ctx.database.db, { firstName: 'Sam' });
    const res = await ctx.app.inject({ method: 'GET', url: '/api/me', headers: bearer(await token(user.userId)) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ userId: user.userId, firstName: 'Sam', isSso: false });
  });

  it('refuses a request without a token with 401 problem+json', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/me' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'unauthenticated', meta: { ssoEnabled: false } });
  });

  it('refuses a token from another issuer', async () => {
    const user = await createUser(ctx.database.db);
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: bearer(await token(user.userId, { issuer: 'https://evil.example/idp' })),
    });
    expect(res.statusCode).toBe(401);
  });

  it('refuses a token for another audience', async () => {
    const user = await createUser(ctx.database.db);
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: bearer(await token(user.userId, { audience: 'https://other.example/api' })),
    });
    expect(res.statusCode).toBe(401);
  });

  it('refuses an expired token', async () => {
    const user = await createUser(ctx.database.db);
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: bearer(await token(user.userId, { expiresIn: '-1 minute' })),
    });
    expect(res.statusCode).toBe(401);
  });

  it('refuses a token signed with another key, and says when the user uses single sign-on', async () => {
    const user = await createUser(ctx.database.db, { isSso: true });
    const { privateKey } = await generateKeyPair('ES256', { extractable: true });
    const forged = await new SignJWT({})
      .setProtectedHeader({ alg: 'ES256', kid: (await exportJWK(privateKey)).kid ?? 'forged' })
      .setSubject(user.userId)
      .setIssuer(ctx.config.oidc.issuer)
      .setAudience(ctx.config.oidc.audience)
      .setExpirationTime('1h')
      .sign(privateKey);
    const res = await ctx.app.inject({ method: 'GET', url: '/api/me', headers: bearer(forged) });
    expect(res.statusCode).toBe(401);
    expect(res.json().meta).toEqual({ ssoEnabled: true });
  });

  it('refuses a malformed authorization header', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/me', headers: { authorization: 'Bearer a b c' } });
    expect(res.statusCode).toBe(401);
  });

  it('refuses a valid token of a user who no longer exists', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: bearer(await token(crypto.randomUUID())),
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('PATCH /api/me', () => {
  it('updates the name, trimmed', async () => {
    const user = await createUser(ctx.database.db);
    const res = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: bearer(await token(user.userId)),
      payload: { firstName: '  Jordan ', lastName: 'Lee' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ firstName: 'Jordan', lastName: 'Lee' });
  });

  it('refuses an invalid name and unknown fields with field errors', async () => {
    const user = await createUser(ctx.database.db);
    const res = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: bearer(await token(user.userId)),
      payload: { firstName: '<script>', isAdmin: true },
    });
    expect(res.statusCode).toBe(400);
    const paths = res.json().errors.map((e: { path: string }) => e.path);
    expect(paths).toContain('body.firstName');
  });

  it('says which name rule failed: required or too long (issue 14.9)', async () => {
    const user = await createUser(ctx.database.db);
    const res = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: bearer(await token(user.userId)),
      payload: { firstName: '   ', lastName: 'L'.repeat(500) },
    });
    expect(res.statusCode).toBe(400);
    const messages = Object.fromEntries(
      res.json().errors.map((e: { path: string; message: string }) => [e.path, e.message]),
    );
    expect(messages['body.firstName']).toBe('Please enter a name');
    expect(messages['body.lastName']).toBe('A name can be at most 100 characters');
  });

  it('refuses text PostgreSQL cannot store (a NUL character) with 400, not 500', async () => {
    const user = await createUser(ctx.database.db);
    const res = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: bearer(await token(user.userId)),
      payload: { firstName: 'Jo\u0000hn' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validationFailed');
  });

  it('cannot make anyone an admin', async () => {
    const user = await createUser(ctx.database.db);
    await ctx.app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: bearer(await token(user.userId)),
      payload: { isAdmin: true },
    });
    const me = await ctx.app.inject({ method: 'GET', url: '/api/me', headers: bearer(await token(user.userId)) });
    expect(me.json().isAdmin).toBe(false);
  });
});

describe('POST /api/me/events', () => {
  it('records a usage event of the signed-in user', async () => {
    const user = await createUser(ctx.database.db);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/me/events',
      headers: bearer(await token(user.userId)),
      payload: { name: 'emailLoginLinkClicked', context: { fromEmail: 'weekly' } },
    });
    expect(res.statusCode).toBe(204);
    const rows = await ctx.database.db.execute<{ name: string }>(
      sql`select name from usage_events where user_id = ${user.userId}`,
    );
    expect(rows.rows).toEqual([{ name: 'emailLoginLinkClicked' }]);
  });

  it('refuses unknown events and anonymous callers', async () => {
    const user = await createUser(ctx.database.db);
    const unknown = await ctx.app.inject({
      method: 'POST',
      url: '/api/me/events',
      headers: bearer(await token(user.userId)),
      payload: { name: 'somethingElse' },
    });
    expect(unknown.statusCode).toBe(400);
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: '/api/me/events',
      payload: { name: 'emailLoginLinkClicked' },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('product events with their workspace, exported as CSV (issue 25.3)', () => {
  it('records an event in a workspace of the person; another workspace is 404 and records nothing', async () => {
    const w = await createWorkspace(ctx);
    const person = w.personas.teamMember;
    const headers = await person.headers();
    const send = (workspaceId: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/me/events',
        headers,
        payload: { name: 'productBoardClicked', workspaceId },
      });
    expect((await send(w.workspaceId)).statusCode).toBe(204);
    const inAnother = await send(w.other.workspaceId);
    expect(inAnother.statusCode).toBe(404);
    expect(inAnother.headers['content-type']).toContain('application/problem+json');
    expect((await send('not-an-id')).statusCode).toBe(400);
    const rows = await ctx.database.db.execute<{ workspace_id: string | null }>(
      sql`select workspace_id from usage_events where user_id = ${person.userId} and name = 'productBoardClicked'`,
    );
    expect(rows.rows).toEqual([{ workspace_id: w.workspaceId }]);
  });

  it('exports the events of a period to platform admins alone, with the person and the workspace', async () => {
    const w = await createWorkspace(ctx);
    const controller = w.personas.orgController;
    await ctx.app.inject({
      method: 'POST',
      url: '/api/me/events',
      headers: await controller.headers(),
      payload: { name: 'productBoardClicked', workspaceId: w.workspaceId, context: { from: 'help, "menu"' } },
    });
    const today = new Date().toISOString().slice(0, 10);
    const url = `/api/admin/usage-events.csv?from=${today}&to=${today}`;

    const res = await ctx.app.inject({ method: 'GET', url, headers: await w.personas.admin.headers() });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="product-events-${today}-to-${today}.csv"`);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('Time (UTC),Event,Person,Workspace,Context');
    const ours = lines.find((line) => line.includes(controller.email)) ?? '';
    const workspace = await ctx.database.db.execute<{ name: string }>(
      sql`select name from workspaces where workspace_id = ${w.workspaceId}`,
    );
    expect(ours.replace(/^[0-9T:.-]+Z,/, '')).toBe(
      `productBoardClicked,${controller.email},${workspace.rows[0]?.name},"{""from"":""help, \\""menu\\""""}"`,
    );
    expect(ours).toMatch(new RegExp(`^${today}T`));

    for (const who of ['orgController', 'teamMember'] as const) {
      const refused = await ctx.app.inject({ method: 'GET', url, headers: await w.personas[who].headers() });
      expect(refused.statusCode).toBe(403);
    }
    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const backwards = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/usage-events.csv?from=2026-11-30&to=2026-11-01',
      headers: await w.personas.admin.headers(),
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().errors[0]).toMatchObject({ path: 'querystring.to' });
  });
});
