import type { Db } from '../../platform/db.ts';
import { type GenerateSummary, generateInstances } from './instance-generation.ts';

/** Once an hour: instances only need to exist three months ahead, so a missed pass costs nothing. */
export const INSTANCE_JOB_INTERVAL_MS = 60 * 60_000;

export interface InstanceJobLog {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface InstanceJob {
  /** One pass over every active commitment. */
  runOnce(): Promise<GenerateSummary>;
  /** A pass now, then every interval, until stop(). */
  start(): void;
  /** Stops the timer and waits for a pass in progress. */
  stop(): Promise<void>;
}

/**
 * The instance generation job (issue 6): started by server.ts like the delivery runner, never by
 * buildApp, so tests call runOnce(). Several API processes may run it at once: generation inserts
 * with ON CONFLICT DO NOTHING on (commitment, scheduled date), so no instance is made twice.
 */
export function createInstanceJob(options: {
  db: Db;
  now: () => Date;
  log?: InstanceJobLog;
  intervalMs?: number;
}): InstanceJob {
  const intervalMs = options.intervalMs ?? INSTANCE_JOB_INTERVAL_MS;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;

  const runOnce = () => generateInstances(options.db, { now: options.now() });

  function pass() {
    if (running) return;
    running = runOnce()
      .then((summary) => {
        if (summary.inserted > 0) options.log?.info(summary, 'commitment instances generated');
      })
      .catch((error: unknown) => {
        options.log?.error({ err: error }, 'commitment instance generation failed');
      })
      .finally(() => {
        running = null;
      });
  }

  return {
    runOnce,
    start() {
      if (timer) return;
      pass();
      timer = setInterval(pass, intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}
