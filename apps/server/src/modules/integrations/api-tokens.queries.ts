import type { ApiTokenAccess } from '@formwork/shared/schemas/api-tokens';
import { type SQL, sql } from 'drizzle-orm';
import type { SignedInUser } from '../../authz/signed-in-user.ts';
import type { Tx } from '../../db/tenant.ts';

export type ApiTokenRow = {
  tokenId: string;
  name: string;
  access: ApiTokenAccess;
  hint: string;
  createdAt: Date;
  expiresAt: Date;
  lastUsedAt: Date | null;
};

const tokenColumns = sql`token_id as "tokenId", name, access, hint, created_at as "createdAt",
  expires_at as "expiresAt", last_used_at as "lastUsedAt"`;

/** A person's tokens that are not revoked (expired ones too: they show as expired), newest first. */
export async function listTokens(tx: Tx, userId: string): Promise<ApiTokenRow[]> {
  const result = await tx.execute<ApiTokenRow>(sql`
    select ${tokenColumns} from api_tokens
     where user_id = ${userId} and revoked_at is null
     order by created_at desc, token_id`);
  return result.rows.map(dated);
}

/** How many of a person's tokens still work (not revoked, not expired). */
export async function countLiveTokens(tx: Tx, userId: string): Promise<number> {
  const result = await tx.execute<{ n: number }>(sql`
    select count(*)::int as n from api_tokens
     where user_id = ${userId} and revoked_at is null and expires_at > now()`);
  return result.rows[0]?.n ?? 0;
}

export async function insertToken(
  tx: Tx,
  token: {
    userId: string;
    tokenHash: string;
    hint: string;
    name: string;
    access: ApiTokenAccess;
    expiresInDays: number;
  },
): Promise<ApiTokenRow> {
  const result = await tx.execute<ApiTokenRow>(sql`
    insert into api_tokens (user_id, token_hash, hint, name, access, expires_at)
    values (${token.userId}, ${token.tokenHash}, ${token.hint}, ${token.name}, ${token.access},
            now() + make_interval(days => ${token.expiresInDays}::int))
    returning ${tokenColumns}`);
  return dated(result.rows[0] as ApiTokenRow);
}

/** Revokes one of the person's own tokens; null when it is not theirs, unknown or already revoked. */
export async function revokeToken(tx: Tx, userId: string, tokenId: string): Promise<ApiTokenRow | null> {
  const result = await tx.execute<ApiTokenRow>(sql`
    update api_tokens set revoked_at = now()
     where token_id = ${tokenId} and user_id = ${userId} and revoked_at is null
    returning ${tokenColumns}`);
  const row = result.rows[0];
  return row ? dated(row) : null;
}

export type TokenHolder = SignedInUser & {
  tokenId: string;
  access: ApiTokenAccess;
  live: boolean;
  /** Whether the last use recorded is older than a minute (or none): then it is written again. */
  stale: boolean;
  /** This call's number in the token's current rate-limit window (null for a dead token: not counted). */
  calls: number | null;
  /** Seconds until the window ends. */
  resetSeconds: number | null;
};

/**
 * The token with this hash and its owner, and this call counted in the token's current window of
 * `windowSeconds` (a window starts at the first call after the previous one ended): one statement,
 * which runs on every call made with a token. The count is one upsert on the token's row; a dead
 * token is not counted.
 */
export function tokenHolderStatement(tokenHash: string, windowSeconds: number): SQL {
  const windowLength = sql`make_interval(secs => ${windowSeconds})`;
  return sql`
    with holder as (
      select t.token_id, t.access,
             (t.revoked_at is null and t.expires_at > now()) as live,
             (t.last_used_at is null or t.last_used_at < now() - interval '1 minute') as stale,
             u.user_id, u.email, u.first_name, u.last_name, u.is_admin, u.is_sso, u.is_visitor_only
        from api_tokens t join users u on u.user_id = t.user_id
       where t.token_hash = ${tokenHash}
    ), counted as (
      insert into api_token_calls as c (token_id, window_start, calls)
      select h.token_id, now(), 1 from holder h where h.live
      on conflict (token_id) do update
        set window_start = case when c.window_start <= now() - ${windowLength} then now() else c.window_start end,
            calls = case when c.window_start <= now() - ${windowLength} then 1 else c.calls + 1 end
      returning c.calls, c.window_start
    )
    select h.token_id as "tokenId", h.access, h.live, h.stale,
           h.user_id as "userId", h.email, h.first_name as "firstName", h.last_name as "lastName",
           h.is_admin as "isAdmin", h.is_sso as "isSso", h.is_visitor_only as "isVisitorOnly",
           c.calls,
           greatest(1, ceil(extract(epoch from c.window_start + ${windowLength} - now())))::int as "resetSeconds"
      from holder h left join counted c on true`;
}

/** Records a use, at most once a minute per token (the condition holds again only after a minute). */
export async function touchToken(tx: Tx, tokenId: string): Promise<void> {
  await tx.execute(sql`
    update api_tokens set last_used_at = now()
     where token_id = ${tokenId} and (last_used_at is null or last_used_at < now() - interval '1 minute')`);
}

/** PGlite and node-postgres both hand timestamps back as Date, but a raw statement may give text. */
function dated(row: ApiTokenRow): ApiTokenRow {
  return {
    ...row,
    createdAt: new Date(row.createdAt),
    expiresAt: new Date(row.expiresAt),
    lastUsedAt: row.lastUsedAt === null ? null : new Date(row.lastUsedAt),
  };
}
