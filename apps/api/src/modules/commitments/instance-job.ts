import type { Db } from '../../platform/db.ts';
import type { JobQueue } from '../../platform/jobs/index.ts';
import { type GenerateSummary, generateInstances } from './instance-generation.ts';

/** Once an hour, on the hour (UTC): instances only need to exist three months ahead, so a missed pass costs nothing. */
export const INSTANCE_GENERATION_CRON = '0 * * * *';

export interface InstanceJobLog {
  info(details: object, message: string): void;
}

export interface InstanceJob {
  /** The job runner's queue: server.ts registers it (an hourly schedule) and sends one run at start. */
  queue: JobQueue<Record<string, never>>;
  /** One pass over every active commitment: the queue's handler, for tests to drive without the runner. */
  runOnce(): Promise<GenerateSummary>;
}

/**
 * The instance generation job (issue 6) on the job runner (decision 017). The runner's schedule makes one
 * run an hour across every API instance; and should two runs meet anyway (the start-up run, a retry),
 * generation inserts with ON CONFLICT DO NOTHING on (commitment, scheduled date), so no instance is made twice.
 */
export function createInstanceJob(options: { db: Db; now: () => Date; log?: InstanceJobLog }): InstanceJob {
  async function runOnce() {
    const summary = await generateInstances(options.db, { now: options.now() });
    if (summary.inserted > 0) options.log?.info(summary, 'commitment instances generated');
    return summary;
  }
  return {
    queue: {
      name: 'commitments.generate-instances',
      cron: INSTANCE_GENERATION_CRON,
      // One waiting run covers every request for one: the start-up run and the hour's need not queue twice.
      policy: 'short',
      // A failed pass (the database away) is tried again within the hour; the next hour's run follows anyway.
      retry: { limit: 3, delaySeconds: 60, backoff: true },
      handler: () => runOnce(),
    },
    runOnce,
  };
}
