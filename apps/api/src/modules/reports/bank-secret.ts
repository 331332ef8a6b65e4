import { type SecretBox, secretBox } from '../../platform/secret-box.ts';

/**
 * Seals the bank account number a printed-checks job needs (decision 027). Client accounts keep only
 * their last four digits, so the full number comes with the request and must reach the job; the job's
 * data is a row of pg-boss's table (kept after it ends), so the number travels sealed, never in
 * plaintext, with the server's secrets key (platform/secret-box.ts).
 */
export type BankSecretBox = SecretBox;

export function bankSecretBox(key: string, previousKeys: string[] = []): BankSecretBox {
  return secretBox(key, 'printed-checks job data', previousKeys);
}
