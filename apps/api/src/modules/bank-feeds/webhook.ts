import { eq } from 'drizzle-orm';
import type { FeedDeps } from './feed-deps.ts';
import { plaidWebhookVerifier } from './plaid-webhook.ts';
import { markLoginRequired, syncItem } from './sync.ts';
import { bankFeedItems } from './tables.ts';

export type WebhookOutcome = 'unverified' | 'ignored' | 'synced' | 'login_required' | 'repaired';

/**
 * Plaid's webhooks (decision 036), verified before anything is read: TRANSACTIONS SYNC_UPDATES_AVAILABLE
 * (and the statements' refresh) sync the item; ITEM ERROR with ITEM_LOGIN_REQUIRED and
 * PENDING_EXPIRATION mark the link for the person to repair; LOGIN_REPAIRED clears it. An unknown item
 * is acknowledged and ignored (Plaid retries what is not acknowledged).
 */
export function webhookService(feed: FeedDeps) {
  const verify = plaidWebhookVerifier(feed.plaid);
  const { db } = feed.deps.database;
  return async function receive(
    verification: string | undefined,
    rawBody: Buffer,
    body: Record<string, unknown>,
  ): Promise<WebhookOutcome> {
    if (!(await verify(verification, rawBody))) return 'unverified';
    const [item] = await db
      .select()
      .from(bankFeedItems)
      .where(eq(bankFeedItems.providerItemId, String(body.item_id ?? '')));
    if (!item || item.status === 'disconnected') return 'ignored';
    const type = String(body.webhook_type ?? '');
    const code = String(body.webhook_code ?? '');
    if (type === 'ITEM' && code === 'ERROR') {
      const error = (body.error ?? {}) as { error_code?: string };
      if (error.error_code === 'ITEM_LOGIN_REQUIRED') {
        await markLoginRequired(db, item.id);
        return 'login_required';
      }
      return 'ignored';
    }
    if (type === 'ITEM' && code === 'PENDING_EXPIRATION') {
      await markLoginRequired(db, item.id, 'PENDING_EXPIRATION');
      return 'login_required';
    }
    if (type === 'ITEM' && code === 'LOGIN_REPAIRED') {
      await db
        .update(bankFeedItems)
        .set({ status: 'active', errorCode: null })
        .where(eq(bankFeedItems.id, item.id));
      return 'repaired';
    }
    if ((type === 'TRANSACTIONS' && code === 'SYNC_UPDATES_AVAILABLE') || type === 'STATEMENTS') {
      const result = await syncItem(feed, item);
      return result.status === 'login_required' ? 'login_required' : 'synced';
    }
    return 'ignored';
  };
}
