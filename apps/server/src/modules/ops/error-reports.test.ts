import { errorReportLimits } from '@formwork/shared/error-report-limits';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorkspace, type TestWorkspace } from '../../../test/factories.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { appRole } from '../../db/tenant.ts';
import {
  Breadcrumbs,
  createErrorReporter,
  type ErrorEvent,
  fingerprintOf,
  parseDsn,
  sentrySink,
} from './error-reporter.ts';
import { browserReportsPerMinute } from './error-reports.routes.ts';

const crumbs = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    at: '2026-11-24T19:00:00.000Z',
    category: 'click' as const,
    message: `click ${i}`,
  }));

describe('error reports (issue 25.2)', () => {
  let ctx: TestContext;
  let w: TestWorkspace;
  beforeAll(async () => {
    ctx = await createTestApp({
      beforeReady: (app) => {
        app.get('/api/test/boom/:thingId', { config: { access: { public: true } } }, async () => {
          throw new Error('the boiler exploded');
        });
      },
    });
    w = await createWorkspace(ctx);
  });
  afterAll(() => ctx.close());

  const groups = async (who: keyof TestWorkspace['personas'] = 'admin') => {
    await ctx.app.errorReporter.flush();
    return ctx.app.inject({ method: 'GET', url: '/api/admin/error-reports', headers: await w.personas[who].headers() });
  };
  const report = (payload: object, remoteAddress = '203.0.113.1') =>
    ctx.app.inject({ method: 'POST', url: '/api/error-reports', payload, remoteAddress });

  it("a browser error reaches the table with its breadcrumbs, tags and the failed call's request id", async () => {
    const res = await report({
      kind: 'chunkLoadFailed',
      message: 'Failed to fetch dynamically imported module: /assets/register-abc.js',
      stack: 'TypeError: Failed to fetch\n    at load (https://formwork.test/assets/index-1.js:1:200)',
      status: 404,
      chunkFailure: true,
      requestId: 'abcd1234-7',
      url: 'https://formwork.test/teams/1/register',
      release: 'build-1',
      breadcrumbs: crumbs(3),
    });
    expect(res.statusCode).toBe(202);
    const list = await groups();
    expect(list.statusCode).toBe(200);
    const group = list.json().groups.find((g: { latest: { kind: string } }) => g.latest.kind === 'chunkLoadFailed');
    expect(group.count).toBe(1);
    expect(group.latest).toMatchObject({
      source: 'browser',
      status: 404,
      chunkFailure: true,
      requestId: 'abcd1234-7',
      release: 'build-1',
      message: 'Failed to fetch dynamically imported module: /assets/register-abc.js',
    });
    expect(group.latest.breadcrumbs.map((b: { message: string }) => b.message)).toEqual([
      'click 0',
      'click 1',
      'click 2',
    ]);
  });

  it('a server error (500) reaches the table with its request id, stack and the requests before it', async () => {
    await ctx.app.inject({ method: 'GET', url: '/api/health/live' });
    const res = await ctx.app.inject({ method: 'GET', url: '/api/test/boom/42' });
    expect(res.statusCode).toBe(500);
    const requestId = res.json().requestId;
    expect(requestId).toEqual(expect.any(String));
    const group = (await groups())
      .json()
      .groups.find((g: { latest: { kind: string } }) => g.latest.kind === 'serverError');
    expect(group.latest).toMatchObject({
      source: 'server',
      status: 500,
      chunkFailure: false,
      message: 'the boiler exploded',
      requestId,
      url: 'GET /api/test/boom/:thingId',
    });
    expect(group.latest.stack).toContain('the boiler exploded');
    const messages = group.latest.breadcrumbs.map((b: { message: string }) => b.message);
    expect(messages).toContainEqual(expect.stringMatching(/^GET \/api\/health\/live 200 /));
    expect(messages.at(-1)).toBe(`GET /api/test/boom/:thingId 500 ${requestId}`);
  });

  it('groups the same error by fingerprint, newest first', async () => {
    for (const id of ['1', '2']) {
      await report({ kind: 'error', message: `Cannot read properties of undefined (reading 'x') #${id}` });
    }
    await report({ kind: 'accountNotLoaded', message: 'Account not loaded', status: 0 });
    const list = (await groups()).json().groups;
    expect(list[0].latest.kind).toBe('accountNotLoaded');
    expect(list[0].latest.status).toBe(0);
    const repeated = list.find((g: { latest: { kind: string } }) => g.latest.kind === 'error');
    expect(repeated.count).toBe(2);
    expect(repeated.latest.message).toContain('#2');
    const times = list.map((g: { lastAt: string }) => g.lastAt);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('only platform admins browse (403 for anyone else, 401 signed out)', async () => {
    for (const who of ['orgController', 'teamMember', 'outsider'] as const) {
      const res = await groups(who);
      expect(res.statusCode).toBe(403);
    }
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/admin/error-reports' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('the application role reads no report outside a platform admin scope (forced row-level security)', async () => {
    const count = await ctx.database.db.transaction(async (tx) => {
      await tx.execute(sql.raw(`set local role ${appRole}`));
      return (await tx.execute<{ n: number }>(sql`select count(*)::int as n from error_reports`)).rows[0]?.n;
    });
    expect(count).toBe(0);
  });

  it('refuses bad input with 400 and field errors', async () => {
    const cases = [
      { kind: 'nonsense', message: 'x' },
      { kind: 'error', message: '' },
      { kind: 'error', message: 'x', status: 700 },
      { kind: 'error', message: 'x', requestId: 'no spaces allowed' },
      { kind: 'error', message: 'x', breadcrumbs: crumbs(errorReportLimits.breadcrumbs + 1) },
      { kind: 'error', message: 'x', breadcrumbs: [{ at: 'yesterday', category: 'click', message: 'x' }] },
    ];
    for (const payload of cases) {
      const res = await report(payload, '203.0.113.50');
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json().errors.length).toBeGreaterThan(0);
    }
  });

  it('refuses a report over the size limit (413)', async () => {
    const res = await report(
      { kind: 'error', message: 'x', stack: 'y'.repeat(errorReportLimits.bodyBytes) },
      '203.0.113.51',
    );
    expect(res.statusCode).toBe(413);
  });

  it(`takes at most ${browserReportsPerMinute} reports a minute from one address (429)`, async () => {
    const answers: number[] = [];
    for (let i = 0; i <= browserReportsPerMinute; i++) {
      answers.push((await report({ kind: 'error', message: `burst ${i}` }, '198.51.100.7')).statusCode);
    }
    expect(answers.filter((s) => s === 202)).toHaveLength(browserReportsPerMinute);
    expect(answers.at(-1)).toBe(429);
    expect((await report({ kind: 'error', message: 'another address' }, '198.51.100.8')).statusCode).toBe(202);
  });
});

describe('the reporter', () => {
  const event = (message: string): ErrorEvent => ({
    source: 'server',
    kind: 'serverError',
    status: 500,
    chunkFailure: false,
    message,
    stack: null,
    requestId: null,
    url: null,
    release: null,
    userId: null,
    breadcrumbs: [],
  });

  it('keeps at most 100 events waiting and drops the rest', async () => {
    const sent: string[] = [];
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const reporter = createErrorReporter({
      name: 'local',
      send: async (e) => {
        await held;
        sent.push(e.message);
      },
    });
    for (let i = 0; i < 150; i++) reporter.capture(event(`e${i}`));
    release();
    await reporter.flush();
    // The first is being sent when the rest arrive: it and 100 waiting ones are kept.
    expect(sent).toHaveLength(errorReportLimits.queuedEvents + 1);
    expect(reporter.dropped).toBe(150 - errorReportLimits.queuedEvents - 1);
  });

  it('keeps the last 100 breadcrumbs', () => {
    const trail = new Breadcrumbs();
    for (let i = 0; i < 130; i++) trail.add('request', `r${i}`);
    const list = trail.list();
    expect(list).toHaveLength(errorReportLimits.breadcrumbs);
    expect(list[0]?.message).toBe('r30');
    expect(list.at(-1)?.message).toBe('r129');
  });

  it('gives one fingerprint to the same error with other ids and lines', () => {
    const a = fingerprintOf({
      ...event('Form 3f1c7a52-7c1e-4e55-9a0b-1b2c3d4e5f60 not saved after 3 tries'),
      stack: 'Error\n    at save (/srv/forms.ts:10:5)',
    });
    const b = fingerprintOf({
      ...event('Form 9a8b7c6d-1111-2222-3333-444455556666 not saved after 4 tries'),
      stack: 'Error\n    at save (/srv/forms.ts:12:9)',
    });
    expect(a).toBe(b);
    expect(fingerprintOf(event('another'))).not.toBe(a);
  });

  it('sends a Sentry envelope to the DSN with the tags and breadcrumbs', async () => {
    expect(parseDsn('https://abc123@sentry.example.com/path/42')).toEqual({
      endpoint: 'https://sentry.example.com/path/api/42/envelope/',
      publicKey: 'abc123',
    });
    const calls: { url: string; init: RequestInit }[] = [];
    const sink = sentrySink('https://abc123@sentry.example.com/42', {
      environment: 'test',
      fetch: async (url, init) => {
        calls.push({ url: String(url), init: init as RequestInit });
        return new Response(null, { status: 200 });
      },
    });
    await sink.send({
      ...event('boom'),
      status: 404,
      chunkFailure: true,
      requestId: 'req-12345678',
      breadcrumbs: [{ at: '2026-11-24T19:00:00.000Z', category: 'click', message: 'Save' }],
      fingerprint: 'f1',
    });
    const init: RequestInit = calls[0]?.init ?? {};
    expect(calls[0]?.url).toBe('https://sentry.example.com/api/42/envelope/');
    expect((init.headers as Record<string, string>)['x-sentry-auth']).toContain('sentry_key=abc123');
    const [header, item, payload] = String(init.body ?? '')
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(header.dsn).toBe('https://abc123@sentry.example.com/42');
    expect(item).toEqual({ type: 'event' });
    expect(payload.tags).toMatchObject({ status: '404', chunk_failure: 'true', request_id: 'req-12345678' });
    expect(payload.fingerprint).toEqual(['f1']);
    expect(payload.breadcrumbs.values).toEqual([
      { timestamp: Date.parse('2026-11-24T19:00:00.000Z') / 1000, category: 'click', message: 'Save' },
    ]);
  });
});
