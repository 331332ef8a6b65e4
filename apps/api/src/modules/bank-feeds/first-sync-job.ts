import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { JobQueue, JobRunner } from '../../platform/jobs/index.ts';
import type { FeedDeps } from './feed-deps.ts';
import { syncItem } from './sync.ts';
import { bankFeedItems } from './tables.ts';

export const FIRST_SYNC_QUEUE = 'bank-feeds.first-sync';

const jobData = z.object({ itemId: z.number().int() });
export type FirstSyncQueue = JobQueue<z.infer<typeof jobData>>;

/**
 * A new link's first sync on the job runner (decision 037): a bank's history can be a hundred thousand
 * lines (some 20 seconds), too long for the request that completes the link. Progress (transactions
 * fetched, then saved) is readable at `GET /v1/jobs/{id}` by whoever linked; the linked banks panel shows
 * it. Retried: a sync starts from the item's cursor and lands lines idempotently, so a second try is safe.
 */
export function firstSyncQueue(feed: FeedDeps): FirstSyncQueue {
  return {
    name: FIRST_SYNC_QUEUE,
    retry: { limit: 2, delaySeconds: 30, backoff: true },
    pollingIntervalSeconds: 1,
    expireInSeconds: 3600,
    async handler(raw, context) {
      const { itemId } = jobData.parse(raw);
      const [item] = await feed.deps.database.db
        .select()
        .from(bankFeedItems)
        .where(eq(bankFeedItems.id, itemId));
      if (!item) return { status: 'gone' };
      const result = await syncItem(feed, item, (done, total, message) =>
        context.progress(done, total, message),
      );
      return { status: result.status, added: result.added };
    },
  };
}

/** Where link completion sends first syncs: the runner with its queue, or null to sync in the request. */
export interface FirstSyncRunner {
  runner: JobRunner;
  queue: FirstSyncQueue;
}
