import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { importJWK, SignJWT } from 'jose';
import type { Config } from '../src/config.ts';
import type { AppDb } from '../src/db/client.ts';
import { loadSigningKeys, signingAlgorithm } from '../src/idp/keys.ts';
import { grantIdClaim, tokenTtl } from '../src/idp/provider.ts';

/**
 * An access token as the embedded provider issues it (same key, issuer, audience and claims), for
 * HTTP tests that are about something other than signing in. The sign-in flow itself is tested
 * against the real provider in idp tests and end to end. Like the provider's, the token names a
 * grant stored in idp_payloads (the API refuses tokens whose grant was revoked); `issuedAt` moves
 * its iat by that many seconds.
 */
export async function accessTokenFor(
  db: AppDb,
  config: Config,
  userId: string,
  options: { expiresIn?: string; issuer?: string; audience?: string; issuedAt?: number } = {},
): Promise<string> {
  const grantId = randomBytes(16).toString('base64url');
  const grant = { kind: 'Grant', jti: grantId, accountId: userId, clientId: config.oidc.clientId };
  await db.execute(sql`
    insert into idp_payloads (kind, id, payload, expires_at)
    values ('Grant', ${grantId}, ${JSON.stringify(grant)}::jsonb, now() + make_interval(secs => ${tokenTtl.Grant}))`);
  const keys = await loadSigningKeys(db);
  const jwk = keys.privateJwks[0];
  if (!jwk) throw new Error('no signing key');
  const key = await importJWK(jwk, signingAlgorithm);
  return new SignJWT({
    scope: 'openid profile email offline_access',
    client_id: config.oidc.clientId,
    [grantIdClaim]: grantId,
  })
    .setProtectedHeader({ alg: signingAlgorithm, kid: jwk.kid as string, typ: 'at+jwt' })
    .setSubject(userId)
    .setIssuer(options.issuer ?? config.oidc.issuer)
    .setAudience(options.audience ?? config.oidc.audience)
    .setIssuedAt(Math.floor(Date.now() / 1000) + (options.issuedAt ?? 0))
    .setExpirationTime(options.expiresIn ?? '1h')
    .sign(key);
}

export function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}
