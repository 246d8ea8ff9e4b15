import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { publicPlugin } from '../authz/route-access.ts';

/**
 * Serves the built single-page app: hashed assets cached for a year, everything else revalidated.
 * The build writes a brotli (.br) and a gzip (.gz) file beside each text asset; the one the browser
 * accepts is sent as is (Content-Encoding, Vary: accept-encoding), so nothing is compressed per
 * request.
 * Returns a sender of index.html for client routes (the app's router shows its own 404 page), or
 * undefined when the app is not built.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string) {
  if (!existsSync(path.join(webDist, 'index.html'))) {
    app.log.warn({ webDist }, 'web app is not built; only the API is served');
    return undefined;
  }
  await app.register(
    publicPlugin(fastifyStatic, {
      root: webDist,
      // '/' is a client route too: without an index the directory answers 403.
      index: 'index.html',
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    }),
  );
  const indexFile = path.join(webDist, 'index.html');
  return async (reply: FastifyReply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(await readFile(indexFile));
}

/** The header in which every answer names the web build this server serves (issue 25.5). */
export const buildHeader = 'x-formwork-build';

/**
 * The name of the built web app (its index.html's `<meta name="formwork-build">`, written by the
 * build): a page loaded from an older build sees another name in the answers and offers to refresh.
 */
export async function readWebBuild(webDist: string): Promise<string | undefined> {
  const html = await readFile(path.join(webDist, 'index.html'), 'utf8').catch(() => '');
  return /<meta name="formwork-build" content="([\w-]{1,64})"/.exec(html)?.[1];
}

export function isClientRoute(method: string, url: string): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  const pathname = url.split('?')[0] ?? '';
  return !(pathname === '/api' || pathname.startsWith('/api/') || pathname.startsWith('/idp/'));
}
