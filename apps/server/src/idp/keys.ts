import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import type { AppDb } from '../db/client.ts';
import { inScope, systemScope } from '../db/tenant.ts';

export const signingAlgorithm = 'ES256';

export type SigningKeys = { privateJwks: JWK[]; publicJwks: JWK[] };

function publicPart(jwk: JWK): JWK {
  const { d: _d, p: _p, q: _q, dp: _dp, dq: _dq, qi: _qi, ...rest } = jwk;
  return rest;
}

/**
 * The provider's signing keys, kept in the database so tokens survive a restart and every
 * process signs with the same keys. The first start creates one; concurrent starts agree on it.
 */
export async function loadSigningKeys(db: AppDb): Promise<SigningKeys> {
  return inScope(db, systemScope, async (tx) => {
    let rows = await tx.execute<{ private_jwk: JWK }>(
      sql`select private_jwk from idp_signing_keys order by created_at desc`,
    );
    if (rows.rows.length === 0) {
      const { privateKey } = await generateKeyPair(signingAlgorithm, { extractable: true });
      const jwk = await exportJWK(privateKey);
      const kid = randomBytes(12).toString('base64url');
      const full = { ...jwk, kid, alg: signingAlgorithm, use: 'sig' };
      await tx.execute(
        sql`insert into idp_signing_keys (kid, private_jwk) values (${kid}, ${JSON.stringify(full)}::jsonb)
            on conflict do nothing`,
      );
      rows = await tx.execute<{ private_jwk: JWK }>(
        sql`select private_jwk from idp_signing_keys order by created_at desc`,
      );
    }
    const privateJwks = rows.rows.map((r) => r.private_jwk);
    return { privateJwks, publicJwks: privateJwks.map(publicPart) };
  });
}

/** A named random secret, created once and shared by every process (cookie signing keys). */
export async function loadSecret(db: AppDb, name: string): Promise<string> {
  return inScope(db, systemScope, async (tx) => {
    await tx.execute(
      sql`insert into idp_secrets (name, value) values (${name}, ${randomBytes(32).toString('base64url')})
          on conflict (name) do nothing`,
    );
    const row = await tx.execute<{ value: string }>(sql`select value from idp_secrets where name = ${name}`);
    return row.rows[0]?.value as string;
  });
}
