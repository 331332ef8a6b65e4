import { createHash, timingSafeEqual } from 'node:crypto';
import { decodeProtectedHeader, importJWK, type JWK, jwtVerify } from 'jose';
import type { PlaidClient } from './plaid-client.ts';

/**
 * Verifies a Plaid webhook (https://plaid.com/docs/api/webhooks/webhook-verification/): the
 * `Plaid-Verification` header is a JWT signed ES256 with a key fetched by its `kid` from
 * /webhook_verification_key/get (cached, and refused once expired); its `iat` must be under 5 minutes
 * old and its `request_body_sha256` the SHA-256 of the body exactly as received.
 */
export function plaidWebhookVerifier(client: () => PlaidClient | null) {
  const keys = new Map<string, JWK & { expired_at: number | null }>();
  return async function verify(header: string | undefined, rawBody: Buffer): Promise<boolean> {
    const plaid = client();
    if (!plaid || !header) return false;
    let kid: string | undefined;
    try {
      const protectedHeader = decodeProtectedHeader(header);
      if (protectedHeader.alg !== 'ES256') return false;
      kid = protectedHeader.kid;
    } catch {
      return false;
    }
    if (!kid) return false;
    let key = keys.get(kid);
    if (!key) {
      try {
        key = (await plaid.webhookVerificationKeyGet(kid)).key as JWK & { expired_at: number | null };
      } catch {
        return false;
      }
      keys.set(kid, key);
    }
    if (key.expired_at !== null && key.expired_at !== undefined) return false;
    try {
      const { payload } = await jwtVerify(header, await importJWK({ ...key, alg: 'ES256' }, 'ES256'), {
        algorithms: ['ES256'],
        // The wall clock, not the app's injectable one: freshness is about when Plaid signed it.
        maxTokenAge: '5 min',
      });
      const claimed = payload.request_body_sha256;
      if (typeof claimed !== 'string') return false;
      const actual = createHash('sha256').update(rawBody).digest('hex');
      return claimed.length === actual.length && timingSafeEqual(Buffer.from(claimed), Buffer.from(actual));
    } catch {
      return false;
    }
  };
}
