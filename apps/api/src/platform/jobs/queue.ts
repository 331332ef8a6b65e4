/** What a handler may do while it runs. */
export interface JobContext {
  /** pg-boss's id of the job being run. */
  jobId: string;
  /** Records how far the job has got, readable through `GET /v1/jobs/{jobId}` by whoever asked for it. */
  progress(done: number, total: number, message?: string): Promise<void>;
  /**
   * Queues the next run of this queue with the same data, for work that goes on every few seconds (cron
   * counts in minutes). Under the `short` policy it does nothing while a run already waits.
   */
  sendNext(options?: { startAfterSeconds?: number }): Promise<void>;
}

/** How a failed job is tried again (pg-boss's retryLimit / retryDelay / retryBackoff). */
export interface RetryPolicy {
  /** Tries after the first; 0 means a failure is final. */
  limit: number;
  /** Wait before the first retry. */
  delaySeconds: number;
  /** Doubles the wait after each retry, with jitter (pg-boss: delay × 2^n × a random factor in [1, 2)). */
  backoff: boolean;
}

/**
 * One kind of work a module hands to the runner: the module builds it from its own dependencies and
 * server.ts registers it, so the runner never imports a module.
 */
export interface JobQueue<Data extends object = Record<string, unknown>> {
  /** Letters, digits, `-`, `_` and `.`; by convention `<module>.<work>`. */
  name: string;
  /** What the job returns is kept as its result (a small JSON object). Throwing fails the try. */
  handler(data: Data, context: JobContext): Promise<object | undefined>;
  retry: RetryPolicy;
  /**
   * pg-boss's queue policy: `standard` keeps every job sent; `short` keeps at most one job waiting
   * (sending another while one waits does nothing), for work that one run covers however often it is asked.
   */
  policy?: 'standard' | 'short';
  /** A five-field cron expression in UTC: one job per match across every instance (pg-boss's timekeeper). */
  cron?: string;
  /** How often an idle worker looks for jobs of this queue (pg-boss: at least 0.5). Default 2. */
  pollingIntervalSeconds?: number;
  /** A try running longer than this is failed (and retried by the policy). Default 15 minutes. */
  expireInSeconds?: number;
}

export interface SendOptions {
  /** The user the job is for: only they may read it through the API. */
  requestedByUserId?: number;
  /** Not before this many seconds from now. */
  startAfterSeconds?: number;
}
