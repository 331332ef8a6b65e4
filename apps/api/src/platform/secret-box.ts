import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Encryption at rest for the secrets the app must keep to act for someone later: a connection's OAuth
 * tokens (QuickBooks, the bank-data aggregator, the investment-data provider), a job's bank account
 * number. AES-256-GCM (authenticated: a changed byte fails to open) with a key derived by HKDF from a
 * key kept in the environment, never in the database, so a copy of the database alone reveals nothing.
 * Each purpose derives its own key, so a value sealed for one use cannot be opened as another.
 *
 * A sealed value is `v1.<key id>.<iv>.<tag>.<ciphertext>` (base64url): the key id (first 8 hex of the
 * key material's SHA-256) says which key sealed it, so `open` can tell "sealed with another key" (a
 * rotated or wrong CONNECTION_SECRETS_KEY) from a corrupt value, and a rotation can keep the previous
 * key for opening while sealing with the new one.
 */
export interface SecretBox {
  seal(plaintext: string): string;
  open(sealed: string): string;
}

/** Thrown when a value cannot be opened: sealed with another key, altered, or not a sealed value. */
export class SecretBoxError extends Error {
  override name = 'SecretBoxError';
}

const VERSION = 'v1';

const keyIdOf = (keyMaterial: string) => createHash('sha256').update(keyMaterial).digest('hex').slice(0, 8);

/**
 * A box for one purpose (e.g. 'quickbooks-online tokens'). `previousKeys` open values sealed before a
 * key rotation; new values are always sealed with `keyMaterial`.
 */
export function secretBox(keyMaterial: string, purpose: string, previousKeys: string[] = []): SecretBox {
  if (keyMaterial.length < 32) throw new Error('A secret box key must be at least 32 characters long.');
  const derive = (material: string) =>
    Buffer.from(hkdfSync('sha256', material, 'bp-secret-box', purpose, 32));
  const keys = new Map<string, Buffer>();
  for (const material of [keyMaterial, ...previousKeys]) keys.set(keyIdOf(material), derive(material));
  const currentId = keyIdOf(keyMaterial);
  const current = keys.get(currentId) as Buffer;
  return {
    seal(plaintext) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', current, iv);
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return [
        VERSION,
        currentId,
        ...[iv, cipher.getAuthTag(), body].map((p) => p.toString('base64url')),
      ].join('.');
    },
    open(sealed) {
      const [version, keyId, iv, tag, body, extra] = sealed.split('.');
      if (version !== VERSION || !keyId || !iv || !tag || body === undefined || extra !== undefined)
        throw new SecretBoxError('not a sealed value');
      const key = keys.get(keyId);
      if (!key) throw new SecretBoxError('sealed with a key this server does not have');
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
          'utf8',
        );
      } catch {
        throw new SecretBoxError('the sealed value was altered or sealed for another purpose');
      }
    },
  };
}
