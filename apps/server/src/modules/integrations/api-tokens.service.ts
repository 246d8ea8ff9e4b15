import { createHash, randomBytes } from 'node:crypto';
import {
  type ApiToken,
  type ApiTokenCreate,
  type ApiTokenCreated,
  apiTokenMaxLive,
  apiTokenPrefix,
} from '@formwork/shared/schemas/api-tokens';
import { personalScope } from '../../authz/context.ts';
import type { SignedInUser } from '../../authz/signed-in-user.ts';
import type { AppDb } from '../../db/client.ts';
import { inScope, readInScope, systemScope } from '../../db/tenant.ts';
import { AppError } from '../../errors.ts';
import { recordUsageEvent } from '../identity/usage-events.ts';
import * as queries from './api-tokens.queries.ts';

/**
 * Personal API tokens (issue 24.2). The secret is 32 random bytes (256 bits) in base64url after the
 * `fwp_` prefix. Only its SHA-256 is stored: a secret that high in entropy cannot be guessed from
 * its hash, so a slow password hash (which would cost every API call) adds nothing, and the hash is
 * what the lookup uses, so a stolen table does not hand out working tokens.
 */

export function apiTokenHash(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** Whether a bearer credential is one of our API tokens (rather than a sign-in JWT). */
export function isApiToken(credential: string): boolean {
  return credential.startsWith(apiTokenPrefix);
}

function toApiToken(row: queries.ApiTokenRow): ApiToken {
  return {
    tokenId: row.tokenId,
    name: row.name,
    access: row.access,
    hint: row.hint,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

export async function listApiTokens(db: AppDb, user: SignedInUser): Promise<ApiToken[]> {
  const rows = await inScope(db, personalScope(user), (tx) => queries.listTokens(tx, user.userId));
  return rows.map(toApiToken);
}

/** Makes a token and records it; its secret is in this answer only. */
export async function createApiToken(db: AppDb, user: SignedInUser, input: ApiTokenCreate): Promise<ApiTokenCreated> {
  const secret = `${apiTokenPrefix}${randomBytes(32).toString('base64url')}`;
  const row = await inScope(db, personalScope(user), async (tx) => {
    if ((await queries.countLiveTokens(tx, user.userId)) >= apiTokenMaxLive) throw new AppError('apiTokenLimit');
    const created = await queries.insertToken(tx, {
      userId: user.userId,
      tokenHash: apiTokenHash(secret),
      hint: secret.slice(0, apiTokenPrefix.length + 4),
      name: input.name,
      access: input.access,
      expiresInDays: input.expiresInDays,
    });
    await recordUsageEvent(tx, {
      userId: user.userId,
      name: 'apiTokenCreated',
      context: {
        tokenId: created.tokenId,
        name: created.name,
        access: created.access,
        expiresAt: created.expiresAt.toISOString(),
      },
    });
    return created;
  });
  return { token: toApiToken(row), secret };
}

/** Revokes one of the person's tokens at once; another person's or an unknown id is 404. */
export async function revokeApiToken(db: AppDb, user: SignedInUser, tokenId: string): Promise<void> {
  await inScope(db, personalScope(user), async (tx) => {
    const revoked = await queries.revokeToken(tx, user.userId, tokenId);
    if (!revoked) throw new AppError('apiTokenNotFound');
    await recordUsageEvent(tx, {
      userId: user.userId,
      name: 'apiTokenRevoked',
      context: { tokenId: revoked.tokenId, name: revoked.name },
    });
  });
}

export type ApiTokenCaller = {
  user: SignedInUser;
  tokenId: string;
  access: queries.TokenHolder['access'];
  /** This call's number in the token's current rate-limit window, and the seconds until it ends. */
  window: { calls: number; resetSeconds: number };
};

/**
 * The person behind an API token, or undefined when the token is unknown, revoked or expired (the
 * caller answers 401), with this call counted in the token's rate-limit window of `windowSeconds`
 * (in PostgreSQL, so every API process sees the same count). The last use is written at most once
 * a minute per token.
 */
export async function findApiTokenCaller(
  db: AppDb,
  secret: string,
  windowSeconds: number,
): Promise<ApiTokenCaller | undefined> {
  const hash = apiTokenHash(secret);
  const [holder] = await readInScope<queries.TokenHolder>(
    db,
    systemScope,
    queries.tokenHolderStatement(hash, windowSeconds),
  );
  if (!holder?.live) return undefined;
  if (holder.stale) await inScope(db, systemScope, (tx) => queries.touchToken(tx, holder.tokenId));
  const { tokenId, access, live: _live, stale: _stale, calls, resetSeconds, ...user } = holder;
  return {
    user,
    tokenId,
    access,
    window: { calls: Number(calls ?? 1), resetSeconds: Number(resetSeconds ?? windowSeconds) },
  };
}
