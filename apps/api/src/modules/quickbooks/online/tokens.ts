import { eq } from 'drizzle-orm';
import type { QuickbooksOnlineConfig } from '../../../platform/config.ts';
import type { Db } from '../../../platform/db.ts';
import { type SecretBox, secretBox } from '../../../platform/secret-box.ts';
import { qboConnections } from '../tables.ts';
import { QboError, type QboTokens, qboOAuth, type TokenSource } from './client.ts';

/** The one purpose the connections' tokens are sealed for (platform/secret-box.ts). */
export const QBO_TOKEN_PURPOSE = 'quickbooks-online tokens';

export const qboSecretBox = (secrets: { key: string; previousKeys: string[] }): SecretBox =>
  secretBox(secrets.key, QBO_TOKEN_PURPOSE, secrets.previousKeys);

interface StoredTokens {
  access_token: string;
  refresh_token: string;
}

/** Refresh this long before the stated expiry, so a call never starts with a token about to lapse. */
const EARLY_REFRESH_MS = 5 * 60 * 1000;

/** The columns a fresh token pair writes (sealed; never logged). */
export function tokenColumns(box: SecretBox, tokens: QboTokens, now: Date) {
  return {
    sealedTokens: box.seal(
      JSON.stringify({ access_token: tokens.access_token, refresh_token: tokens.refresh_token }),
    ),
    accessExpiresAt: new Date(now.getTime() + tokens.expires_in * 1000),
    refreshExpiresAt: tokens.x_refresh_token_expires_in
      ? new Date(now.getTime() + tokens.x_refresh_token_expires_in * 1000)
      : null,
  };
}

export const RECONNECT_MESSAGE = 'QuickBooks no longer accepts this connection: reconnect the company.';

/**
 * Tokens of one connection: refreshed before expiry and after a 401, keeping the rotated refresh token.
 * A refresh locks the connection's row, so two workers never spend one refresh token twice (Intuit
 * rotates it: the second would fail and look like a revocation); the second reads the first's result.
 * A refresh token Intuit refuses marks the connection `revoked`.
 */
export function connectionTokens(
  db: Db,
  config: QuickbooksOnlineConfig,
  box: SecretBox,
  connectionId: number,
  now: () => Date,
): TokenSource {
  async function refresh(unless: (tokens: StoredTokens, expiresAt: Date | null) => boolean): Promise<string> {
    const outcome = await db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(qboConnections)
        .where(eq(qboConnections.id, connectionId))
        .for('update');
      if (row?.status !== 'connected' || !row.sealedTokens) return { revoked: true as const };
      const stored = JSON.parse(box.open(row.sealedTokens)) as StoredTokens;
      if (unless(stored, row.accessExpiresAt)) return { token: stored.access_token };
      try {
        const fresh = await qboOAuth.refresh(config, stored.refresh_token);
        await tx
          .update(qboConnections)
          .set({ ...tokenColumns(box, fresh, now()), lastError: null, updatedAt: now() })
          .where(eq(qboConnections.id, connectionId));
        return { token: fresh.access_token };
      } catch (error) {
        if (!(error instanceof QboError) || error.kind !== 'revoked') throw error;
        await tx
          .update(qboConnections)
          .set({ status: 'revoked', sealedTokens: null, lastError: RECONNECT_MESSAGE, updatedAt: now() })
          .where(eq(qboConnections.id, connectionId));
        return { revoked: true as const };
      }
    });
    if ('revoked' in outcome) throw new QboError('revoked', RECONNECT_MESSAGE);
    return outcome.token;
  }

  const fresh = (expiresAt: Date | null) =>
    expiresAt !== null && expiresAt.getTime() - EARLY_REFRESH_MS > now().getTime();

  return {
    async current() {
      const [row] = await db.select().from(qboConnections).where(eq(qboConnections.id, connectionId));
      if (row?.status !== 'connected' || !row.sealedTokens) throw new QboError('revoked', RECONNECT_MESSAGE);
      if (fresh(row.accessExpiresAt))
        return (JSON.parse(box.open(row.sealedTokens)) as StoredTokens).access_token;
      return refresh((_, expiresAt) => fresh(expiresAt));
    },
    // Another worker may have refreshed already: then its token (different from the refused one) is used.
    refreshAfter401: (refused) => refresh((tokens) => tokens.access_token !== refused),
  };
}
