import type { ErrorCode } from '@formwork/shared/errors';
import { can, denialMessage, type FolderRef, type Membership, type Permission } from '@formwork/shared/permissions';
import type { SQL } from 'drizzle-orm';
import type {
  FastifyInstance,
  FastifyPluginAsync,
  FastifyPluginCallback,
  FastifyPluginOptions,
  FastifyRequest,
  onRequestAsyncHookHandler,
  preHandlerAsyncHookHandler,
  RouteOptions,
} from 'fastify';
import type { AppDb } from '../db/client.ts';
import { AppError } from '../errors.ts';
import type { AccessContext } from './context.ts';
import { type ScopeResolver, scopeFromParams } from './scopes.ts';
import type { SignedInUser } from './signed-in-user.ts';

/**
 * A route whose verb is checked by can() on the scope its parameters name. The route step
 * (`enforceRouteAccess`) finds that scope (by default from the path parameters: `scopeFromParams`;
 * else the declared `scope`), verifies the caller belongs to its workspace (404 `notFound`
 * otherwise), checks the verb (403 `denied`, or the spec's denial message) and hands the handler
 * the verified context: `routeContext(request)`. Services do not check the verb again.
 */
export type PermissionAccess = {
  permission: Permission;
  /** How the scope is found when the path parameters do not say it (body, query, a template's home). */
  scope?: ScopeResolver;
  /** The 404 code of this route when its scope is missing or another workspace's. */
  notFound?: ErrorCode;
  /** The 403 code of this route (default `forbidden` with the spec's denial message). */
  denied?: ErrorCode;
  /**
   * The verb depends on the item (an action's assignee may view and complete it without the team
   * right; creating a workspace depends on the one it is created from): the step resolves and
   * verifies the scope, the service applies the declared verb to the item.
   */
  perItem?: true;
};

/**
 * Every route says who may call it: a permission verb checked by can(), `signedIn` for routes
 * about the caller alone, or `public`. A route with none, or whose scope cannot be found from
 * its parameters, makes start-up fail, so nothing ships open by accident; the table of routes and
 * their access is kept for the snapshot test.
 */
export type RouteAccess = ((PermissionAccess | { signedIn: true }) & SessionOnly) | { public: true };

/**
 * A route a personal API token may not call, only a sign-in (managing API tokens themselves: a
 * token must not mint longer-lived or wider tokens).
 */
type SessionOnly = { sessionOnly?: true };

/**
 * The personal API token a request was authenticated with (issue 24.2), and its subset of its
 * owner's rights: `read` calls only reading methods; `readWrite` whatever the owner may do.
 */
export type ApiTokenGrant = { tokenId: string; access: 'read' | 'readWrite' };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    /** Set when the caller signed the request with a personal API token rather than a sign-in. */
    apiToken: ApiTokenGrant | null;
    /** The verified scope of a permission route (set by the route step before the handler). */
    access: AccessContext | null;
    /** The route's scope as the user lookup read it (`routeFolderMatch`), or why it was not found. */
    scopeRead: AccessContext | AppError | null;
  }
}

/** Per route's access: the scope it resolves, when its path parameters alone name one folder. */
const folderScopes = new WeakMap<RouteAccess, { resolver: ScopeResolver; notFound: ErrorCode }>();

/**
 * The folder a permission route's step would resolve, when its path parameters alone find it
 * (`ScopeResolver.folderMatch`): the user lookup reads it in the same statement and hands it over
 * with `request.scopeRead`, one round trip fewer per request (docs/decisions/0016).
 */
export function routeFolderMatch(request: FastifyRequest): { match: SQL; notFound: ErrorCode } | undefined {
  const access = request.routeOptions.config?.access;
  const scope = access && folderScopes.get(access);
  if (!scope?.resolver.folderMatch) return undefined;
  return { match: scope.resolver.folderMatch(request), notFound: scope.notFound };
}

/** The verified context of a permission route: its workspace, the caller's roles, the folder. */
export function routeContext(request: FastifyRequest): AccessContext {
  if (!request.access) throw new Error(`${request.method} ${request.routeOptions.url} has no verified scope`);
  return request.access;
}

/** The membership of a caller outside any workspace (routes about no workspace). */
function personalMembership(user: SignedInUser): Membership {
  return { isAdmin: user.isAdmin, isVisitorOnly: user.isVisitorOnly, userType: null, roles: [] };
}

