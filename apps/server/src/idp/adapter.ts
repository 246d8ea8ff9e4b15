import { sql } from 'drizzle-orm';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { AppDb } from '../db/client.ts';
import { inScope, systemScope } from '../db/tenant.ts';

/**
 * oidc-provider's storage in PostgreSQL (table idp_payloads), so sessions, codes, grants and
 * refresh tokens survive restarts and are shared by every process.
 */
export function createAdapterClass(db: AppDb): new (kind: string) => Adapter {
  const run = <T>(work: Parameters<typeof inScope<T>>[2]) => inScope(db, systemScope, work);

  return class PostgresAdapter implements Adapter {
    constructor(private readonly kind: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn: number) {
      const expiresAt = expiresIn ? new Date(Date.now() + expiresIn * 1000).toISOString() : null;
      await run((tx) =>
        tx.execute(sql`
          insert into idp_payloads (kind, id, payload, grant_id, uid, user_code, expires_at)
          values (${this.kind}, ${id}, ${JSON.stringify(payload)}::jsonb, ${payload.grantId ?? null},
                  ${payload.uid ?? null}, ${payload.userCode ?? null}, ${expiresAt})
          on conflict (kind, id) do update set payload = excluded.payload, grant_id = excluded.grant_id,
            uid = excluded.uid, user_code = excluded.user_code, expires_at = excluded.expires_at`),
      );
    }

    private async findWhere(condition: ReturnType<typeof sql>, value: string): Promise<AdapterPayload | undefined> {
      // Ids come from requests; PostgreSQL text cannot hold NUL, and no stored id contains one.
      if (value.includes('\u0000')) return undefined;
      const result = await run((tx) =>
        tx.execute<{ payload: AdapterPayload; consumed_at: string | null }>(sql`
          select payload, consumed_at from idp_payloads
          where kind = ${this.kind} and ${condition} and (expires_at is null or expires_at > now())`),
      );
      const row = result.rows[0];
      if (!row) return undefined;
      return row.consumed_at
        ? { ...row.payload, consumed: Math.floor(Date.parse(row.consumed_at) / 1000) }
        : row.payload;
    }

    find(id: string) {
      return this.findWhere(sql`id = ${id}`, id);
    }

    findByUid(uid: string) {
      return this.findWhere(sql`uid = ${uid}`, uid);
    }

    findByUserCode(userCode: string) {
      return this.findWhere(sql`user_code = ${userCode}`, userCode);
    }

    async consume(id: string) {
      await run((tx) =>
        tx.execute(sql`update idp_payloads set consumed_at = now() where kind = ${this.kind} and id = ${id}`),
      );
    }

    async destroy(id: string) {
      await run((tx) => tx.execute(sql`delete from idp_payloads where kind = ${this.kind} and id = ${id}`));
    }

    async revokeByGrantId(grantId: string) {
      await run((tx) => tx.execute(sql`delete from idp_payloads where kind = ${this.kind} and grant_id = ${grantId}`));
    }
  };
}

/** Ends every grant and session of a person (after a password reset). */
export async function revokeAllForAccount(db: AppDb, accountId: string) {
  await inScope(db, systemScope, (tx) =>
    tx.execute(sql`
      delete from idp_payloads
      where payload->>'accountId' = ${accountId}
         or grant_id in (select id from idp_payloads where kind = 'Grant' and payload->>'accountId' = ${accountId})`),
  );
}

/** Expired rows are dead weight; removed at start and then hourly. */
export async function deleteExpiredPayloads(db: AppDb) {
  await inScope(db, systemScope, (tx) => tx.execute(sql`delete from idp_payloads where expires_at < now()`));
}
