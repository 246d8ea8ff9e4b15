import { errorReportLimits } from '@formwork/shared/error-report-limits';
import { browserErrorReportSchema } from '@formwork/shared/schemas/error-reports';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  addApiBreadcrumb,
  addBreadcrumb,
  errorReporterState,
  errorReportsUrl,
  installErrorReporter,
  reportAccountNotLoaded,
  reportError,
} from './error-reporter.ts';
import { HttpError } from './http.ts';

type Sent = { url: string; body: Record<string, unknown> };

describe('the web error reporter (issue 25.2)', () => {
  let sent: Sent[];
  beforeEach(() => {
    errorReporterState.reset();
    sent = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        sent.push({ url, body: JSON.parse(String(init.body)) });
        return new Response(null, { status: 202 });
      }),
    );
    installErrorReporter({ release: 'build-7' });
  });
  afterEach(() => vi.unstubAllGlobals());

  const settled = () => vi.waitFor(() => expect(errorReporterState.queued()).toBe(0));

  it('reports a window error with the clicks and API calls before it, in the shape the server takes', async () => {
    document.body.innerHTML = '<button type="button">Save form</button>';
    document.querySelector('button')?.click();
    addApiBreadcrumb('PATCH', '/api/teams/3f1c7a52-7c1e-4e55-9a0b-1b2c3d4e5f60/forms/12', 500);
    window.dispatchEvent(
      new ErrorEvent('error', { error: new TypeError('x is undefined'), message: 'x is undefined' }),
    );
    await settled();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.url).toBe(errorReportsUrl);
    const report = sent[0]?.body ?? {};
    expect(report).toMatchObject({ kind: 'error', message: 'x is undefined', chunkFailure: false, release: 'build-7' });
    expect(report.stack).toContain('x is undefined');
    expect((report.breadcrumbs as { category: string; message: string }[]).map((b) => [b.category, b.message])).toEqual(
      [
        ['click', 'button Save form'],
        ['api', 'PATCH /api/teams/:id/forms/:n 500'],
      ],
    );
    expect(browserErrorReportSchema.safeParse(report).success).toBe(true);
  });

  it('tags a failed chunk load as a chunk failure', async () => {
    const event = new Event('unhandledrejection') as Event & { reason?: unknown };
    event.reason = new TypeError('Failed to fetch dynamically imported module: /assets/register-1.js');
    window.dispatchEvent(event);
    await settled();
    expect(sent[0]?.body).toMatchObject({ kind: 'chunkLoadFailed', chunkFailure: true });
  });

  it('tags an unhandled failed call with its status and request id; other rejections as such', async () => {
    const problem = {
      type: 't',
      title: 'Internal error',
      status: 500,
      code: 'internal',
      errors: [],
      requestId: 'a1b2c3d4-9',
    } as never;
    reportError(new HttpError(500, problem));
    reportError(new HttpError(0, undefined, 'Network request failed'));
    const rejection = new Event('unhandledrejection') as Event & { reason?: unknown };
    rejection.reason = 'plain text reason';
    window.dispatchEvent(rejection);
    await settled();
    expect(sent.map((s) => [s.body.kind, s.body.status, s.body.requestId])).toEqual([
      ['httpError', 500, 'a1b2c3d4-9'],
      ['httpError', 0, undefined],
      ['unhandledRejection', undefined, undefined],
    ]);
  });

  it("reports 'Account not loaded'", async () => {
    reportAccountNotLoaded();
    await settled();
    expect(sent[0]?.body).toMatchObject({ kind: 'accountNotLoaded', message: 'Account not loaded' });
  });

  it('keeps the last 100 breadcrumbs', () => {
    for (let i = 0; i < 150; i++) addBreadcrumb('navigation', `/page/${i}`);
    const kept = errorReporterState.breadcrumbs();
    expect(kept).toHaveLength(errorReportLimits.breadcrumbs);
    expect(kept[0]?.message).toBe('/page/50');
  });

  it('keeps at most 100 reports waiting and drops the rest', async () => {
    let open: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        await gate;
        sent.push({ url, body: JSON.parse(String(init.body)) });
        return new Response(null, { status: 202 });
      }),
    );
    for (let i = 0; i < 150; i++) reportError(new Error(`e${i}`));
    // One is being sent; 100 wait.
    expect(errorReporterState.queued()).toBe(errorReportLimits.queuedEvents);
    expect(errorReporterState.dropped()).toBe(150 - errorReportLimits.queuedEvents - 1);
    open();
    await settled();
    await vi.waitFor(() => expect(sent).toHaveLength(errorReportLimits.queuedEvents + 1));
  });

  it('stops sending what waits once the server says too many (429)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        sent.push({ url, body: JSON.parse(String(init.body)) });
        return new Response(null, { status: 429 });
      }),
    );
    for (let i = 0; i < 5; i++) reportError(new Error(`e${i}`));
    await settled();
    expect(sent).toHaveLength(1);
  });
});
