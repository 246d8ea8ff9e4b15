import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * A workspace's client secret at rest: AES-256-GCM under a key kept apart from the rows it
 * protects (SSO_SECRET_KEY, or a key generated once into the provider's secrets), so a copy of the
 * connection table alone does not give the secret away. It is never sent back by the API.
 */
export type SecretBox = { seal(plain: string): string; open(sealed: string): string };

export function secretBox(keyMaterial: string): SecretBox {
  const key = createHash('sha256').update(keyMaterial).digest();
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), body]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('Unreadable sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}
