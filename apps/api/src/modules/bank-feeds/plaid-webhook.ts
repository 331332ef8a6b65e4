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
  // A key id Plaid did not know is not asked about again for a minute: a flood of forged webhooks with
  // made-up ids must not turn into as many calls to Plaid.
  const unknown = new Map<string, number>();
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
      if ((unknown.get(kid) ?? 0) > Date.now() - 60_000) return false;
      try {
        key = (await plaid.webhookVerificationKeyGet(kid)).key as JWK & { expired_at: number | null };
      } catch {
        if (unknown.size > 1000) unknown.clear();
        unknown.set(kid, Date.now());
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
