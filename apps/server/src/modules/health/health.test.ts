import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorkspace, type TestWorkspace } from '../../../test/factories.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';

const token = 'scrape-token-0123456789abcdef';

/**
 * Prometheus text format 0.0.4, strictly enough to catch a broken exposition: every sample line is
 * `name{labels} value`, and every sample belongs to a metric announced by # HELP and # TYPE.
 */
function parsePrometheus(text: string): Map<string, { labels: string; value: number }[]> {
  const typed = new Set<string>();
  const samples = new Map<string, { labels: string; value: number }[]>();
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const meta = /^# (HELP|TYPE) ([a-zA-Z_:][a-zA-Z0-9_:]*) (.+)$/.exec(line);
    if (meta) {
      if (meta[1] === 'TYPE') {
        expect(meta[3]).toMatch(/^(counter|gauge|histogram|summary|untyped)$/);
        typed.add(meta[2] as string);
      }
      continue;
    }
    const sample = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(?:[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\]|\\.)*",?)*\})? (\S+)$/.exec(
      line,
    );
    expect(sample, `not a Prometheus sample: ${line}`).not.toBeNull();
    const [, name = '', labels = '', value = ''] = sample as RegExpExecArray;
    const family = name.replace(/_(bucket|sum|count)$/, '');
    expect(typed.has(name) || typed.has(family), `${name} has no # TYPE`).toBe(true);
    // Go's ParseFloat, which Prometheus uses, also takes Inf and NaN in any case.
    const special = /^([+-]?)(inf|nan)$/i.exec(value);
    const number = special
      ? special[2]?.toLowerCase() === 'nan'
        ? Number.NaN
        : special[1] === '-'
          ? -Infinity
          : Infinity
      : Number(value);
    expect(special !== null || !Number.isNaN(number), `not a sample value: ${line}`).toBe(true);
    samples.set(name, [...(samples.get(name) ?? []), { labels, value: number }]);
  }
  return samples;
}

describe('metrics and health (issue 25.4)', () => {
  let ctx: TestContext;
  let w: TestWorkspace;
  beforeAll(async () => {
    ctx = await createTestApp({ env: { METRICS_TOKEN: token } });
    w = await createWorkspace(ctx);
  });
  afterAll(() => ctx.close());

  const scrape = (authorization?: string) =>
    ctx.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

  it('answers liveness and readiness without signing in', async () => {
    const live = await ctx.app.inject({ method: 'GET', url: '/api/health/live' });
    expect([live.statusCode, live.body]).toEqual([200, 'live']);
    // No web app built here: no build to name (issue 25.5).
    expect(live.headers['x-formwork-build']).toBeUndefined();
    const ready = await ctx.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect([ready.statusCode, ready.body]).toEqual([200, 'ready']);
  });

  it('refuses a scrape without the token, or with another, as 401 problem+json', async () => {
    for (const authorization of [undefined, 'Bearer wrong', `Bearer ${token}x`, token, `Basic ${token}`]) {
      const res = await scrape(authorization);
      expect(res.statusCode).toBe(401);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(res.json()).toMatchObject({ code: 'unauthenticated' });
    }
  });

  it('gives request latency per route pattern, the job queue and the mail outbox as Prometheus text', async () => {
    const formId = randomUUID();
    await ctx.app.inject({
      method: 'GET',
      url: `/api/teams/${w.projects[0]?.teams[0]?.teamId}/forms/${formId}`,
      headers: await w.personas.orgController.headers(),
    });
    await ctx.database.execScript(`
      insert into jobs (workspace_id, job_id, kind, folder_id, run_after)
        values ('${w.workspaceId}', gen_random_uuid(), 'export', '${w.companyId}', now() - interval '90 seconds'),
               ('${w.workspaceId}', gen_random_uuid(), 'export', '${w.companyId}', now() + interval '1 hour');
      insert into mail_outbox (to_address, subject, text_body, created_at, attempts)
        values ('a@example.com', 'Waiting', 'x', now() - interval '30 seconds', 0),
               ('b@example.com', 'Given up', 'x', now() - interval '1 day', 5);`);

    const res = await scrape(`Bearer ${token}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain; version=0.0.4');
    const samples = parsePrometheus(res.body);

    const latency = samples.get('formwork_http_request_duration_seconds_count') ?? [];
    // The route's pattern, never the id: one series per route however many forms are read.
    expect(
      latency.find((s) => s.labels === '{method="GET",route="/api/teams/:teamId/forms/:formId",status_code="404"}'),
    ).toBeDefined();
    expect(res.body).not.toContain(formId);
    // Only the queued job that may run now counts; the one due in an hour is not waiting yet.
    expect(samples.get('formwork_jobs')).toContainEqual({ labels: '{state="queued"}', value: 1 });
    expect(samples.get('formwork_jobs_oldest_queued_age_seconds')?.[0]?.value).toBeGreaterThanOrEqual(89);
    expect(samples.get('formwork_mail_outbox')).toEqual(
      expect.arrayContaining([
        { labels: '{state="unsent"}', value: 1 },
        { labels: '{state="failed"}', value: 1 },
      ]),
    );
    const oldestMail = samples.get('formwork_mail_outbox_oldest_unsent_age_seconds')?.[0]?.value ?? 0;
    expect(oldestMail).toBeGreaterThanOrEqual(29);
    expect(oldestMail).toBeLessThan(3600);
    expect(samples.get('process_resident_memory_bytes')?.[0]?.value).toBeGreaterThan(0);
  });
});

describe('without METRICS_TOKEN', () => {
  it('keeps no metrics: /metrics is 404 problem+json', async () => {
    const ctx = await createTestApp();
    try {
      const res = await ctx.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer x' } });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toContain('application/problem+json');
    } finally {
      await ctx.close();
    }
  });

  it('readiness answers 503 problem+json when the database does not answer, liveness still 200', async () => {
    const ctx = await createTestApp();
    await ctx.database.close();
    try {
      const ready = await ctx.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.headers['content-type']).toContain('application/problem+json');
      expect(ready.json()).toMatchObject({ code: 'unavailable', detail: 'The database does not answer' });
      expect((await ctx.app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    } finally {
      await ctx.app.close();
    }
  });
});
