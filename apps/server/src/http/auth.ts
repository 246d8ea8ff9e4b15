import type { ErrorCode } from '@formwork/shared/errors';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  createLocalJWKSet,
  createRemoteJWKSet,
  decodeJwt,
  type JWTPayload,
  type JWTVerifyGetKey,
  jwtVerify,
} from 'jose';
import { type AccessContext, type ContextRow, contextFromRow, contextStatement } from '../authz/context.ts';
import type { SignedInUser } from '../authz/signed-in-user.ts';
import type { OidcConfig } from '../config.ts';
import type { AppDb } from '../db/client.ts';
import { readInScope, systemScope } from '../db/tenant.ts';
import { AppError } from '../errors.ts';
import type { SigningKeys } from '../idp/keys.ts';
import { grantIdClaim } from '../idp/provider.ts';
import { findApiTokenCaller, isApiToken } from '../modules/integrations/api-tokens.service.ts';
import type { ApiTokenLimits } from './api-token-limits.ts';
import type { App } from './types.ts';

declare module 'fastify' {
  interface FastifyRequest {
    user: SignedInUser | null;
  }
}

export type TokenVerifier = (token: string) => Promise<JWTPayload>;

/** Checks signature, issuer, audience and expiry against the embedded keys or the issuer's JWKS. */
export function createTokenVerifier(oidc: OidcConfig, keys: SigningKeys | undefined): TokenVerifier {
  let getKey: JWTVerifyGetKey;
  if (oidc.embedded) {
    if (!keys) throw new Error('The embedded provider needs its signing keys');
    getKey = createLocalJWKSet({ keys: keys.publicJwks });
  } else {
    let remote: JWTVerifyGetKey | undefined;
    getKey = async (header, token) => {
      if (!remote) {
        const discovery = await fetch(`${oidc.issuer}/.well-known/openid-configuration`);
        const { jwks_uri: jwksUri } = (await discovery.json()) as { jwks_uri: string };
        remote = createRemoteJWKSet(new URL(jwksUri));
      }
      return remote(header, token);
    };
  }
  const verified = new VerifiedTokens();
  return async (token) => {
    const known = verified.get(token);
    if (known) return known;
    const { payload } = await jwtVerify(token, getKey, {
      issuer: oidc.issuer,
      audience: oidc.audience,
      algorithms: ['ES256', 'RS256', 'PS256', 'EdDSA'],
      clockTolerance: 5,
    });
    verified.add(token, payload);
    return payload;
  };
}

/**
 * Tokens whose signature and claims were already checked, until they expire (at most five
 * minutes): a client sends the same token on every call, and checking an ES256 signature again
 * each time was a tenth of the server's work on a form save.
 */
class VerifiedTokens {
  static readonly maxEntries = 10_000;
  static readonly maxAgeMs = 5 * 60_000;
  readonly #entries = new Map<string, { payload: JWTPayload; until: number }>();

  get(token: string): JWTPayload | undefined {
    const entry = this.#entries.get(token);
    if (!entry) return undefined;
    if (entry.until > Date.now()) return entry.payload;
    this.#entries.delete(token);
    return undefined;
  }

  add(token: string, payload: JWTPayload) {
    if (typeof payload.exp !== 'number') return;
    const until = Math.min(payload.exp * 1000, Date.now() + VerifiedTokens.maxAgeMs);
    if (this.#entries.size >= VerifiedTokens.maxEntries) {
      this.#entries.delete(this.#entries.keys().next().value as string);
    }
    this.#entries.set(token, { payload, until });
  }
}

const userColumns = sql`users.user_id as "userId", users.email, users.first_name as "firstName",
  users.last_name as "lastName", users.is_admin as "isAdmin", users.is_sso as "isSso",
  users.is_visitor_only as "isVisitorOnly"`;

/**
 * Embedded tokens carry our user id as `sub`; an external provider's are matched by e-mail. With
 * `live`, an embedded token must also name a grant that still exists (logout, revocation, refresh
 * token reuse and a password reset delete it) and be issued no earlier than the second of the
 * user's last password change. Both are read in the same query that finds the user, so every
 * process sees a revocation at once, at no extra round trip.
 */
function userMatch(oidc: OidcConfig, payload: JWTPayload, live: boolean): SQL | undefined {
  if (!oidc.embedded) {
    if (typeof payload.email !== 'string') return undefined;
    return sql`lower(users.email) = lower(${payload.email})`;
  }
  if (typeof payload.sub !== 'string' || !/^[0-9a-f-]{36}$/.test(payload.sub)) return undefined;
  const match = sql`users.user_id = ${payload.sub}`;
  if (!live) return match;
  const grantId = payload[grantIdClaim];
  if (typeof grantId !== 'string' || !/^[A-Za-z0-9_-]{1,128}$/.test(grantId)) return undefined;
  if (typeof payload.iat !== 'number' || !Number.isSafeInteger(payload.iat)) return undefined;
  return sql`${match}
    and (users.password_changed_at is null or users.password_changed_at < to_timestamp(${payload.iat + 1}))
    and exists (select 1 from idp_payloads p where p.kind = 'Grant' and p.id = ${grantId}
                and (p.expires_at is null or p.expires_at > now()))`;
}

