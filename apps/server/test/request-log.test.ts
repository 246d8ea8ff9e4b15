import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createTestApp } from './test-app.ts';

/** The production app's log lines (default level), parsed. */
async function logLinesOf(work: (app: Awaited<ReturnType<typeof createTestApp>>['app']) => Promise<void>) {
  const lines: string[] = [];
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  const ctx = await createTestApp({ env: { NODE_ENV: 'production', LOG_LEVEL: 'info' }, logStream });
  try {
    await work(ctx.app);
  } finally {
    await ctx.close();
  }
  return lines.map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('request log', () => {
  it('writes one line per request, with the request, its status and its time', async () => {
    const lines = await logLinesOf(async (app) => {
      const res = await app.inject({
        method: 'GET',
        url: '/api/server-ping',
        headers: { 'x-request-id': 'probe-0001' },
      });
      expect(res.statusCode).toBe(200);
    });
    const mine = lines.filter((l) => l.reqId === 'probe-0001');
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      msg: 'request completed',
      req: { method: 'GET', url: '/api/server-ping' },
      res: { statusCode: 200 },
    });
    expect(typeof mine[0]?.responseTime).toBe('number');
  });

  it('a refused request adds only why it was refused', async () => {
    const lines = await logLinesOf(async (app) => {
      const res = await app.inject({ method: 'GET', url: '/api/me', headers: { 'x-request-id': 'probe-0002' } });
      expect(res.statusCode).toBe(401);
    });
    const mine = lines.filter((l) => l.reqId === 'probe-0002');
    expect(mine.map((l) => l.msg)).toEqual(['request refused', 'request completed']);
    expect(mine[0]).toMatchObject({ code: 'unauthenticated', status: 401 });
    expect(mine[1]).toMatchObject({ req: { method: 'GET', url: '/api/me' }, res: { statusCode: 401 } });
  });
});