function pathParams(url: string): string[] {
  return [...url.matchAll(/:(\w+)/g)].map((m) => m[1] as string);
}

/** The step of one permission route, or the reason its scope cannot be found. */
function permissionStep(db: AppDb, route: RouteOptions, access: PermissionAccess): preHandlerAsyncHookHandler | string {
  const params = pathParams(route.url);
  const scope = access.scope ?? scopeFromParams(params);
  if (!scope) return `its parameters (${params.join(', ') || 'none'}) name no scope`;
  const missing = scope.params.filter((p) => !params.includes(p));
  if (missing.length > 0) return `its scope "${scope.name}" needs the parameters ${missing.join(', ')}`;
  const notFound = access.notFound ?? scope.notFound;
  folderScopes.set(access, { resolver: scope, notFound });
  return async function routeAccessStep(request) {
    const user = request.user;
    if (!user) throw new AppError('unauthenticated');
    const read = request.scopeRead;
    request.scopeRead = null;
    if (read instanceof AppError) throw read;
    const resolved = read ? { context: read } : await scope.resolve(db, user, request, notFound);
    const viewer = resolved.context?.viewer ?? personalMembership(user);
    const folder: FolderRef = resolved.context?.folder ?? { kind: 'company', path: [] };
    request.access = resolved.context;
    if (access.perItem) return;
    const alsoVia = 'alsoVia' in resolved ? (resolved.alsoVia ?? []) : [];
    if (can(viewer, access.permission, folder)) return;
    if (alsoVia.some((other) => can(viewer, access.permission, other))) return;
    if (access.denied) throw new AppError(access.denied);
    throw new AppError('forbidden', { detail: denialMessage(access.permission, folder) });
  };
}

const readingMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The token's subset of its owner's rights, applied to every route that is not public before its
 * own step (the owner's rights are then checked as for a sign-in): a read-only token calls reading
 * methods only, and no token calls a route kept for a sign-in.
 */
function apiTokenStep(access: RouteAccess): onRequestAsyncHookHandler {
  return async function apiTokenSubsetStep(request) {
    const token = request.apiToken;
    if (!token) return;
    if ('sessionOnly' in access && access.sessionOnly) throw new AppError('apiTokenNotAccepted');
    if (token.access === 'read' && !readingMethods.has(request.method)) throw new AppError('apiTokenReadOnly');
  };
}

export type RouteAccessRow = { method: string; url: string; access: string };

export function describeAccess(access: RouteAccess): string {
  if ('permission' in access) return access.permission;
  if ('signedIn' in access) return 'signedIn';
  return 'public';
}

export function enforceRouteAccess(app: FastifyInstance, db: AppDb): RouteAccessRow[] {
  const routes: RouteOptions[] = [];
  const table: RouteAccessRow[] = [];
  const unresolved: string[] = [];
  app.decorateRequest('access', null);
  app.decorateRequest('scopeRead', null);
  app.decorateRequest('apiToken', null);
  app.addHook('onRoute', (route) => {
    routes.push(route);
    const declared = route.config?.access;
    if (declared && !('public' in declared)) {
      // After the app's authentication (route hooks run after the app's own), before anything else.
      const own = route.onRequest ? ([] as unknown[]).concat(route.onRequest) : [];
      route.onRequest = [apiTokenStep(declared), ...own] as RouteOptions['onRequest'];
    }
    if (!route.config?.access || !('permission' in route.config.access)) return;
    // Each route's own access object: the scope found for it is kept per route.
    const access = { ...route.config.access };
    route.config = { ...route.config, access };
    const step = permissionStep(db, route, access);
    if (typeof step === 'string') {
      unresolved.push(`${route.method} ${route.url}: ${step}`);
      return;
    }
    // The step runs before the route's own pre-handlers, after the body and parameters are parsed.
    const own = route.preHandler ? ([] as unknown[]).concat(route.preHandler) : [];
    route.preHandler = [step, ...own] as RouteOptions['preHandler'];
  });
  app.addHook('onReady', async () => {
    const missing = routes.filter((r) => !r.config?.access).map((r) => `${r.method} ${r.url}`);
    if (missing.length > 0) throw new Error(`Routes without a declared access: ${missing.join(', ')}`);
    if (unresolved.length > 0) throw new Error(`Routes whose scope cannot be found: ${unresolved.join('; ')}`);
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
