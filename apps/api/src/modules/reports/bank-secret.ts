import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Seals the bank account number a printed-checks job needs (decision 027). Client accounts keep only
 * their last four digits, so the full number comes with the request and must reach the job; the job's
 * data is a row of pg-boss's table (kept after it ends), so the number travels sealed, never in
 * plaintext. AES-256-GCM with a key derived (HKDF) from the server's JWT secret, which lives in the
 * environment, not in the database: a copy of the database alone does not reveal the number.
 */
export interface BankSecretBox {
  seal(plaintext: string): string;
  open(sealed: string): string;
}

const VERSION = 'v1';

export function bankSecretBox(serverSecret: string): BankSecretBox {
  const key = Buffer.from(hkdfSync('sha256', serverSecret, 'bp-reports', 'printed-checks job data', 32));
  return {
    seal(plaintext) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return [VERSION, iv, cipher.getAuthTag(), body]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('not a sealed value');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    },
  };
}
