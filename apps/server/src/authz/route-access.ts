import type { Permission } from '@formwork/shared/permissions';
import type {
  FastifyInstance,
  FastifyPluginAsync,
  FastifyPluginCallback,
  FastifyPluginOptions,
  RouteOptions,
} from 'fastify';

/**
 * Every route says who may call it: a permission verb checked by can(), `signedIn` for routes
 * about the caller alone, or `public`. A route with none makes start-up fail, so nothing ships open
 * by accident; the table of routes and their access is kept for the snapshot test.
 */
export type RouteAccess = { permission: Permission } | { signedIn: true } | { public: true };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
}

export type RouteAccessRow = { method: string; url: string; access: string };

export function describeAccess(access: RouteAccess): string {
  if ('permission' in access) return access.permission;
  if ('signedIn' in access) return 'signedIn';
  return 'public';
}

export function enforceRouteAccess(app: FastifyInstance): RouteAccessRow[] {
  const routes: RouteOptions[] = [];
  const table: RouteAccessRow[] = [];
  app.addHook('onRoute', (route) => {
    routes.push(route);
  });
  app.addHook('onReady', async () => {
    const missing = routes.filter((r) => !r.config?.access).map((r) => `${r.method} ${r.url}`);
    if (missing.length > 0) throw new Error(`Routes without a declared access: ${missing.join(', ')}`);
    for (const route of routes) {
      for (const method of ([] as string[]).concat(route.method)) {
        if (method === 'HEAD') continue;
        table.push({ method, url: route.url, access: describeAccess(route.config?.access as RouteAccess) });
      }
    }
  });
  return table;
}

/**
 * Registers a plugin we do not write (API docs, static files) whose routes are all public by
 * nature: its routes are marked so, in a context of their own.
 */
export function publicPlugin<Options extends FastifyPluginOptions>(
  plugin: FastifyPluginCallback<Options> | FastifyPluginAsync<Options>,
  options: Options,
): FastifyPluginAsync {
  return async (child) => {
    child.addHook('onRoute', (route) => {
      route.config = { ...route.config, access: { public: true } };
    });
    await child.register(plugin, options);
  };
}
