import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorkspace, type Persona, type TestWorkspace, teamIdOf } from '../../../test/factories.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { buildApp } from '../../app.ts';

const rateLimit = 5;
let ctx: TestContext;
let ws: TestWorkspace;
beforeAll(async () => {
  ctx = await createTestApp({ env: { API_TOKEN_RATE_LIMIT: String(rateLimit) } });
  ws = await createWorkspace(ctx);
});
afterAll(() => ctx.close());

type Created = {
  token: { tokenId: string; name: string; access: string; hint: string; expiresAt: string };
  secret: string;
};

async function makeToken(who: Persona, body: Record<string, unknown> = {}) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/me/api-tokens',
    headers: await who.headers(),
    payload: { name: 'CI export', access: 'read', expiresInDays: 30, ...body },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Created;
}

const withToken = (secret: string) => ({ authorization: `Bearer ${secret}` });

async function usageEvents(userId: string) {
  const result = await ctx.database.db.execute<{ name: string; context: Record<string, string> }>(
    sql`select name, context from usage_events where user_id = ${userId} order by usage_event_id`,
  );
  return result.rows;
}

describe('personal API tokens: make, list, revoke', () => {
  it('makes a token shown once (prefixed, stored hashed), lists it with its last use, and revokes it', async () => {
    const me = ws.personas.teamMember;
    const created = await makeToken(me, { name: 'Nightly export', access: 'readWrite', expiresInDays: 7 });
    expect(created.secret).toMatch(/^fwp_[A-Za-z0-9_-]{43}$/);
    expect(created.token).toMatchObject({ name: 'Nightly export', access: 'readWrite', lastUsedAt: null });
    expect(created.secret.startsWith(created.token.hint)).toBe(true);
    const days = (Date.parse(created.token.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThan(7.1);

    // Only the hash is kept.
    const stored = await ctx.database.db.execute<{ token_hash: string }>(
      sql`select token_hash from api_tokens where token_id = ${created.token.tokenId}`,
    );
    expect(stored.rows[0]?.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored.rows)).not.toContain(created.secret);

    const used = await ctx.app.inject({ method: 'GET', url: '/api/me', headers: withToken(created.secret) });
    expect(used.statusCode).toBe(200);
    expect(used.json()).toMatchObject({ userId: me.userId });

    const list = await ctx.app.inject({ method: 'GET', url: '/api/me/api-tokens', headers: await me.headers() });
    expect(list.statusCode).toBe(200);
    const listed = list.json().tokens.find((t: { tokenId: string }) => t.tokenId === created.token.tokenId);
    expect(listed).toMatchObject({ name: 'Nightly export', hint: created.token.hint });
    expect(listed.lastUsedAt).not.toBeNull();
    expect(JSON.stringify(list.json())).not.toContain(created.secret);

    const revoked = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/me/api-tokens/${created.token.tokenId}`,
      headers: await me.headers(),
    });
    expect(revoked.statusCode).toBe(204);
    const after = await ctx.app.inject({ method: 'GET', url: '/api/me/api-tokens', headers: await me.headers() });
    expect(after.json().tokens.map((t: { tokenId: string }) => t.tokenId)).not.toContain(created.token.tokenId);

    expect((await usageEvents(me.userId)).filter((e) => e.name.startsWith('apiToken'))).toEqual([
      {
        name: 'apiTokenCreated',
        context: expect.objectContaining({
          tokenId: created.token.tokenId,
          name: 'Nightly export',
          access: 'readWrite',
        }),
      },
      { name: 'apiTokenRevoked', context: { tokenId: created.token.tokenId, name: 'Nightly export' } },
    ]);
  });

  it('writes the last use at most once a minute, not on every call', async () => {
    const me = ws.personas.orgMember;
    const { token, secret } = await makeToken(me);
    await ctx.app.inject({ method: 'GET', url: '/api/me', headers: withToken(secret) });
    const first = await ctx.database.db.execute<{ at: Date }>(
      sql`select last_used_at as at from api_tokens where token_id = ${token.tokenId}`,
    );
    await ctx.database.db.execute(
      sql`update api_tokens set last_used_at = last_used_at - interval '30 seconds' where token_id = ${token.tokenId}`,
    );
    await ctx.app.inject({ method: 'GET', url: '/api/me', headers: withToken(secret) });
    const second = await ctx.database.db.execute<{ at: Date }>(
      sql`select last_used_at as at from api_tokens where token_id = ${token.tokenId}`,
    );
    expect(new Date(second.rows[0]?.at as Date).getTime()).toBe(new Date(first.rows[0]?.at as Date).getTime() - 30_000);
    await ctx.database.db.execute(
      sql`update api_tokens set last_used_at = now() - interval '2 minutes' where token_id = ${token.tokenId}`,
    );
    await ctx.app.inject({ method: 'GET', url: '/api/me', headers: withToken(secret) });
    const third = await ctx.database.db.execute<{ recent: boolean }>(
      sql`select last_used_at > now() - interval '10 seconds' as recent from api_tokens where token_id = ${token.tokenId}`,
    );
    expect(third.rows[0]?.recent).toBe(true);
  });

  it("answers another person's token id, an unknown one and a revoked one 404 (nothing is revoked)", async () => {
    const owner = ws.personas.teamController;
    const { token, secret } = await makeToken(owner);
    for (const who of [ws.personas.teamMember, ws.personas.outsider]) {
      const res = await ctx.app.inject({
        method: 'DELETE',
        url: `/api/me/api-tokens/${token.tokenId}`,
        headers: await who.headers(),
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'apiTokenNotFound' });
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/api/me', headers: withToken(secret) })).statusCode).toBe(200);
    const unknown = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/me/api-tokens/00000000-0000-4000-8000-000000000077',
      headers: await owner.headers(),
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('refuses a 51st live token (409); expired and revoked ones do not count', async () => {
    const me = ws.personas.visitor;
    await ctx.database.db.execute(sql`
      insert into api_tokens (user_id, token_hash, hint, name, access, expires_at, revoked_at)
      select ${me.userId}, md5(random()::text || n), 'fwp_xxxx', 'Bulk ' || n, 'read',
             case when n <= 49 then now() + interval '1 day' else now() - interval '1 day' end,
             case when n = 51 then now() else null end
        from generate_series(1, 51) n`);
    await makeToken(me);
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/api/me/api-tokens',
      headers: await me.headers(),
      payload: { name: 'One too many', access: 'read', expiresInDays: 7 },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'apiTokenLimit' });
  });

  it('refuses bad input with field errors', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/me/api-tokens',
      headers: await ws.personas.teamMember.headers(),
      payload: { name: '   ', access: 'admin', expiresInDays: 400 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    const paths = res.json().errors.map((e: { path: string }) => e.path);
    expect(paths).toEqual(expect.arrayContaining(['body.name', 'body.access', 'body.expiresInDays']));
    const badId = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/me/api-tokens/not-a-uuid',
      headers: await ws.personas.teamMember.headers(),
    });
    expect(badId.statusCode).toBe(400);
  });

  it('needs a sign-in: no credentials is 401, and a token cannot make, list or revoke tokens (403)', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/me/api-tokens' })).statusCode).toBe(401);
    const { token, secret } = await makeToken(ws.personas.projectMember, { access: 'readWrite' });
    const calls = [
      { method: 'GET' as const, url: '/api/me/api-tokens' },
      {
        method: 'POST' as const,
        url: '/api/me/api-tokens',
        payload: { name: 'x', access: 'readWrite', expiresInDays: 365 },
      },
      { method: 'DELETE' as const, url: `/api/me/api-tokens/${token.tokenId}` },
    ];
    for (const call of calls) {
      const res = await ctx.app.inject({ ...call, headers: withToken(secret) });
      expect(res.statusCode, call.method).toBe(403);
      expect(res.json()).toMatchObject({ code: 'apiTokenNotAccepted' });
    }
  });
});

describe('calling the API with a token', () => {
  it('a read-only token reads what its owner may read and nothing else; any change is 403', async () => {
    const me = ws.personas.teamMember;
    const { secret } = await makeToken(me, { access: 'read' });
    const team = await ctx.app.inject({
      method: 'GET',
      url: `/api/folders/${teamIdOf(ws)}`,
      headers: withToken(secret),
    });
    expect(team.statusCode).toBe(200);
    // The owner's rights still apply: a team member may not see the team's invitations.
    const invitations = await ctx.app.inject({
      method: 'GET',
      url: `/api/folders/${teamIdOf(ws)}/invitations`,
      headers: withToken(secret),
    });
    expect(invitations.statusCode).toBe(403);
    // Another workspace's folder is not found, as for a sign-in.
    const other = await ctx.app.inject({
      method: 'GET',
      url: `/api/folders/${ws.other.workspaceId}`,
      headers: withToken(secret),
    });
    expect(other.statusCode).toBe(404);
    const change = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: withToken(secret),
      payload: { firstName: 'Changed' },
    });
    expect(change.statusCode).toBe(403);
    expect(change.json()).toMatchObject({ code: 'apiTokenReadOnly' });
  });

  it('a read-write token changes what its owner may change, and is refused what its owner may not', async () => {
    const me = ws.personas.projectController;
    const { secret } = await makeToken(me, { access: 'readWrite' });
    const change = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: withToken(secret),
      payload: { firstName: 'Scripted' },
    });
    expect(change.statusCode).toBe(200);
    expect(change.json()).toMatchObject({ firstName: 'Scripted' });
    const company = await ctx.app.inject({
      method: 'GET',
      url: `/api/folders/${ws.companyId}/invitations`,
      headers: withToken(secret),
    });
    expect(company.statusCode).toBe(403);
  });

  it('a revoked token, an expired one and a forged one are 401', async () => {
    const me = ws.personas.orgController;
    const revoked = await makeToken(me);
    await ctx.app.inject({
      method: 'DELETE',
      url: `/api/me/api-tokens/${revoked.token.tokenId}`,
      headers: await me.headers(),
    });
    const expired = await makeToken(me);
    await ctx.database.db.execute(
      sql`update api_tokens set expires_at = now() - interval '1 second' where token_id = ${expired.token.tokenId}`,
    );
    for (const secret of [revoked.secret, expired.secret, `fwp_${'A'.repeat(43)}`]) {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/me', headers: withToken(secret) });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'unauthenticated' });
    }
  });

  it('limits calls per token with RateLimit headers, then 429 with Retry-After', async () => {
    const me = ws.personas.orgMember;
    const { secret } = await makeToken(me);
    const other = await makeToken(me);
    for (let call = 1; call <= rateLimit; call++) {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/me', headers: withToken(secret) });
      expect(res.statusCode).toBe(200);
      expect(res.headers['ratelimit-policy']).toBe(`"token";q=${rateLimit};w=60`);
      expect(res.headers.ratelimit).toMatch(new RegExp(`^"token";r=${rateLimit - call};t=\\d+$`));
    }
    const refused = await ctx.app.inject({ method: 'GET', url: '/api/me', headers: withToken(secret) });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['content-type']).toContain('application/problem+json');
    expect(refused.json()).toMatchObject({ code: 'tooManyRequests' });
    expect(refused.headers.ratelimit).toMatch(/^"token";r=0;t=\d+$/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Each token has its own count; a sign-in is not limited by the tokens.
    expect((await ctx.app.inject({ method: 'GET', url: '/api/me', headers: withToken(other.secret) })).statusCode).toBe(
      200,
    );
    const signedIn = await ctx.app.inject({ method: 'GET', url: '/api/me', headers: await me.headers() });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers.ratelimit).toBeUndefined();
  });

  it("counts a token's calls in the database: behind two API processes the quota is the same", async () => {
    const second = await buildApp({ config: ctx.config, database: ctx.database });
    await second.ready();
    try {
      const { secret } = await makeToken(ws.personas.orgMember);
      for (let call = 1; call <= rateLimit; call++) {
        const app = call % 2 === 0 ? second : ctx.app;
        const res = await app.inject({ method: 'GET', url: '/api/me', headers: withToken(secret) });
        expect(res.statusCode).toBe(200);
        expect(res.headers.ratelimit).toMatch(new RegExp(`^"token";r=${rateLimit - call};t=\\d+$`));
      }
      for (const app of [ctx.app, second]) {
        const refused = await app.inject({ method: 'GET', url: '/api/me', headers: withToken(secret) });
        expect(refused.statusCode).toBe(429);
      }
    } finally {
      await second.close();
    }
  });

  it('the OpenAPI document declares the token scheme on the operations a token may call', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(doc.components.securitySchemes.apiToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.paths['/api/me'].get.security).toEqual([{ bearer: [] }, { apiToken: [] }]);
    expect(doc.paths['/api/me/api-tokens'].post.security).toEqual([{ bearer: [] }]);
  });
});