async function findUser(
  db: AppDb,
  oidc: OidcConfig,
  payload: JWTPayload,
  live: boolean,
): Promise<SignedInUser | undefined> {
  const match = userMatch(oidc, payload, live);
  if (!match) return undefined;
  const [row] = await readInScope<SignedInUser>(db, systemScope, sql`select ${userColumns} from users where ${match}`);
  return row;
}

/**
 * The user (as findUser) and, in the same statement, the route's folder with the user's roles
 * there (`contextStatement`), when the route's parameters alone name that folder and the token
 * names our user id: one round trip instead of two on every such request. The folder is read
 * under the person's own scope (the users table has no policy); for an administrator, whose
 * scope reaches further, the route step reads it again as before.
 */
async function findUserWithScope(
  db: AppDb,
  oidc: OidcConfig,
  payload: JWTPayload,
  scope: { match: SQL; notFound: ErrorCode },
): Promise<{ user: SignedInUser; scopeRead: AccessContext | AppError | null } | undefined> {
  const match = userMatch(oidc, payload, true);
  if (!match) return undefined;
  const userId = payload.sub as string;
  const [row] = await readInScope<SignedInUser & ContextRow>(
    db,
    { userId, workspaceId: null, isAdmin: false },
    sql`select ${userColumns}, c.* from users
      left join lateral (${contextStatement(userId, scope.match)}) c on true
      where ${match}`,
  );
  if (!row) return undefined;
  const { userId: id, email, firstName, lastName, isAdmin, isSso, isVisitorOnly } = row;
  const user: SignedInUser = { userId: id, email, firstName, lastName, isAdmin, isSso, isVisitorOnly };
  if (user.isAdmin) return { user, scopeRead: null };
  try {
    return { user, scopeRead: contextFromRow(user, row, scope.notFound) };
  } catch (error) {
    if (error instanceof AppError) return { user, scopeRead: error };
    throw error;
  }
}

/** Whether a rejected token belonged to a single sign-on user: the web app then logs out (spec 8.1). */
async function ssoEnabledFor(db: AppDb, oidc: OidcConfig, token: string): Promise<boolean> {
  try {
    const user = await findUser(db, oidc, decodeJwt(token), false);
    return user?.isSso ?? false;
  } catch {
    return false;
  }
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer ([A-Za-z0-9._~+/-]+=*)$/.exec(header);
  return match?.[1];
}

/**
 * Every route that is not public needs a valid bearer token of a known user: a sign-in's access
 * token (a JWT), or a personal API token (`fwp_...`), whose subset of rights the route step applies.
 */
export function registerAuthentication(
  app: App,
  deps: {
    db: AppDb;
    oidc: OidcConfig;
    verify: TokenVerifier;
    /** The folder the route's step will resolve, when the request's parameters alone name it. */
    routeFolder?: (request: FastifyRequest) => { match: SQL; notFound: ErrorCode } | undefined;
    /** The per-token rate limit of calls made with personal API tokens. */
    apiTokenLimits?: ApiTokenLimits;
  },
) {
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request, reply) => {
    const access = request.routeOptions.config?.access;
    if (!access || 'public' in access) return;
    const token = bearerToken(request);
    if (!token) throw new AppError('unauthenticated', { meta: { ssoEnabled: false } });
    if (isApiToken(token)) {
      // A personal API token (issue 24.2): unknown, revoked or expired is 401 like a bad sign-in.
      const caller = await findApiTokenCaller(deps.db, token, deps.apiTokenLimits?.windowSeconds ?? 60);
      if (!caller) throw new AppError('unauthenticated', { meta: { ssoEnabled: false } });
      request.user = caller.user;
      request.apiToken = { tokenId: caller.tokenId, access: caller.access };
      deps.apiTokenLimits?.answer(caller.window, reply);
      return;
    }
    let payload: JWTPayload;
    try {
      payload = await deps.verify(token);
    } catch {
      throw new AppError('unauthenticated', { meta: { ssoEnabled: await ssoEnabledFor(deps.db, deps.oidc, token) } });
    }
    const folder = deps.oidc.embedded ? deps.routeFolder?.(request) : undefined;
    if (folder) {
      const found = await findUserWithScope(deps.db, deps.oidc, payload, folder);
      if (!found) throw new AppError('unauthenticated', { meta: { ssoEnabled: false } });
      request.user = found.user;
      request.scopeRead = found.scopeRead;
      return;
    }
    const user = await findUser(deps.db, deps.oidc, payload, true);
    if (!user) throw new AppError('unauthenticated', { meta: { ssoEnabled: false } });
    request.user = user;
  });
}

/** The signed-in user of a route that is not public (authentication has already run). */
export function requireUser(request: FastifyRequest): SignedInUser {
  if (!request.user) throw new AppError('unauthenticated');
  return request.user;
}
