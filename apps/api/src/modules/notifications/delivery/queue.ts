import type { JobQueue } from '../../../platform/jobs/index.ts';
import type { DeliveryRunner, RunSummary } from './runner.ts';

export const DELIVERY_QUEUE = 'notifications.deliver-outbox';
/** A job goes on passing while batches come back full, up to this many passes, then hands over. */
export const MAX_PASSES_PER_JOB = 100;

const add = (a: RunSummary, b: RunSummary): RunSummary => ({
  claimed: a.claimed + b.claimed,
  sent: a.sent + b.sent,
  retried: a.retried + b.retried,
  failed: a.failed + b.failed,
});

/**
 * The outbox delivery as queued work on the job runner (decision 017). Each job is a pass over the
 * outbox, again at once while a batch comes back full, and then queues the next job `pollSeconds` later,
 * so delivery goes on every few seconds (the runner's cron counts in minutes). The queue's `short` policy
 * keeps at most one job waiting whichever instance sends it, and the every-minute schedule restarts the
 * chain should every instance have stopped or a job have failed for good. The runner's retry policy covers
 * a pass that failed as a whole (the database away); each message keeps decision 011's own tries and
 * back-off in its outbox row.
 */
export function deliveryQueue(
  delivery: DeliveryRunner,
  pollSeconds: number,
): JobQueue<Record<string, never>> {
  return {
    name: DELIVERY_QUEUE,
    policy: 'short',
    cron: '* * * * *',
    pollingIntervalSeconds: Math.max(0.5, Math.min(pollSeconds, 2)),
    retry: { limit: 5, delaySeconds: Math.max(1, Math.round(pollSeconds)), backoff: true },
    async handler(_data, context) {
      let total: RunSummary = { claimed: 0, sent: 0, retried: 0, failed: 0 };
      for (let pass = 0; pass < MAX_PASSES_PER_JOB; pass += 1) {
        const summary = await delivery.runOnce();
        total = add(total, summary);
        if (summary.claimed < delivery.batchSize) break;
      }
      await context.sendNext({ startAfterSeconds: pollSeconds });
      return total;
    },
  };
}
