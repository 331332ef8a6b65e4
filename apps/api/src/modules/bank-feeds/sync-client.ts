import type { SyncResult } from '@bp/contracts';
import { and, eq, ne } from 'drizzle-orm';
import { requireRecordWriter, type Tenant } from '../entities/index.ts';
import type { FeedDeps } from './feed-deps.ts';
import { syncItem } from './sync.ts';
import { bankFeedItems } from './tables.ts';

/** Sync on demand: every link of the client that is not disconnected (a broken one reports itself). */
export async function syncClient(feed: FeedDeps, tenant: Tenant): Promise<SyncResult> {
  requireRecordWriter(tenant);
  feed.requirePlaid();
  const items = await feed.deps.database.db
    .select()
    .from(bankFeedItems)
    .where(and(eq(bankFeedItems.clientId, tenant.clientId), ne(bankFeedItems.status, 'disconnected')));
  const results = [];
  for (const item of items) results.push(await syncItem(feed, item));
  return { results };
}

/** Every live link of every client (the nightly schedule; webhooks bring changes sooner). */
export async function syncAll(feed: FeedDeps): Promise<number> {
  if (!feed.plaid()) return 0;
  const items = await feed.deps.database.db
    .select()
    .from(bankFeedItems)
    .where(eq(bankFeedItems.status, 'active'));
  for (const item of items) await syncItem(feed, item);
  return items.length;
}
