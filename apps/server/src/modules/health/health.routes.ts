import { z } from 'zod';
import type { App } from '../../http/types.ts';

const pong = z.string().describe('Always "pong"');

/** Reachability checks the web app uses to tell a network failure from a server failure (spec 7). */
export async function healthRoutes(app: App) {
  for (const url of ['/api/server-ping', '/api/user/server-ping']) {
    app.get(url, {
      config: { access: { public: true } },
      schema: { tags: ['health'], summary: 'Reachability check', response: { 200: pong } },
      handler: async (_request, reply) => reply.type('text/plain; charset=utf-8').send('pong'),
    });
  }
}
