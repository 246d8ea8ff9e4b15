import { importJWK, SignJWT } from 'jose';
import type { Config } from '../src/config.ts';
import type { AppDb } from '../src/db/client.ts';
import { loadSigningKeys, signingAlgorithm } from '../src/idp/keys.ts';

/**
 * An access token as the embedded provider issues it (same key, issuer, audience and claims), for
 * HTTP tests that are about something other than signing in. The sign-in flow itself is tested
 * against the real provider in idp tests and end to end.
 */
export async function accessTokenFor(
  db: AppDb,
  config: Config,
  userId: string,
  options: { expiresIn?: string; issuer?: string; audience?: string } = {},
): Promise<string> {
  const keys = await loadSigningKeys(db);
  const jwk = keys.privateJwks[0];
  if (!jwk) throw new Error('no signing key');
  const key = await importJWK(jwk, signingAlgorithm);
  return new SignJWT({ scope: 'openid profile email offline_access', client_id: config.oidc.clientId })
    .setProtectedHeader({ alg: signingAlgorithm, kid: jwk.kid as string, typ: 'at+jwt' })
    .setSubject(userId)
    .setIssuer(options.issuer ?? config.oidc.issuer)
    .setAudience(options.audience ?? config.oidc.audience)
    .setIssuedAt()
    .setExpirationTime(options.expiresIn ?? '1h')
    .sign(key);
}

export function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}
