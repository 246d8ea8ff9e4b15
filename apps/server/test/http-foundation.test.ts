import { problemContentType } from '@formwork/shared/errors';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../src/errors.ts';
import { createTestApp, type TestContext } from './test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({
    beforeReady: (app) => {
      app.get('/api/test/boom', { config: { access: { public: true } } }, async () => {
        throw new Error('secret internals at /srv/app.ts:12');
      });
      app.post(
        '/api/test/echo',
        {
          config: { access: { public: true } },
          schema: { body: z.object({ name: z.string().min(1).max(20), count: z.number().int() }) },
        },
        async (request) => request.body,
      );
      // Two e-mails that differ only in case: the unique index on lower(email) refuses the second.
      app.post('/api/test/duplicate', { config: { access: { public: true } } }, async () => {
        await app.deps.database.db.execute(
          sql`insert into users (email) values ('same@example.com'), ('SAME@example.com')`,
        );
        return { saved: true };
      });
      app.get('/api/test/refused', { config: { access: { public: true } } }, async () => {
        throw new AppError('forbidden', { detail: 'Not for you' });
      });
    },
  });
});
afterAll(() => ctx.close());

describe('reachability (spec 7)', () => {
  it.each(['/api/server-ping', '/api/user/server-ping'])('%s answers 200 text', async (url) => {
    const res = await ctx.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toBe('pong');
  });
});

describe('problem+json errors', () => {
  it('an unknown API path is a 404 problem', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/nowhere' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain(problemContentType);
    expect(res.json()).toMatchObject({ status: 404, code: 'routeNotFound', errors: [] });
  });

  it('an unexpected error answers 500 with the request id and no internals', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/test/boom',
      headers: { 'x-request-id': 'trace-12345678' },
    });
    expect(res.statusCode).toBe(500);
    const body = res.json();
    expect(body).toMatchObject({ code: 'internal', requestId: 'trace-12345678' });
    expect(res.body).not.toContain('secret');
    expect(res.body).not.toContain('.ts');
  });

  it('a unique violation from the database answers 409 through the error handler', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/test/duplicate' });
    expect(res.statusCode).toBe(409);
    expect(res.headers['content-type']).toContain(problemContentType);
    expect(res.json()).toMatchObject({ status: 409, code: 'duplicate', errors: [] });
  });

  it('an AppError keeps its code and detail', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/test/refused' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'forbidden', detail: 'Not for you' });
  });

  it('schema violations list every offending field', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/test/echo', payload: { name: '', count: 1.5 } });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('validationFailed');
    expect(body.errors.map((e: { path: string }) => e.path).sort()).toEqual(['body.count', 'body.name']);
  });

  it('malformed JSON is a 400 problem', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('malformedRequest');
  });

  it('an unsupported content type is a 415 problem', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/x-unknown' },
      payload: 'x',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe('unsupportedMediaType');
  });

  it('an over-long path parameter is a 414 problem, with the security headers', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/companies/${'x'.repeat(500)}/folders` });
    expect(res.statusCode).toBe(414);
    expect(res.json().code).toBe('uriTooLong');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('an oversized body is a 413 problem', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024), count: 1 }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('payloadTooLarge');
  });
});

describe('security headers', () => {
  it.each(['/api/server-ping', '/api/nowhere', '/api/test/boom'])('are on %s', async (url) => {
    const res = await ctx.app.inject({ method: 'GET', url });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('nothing else may be framed: the embed area only by the origins a workspace lists (embeds.test)', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/embed/template' });
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-frame-options']).toBe('DENY');
  });
});
