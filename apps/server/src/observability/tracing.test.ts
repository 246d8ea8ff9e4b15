import { SpanKind } from '@opentelemetry/api';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createWorkspace, type TestWorkspace } from '../../test/factories.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createTracing, statementSpan } from './tracing.ts';

const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
const browserSpanId = '00f067aa0ba902b7';

describe('request traces (issue 25.1)', () => {
  const exporter = new InMemorySpanExporter();
  let ctx: TestContext;
  let w: TestWorkspace;
  beforeAll(async () => {
    ctx = await createTestApp({ tracing: await createTracing({ exporter }) });
    w = await createWorkspace(ctx, { projects: 1 });
  });
  afterAll(() => ctx.close());
  beforeEach(() => exporter.reset());

  const childrenOf = (spans: ReadableSpan[], parent: ReadableSpan) =>
    spans.filter((span) => span.parentSpanContext?.spanId === parent.spanContext().spanId);

  it("a request is a span continuing the browser's traceparent, with each SQL statement a child", async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/companies/${w.companyId}/projects`,
      headers: { ...(await w.personas.orgController.headers()), traceparent: `00-${traceId}-${browserSpanId}-01` },
      payload: { name: 'Traced annex' },
    });
    expect(res.statusCode).toBe(201);
    const spans = exporter.getFinishedSpans();
    const request = spans.find((span) => span.kind === SpanKind.SERVER);
    expect(request?.name).toBe('POST /api/companies/:companyId/projects');
    expect(request?.spanContext().traceId).toBe(traceId);
    expect(request?.parentSpanContext?.spanId).toBe(browserSpanId);
    expect(request?.attributes['http.route']).toBe('/api/companies/:companyId/projects');
    expect(request?.attributes['http.response.status_code']).toBe(201);
    expect(request?.attributes['formwork.request_id']).toBe(res.headers['x-request-id'] ?? expect.any(String));
    const statements = childrenOf(spans, request as ReadableSpan);
    // The signed-in user's read (before the body) and the insert (after it) both belong to the request.
    expect(statements.length).toBeGreaterThanOrEqual(2);
    for (const span of statements) {
      expect(span.kind).toBe(SpanKind.CLIENT);
      expect(span.spanContext().traceId).toBe(traceId);
      expect(span.attributes['db.system.name']).toBe('postgresql');
    }
    const texts = statements.map((span) => String(span.attributes['db.query.text']));
    expect(texts.some((text) => /^\s*select/i.test(text) && text.includes('users'))).toBe(true);
    expect(texts.some((text) => /^\s*insert into "?folders"?/i.test(text))).toBe(true);
  });

  it('statements after the body was read over a real connection stay children of the request', async () => {
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const res = await fetch(`${address}/api/companies/${w.companyId}/projects`, {
      method: 'POST',
      headers: { ...(await w.personas.orgController.headers()), 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Annex over the wire' }),
    });
    expect(res.status).toBe(201);
    const spans = exporter.getFinishedSpans();
    const request = spans.find((span) => span.kind === SpanKind.SERVER) as ReadableSpan;
    const texts = childrenOf(spans, request).map((span) => String(span.attributes['db.query.text']));
    expect(texts.some((text) => /^\s*insert into "?folders"?/i.test(text))).toBe(true);
  });

  it('a request without traceparent starts a trace of its own; a 404 outside any route is traced too', async () => {
    await ctx.app.inject({ method: 'GET', url: '/api/health/live' });
    await ctx.app.inject({ method: 'GET', url: '/api/no-such-route' });
    const requests = exporter.getFinishedSpans().filter((span) => span.kind === SpanKind.SERVER);
    expect(requests.map((span) => span.name)).toEqual(['GET /api/health/live', 'GET']);
    expect(requests[0]?.parentSpanContext).toBeUndefined();
    expect(requests[1]?.attributes['http.response.status_code']).toBe(404);
  });

  it('outside a traced request a statement makes no span', () => {
    expect(statementSpan('select 1')).toBeUndefined();
  });
});
