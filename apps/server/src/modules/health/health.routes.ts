import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { App } from '../../http/types.ts';
import type { Metrics } from './metrics.ts';

const pong = z.string().describe('Always "pong"');

/** How long readiness waits for the database before answering that the server is not ready. */
export const readinessTimeoutMs = 2_000;

/**
 * Reachability checks the web app uses to tell a network failure from a server failure (spec 7),
 * the liveness and readiness checks of an orchestrator, and the Prometheus scrape (issue 25.4).
 */
export function healthRoutes(deps: { database: Database; metrics: Metrics | undefined }) {
  return async (app: App) => {
    for (const url of ['/api/server-ping', '/api/user/server-ping']) {
      app.get(url, {
        config: { access: { public: true } },
        schema: { tags: ['health'], summary: 'Reachability check', response: { 200: pong } },
        handler: async (_request, reply) => reply.type('text/plain; charset=utf-8').send('pong'),
      });
    }

    app.get('/api/health/live', {
      config: { access: { public: true } },
      schema: { tags: ['health'], summary: 'Liveness: the process answers', response: { 200: z.literal('live') } },
      handler: async (_request, reply) => reply.type('text/plain; charset=utf-8').send('live'),
    });

    app.get('/api/health/ready', {
      config: { access: { public: true } },
      schema: {
        tags: ['health'],
        summary: 'Readiness: the database answers (503 problem+json when it does not)',
        response: { 200: z.literal('ready') },
      },
      handler: async (_request, reply) => {
        let timer: NodeJS.Timeout | undefined;
        const timeout = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('timeout')), readinessTimeoutMs);
        });
        try {
          await Promise.race([deps.database.db.execute(sql`select 1`), timeout]);
        } catch {
          throw new AppError('unavailable', { detail: 'The database does not answer' });
        } finally {
          clearTimeout(timer);
        }
        return reply.type('text/plain; charset=utf-8').send('ready');
      },
    });

    app.get('/metrics', {
      // The scrape token is checked here: metrics name no workspace and no person.
      config: { access: { public: true } },
      schema: {
        tags: ['health'],
        summary: 'Prometheus metrics (Authorization: Bearer METRICS_TOKEN; 404 when METRICS_TOKEN is not set)',
        response: { 200: z.string() },
      },
      handler: async (request, reply) => {
        const { metrics } = deps;
        if (!metrics) throw new AppError('routeNotFound');
        if (!metrics.allows(request.headers.authorization)) {
          reply.header('www-authenticate', 'Bearer realm="metrics"');
          throw new AppError('unauthenticated');
        }
        return reply.type(metrics.contentType).send(await metrics.render());
      },
    });
  };
}
