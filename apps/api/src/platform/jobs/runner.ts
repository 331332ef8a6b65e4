import PgBoss from 'pg-boss';
import type { Database, Tx } from '../db.ts';
import type { JobContext, JobQueue, SendOptions } from './queue.ts';
import { pgBossDbOn } from './sql-adapters.ts';
import { jobProgress } from './tables.ts';

/** pg-boss keeps its tables (job, archive, queue, schedule, version) in this schema, created at start. */
export const JOBS_SCHEMA = 'pgboss';

export interface JobLog {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface JobRunnerOptions {
  database: Database;
  log?: JobLog;
  /**
   * How often each instance's timekeeper looks at the cron schedules (pg-boss: 1–45 s, default 30).
   * Whatever the value, one schedule gives one job per cron match across every instance.
   */
  cronMonitorIntervalSeconds?: number;
  /** How often the timekeeper's own queue turns due schedules into jobs (1–45 s, default 5). */
  cronWorkerIntervalSeconds?: number;
}

/** The one job runner of the process (DESIGN §3 jobs; decision 017). */
export interface JobRunner {
  /** Adds a module's queue; call before start(). */
  register<Data extends object>(queue: JobQueue<Data>): void;
  /** Creates pg-boss's schema and the registered queues if missing, their schedules, and their workers. */
  start(): Promise<void>;
  /** Stops taking jobs and waits for the ones running (a job cut off by the timeout is retried later). */
  stop(): Promise<void>;
  /** Queues a job in its own transaction; null when the queue's policy dropped it as a duplicate. */
  send<Data extends object>(queue: JobQueue<Data>, data: Data, options?: SendOptions): Promise<string | null>;
  /** Queues a job in the caller's transaction, so the write and the work it asks for commit together. */
  sendInTransaction<Data extends object>(
    tx: Tx,
    queue: JobQueue<Data>,
    data: Data,
    options?: SendOptions,
  ): Promise<string | null>;
}

/** A failure whose message may be shown to the user who asked for the job (others read "The job failed."). */
export class JobError extends Error {
  override name = 'JobError';
}

const quietLog: JobLog = { info() {}, error() {} };

export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const { database } = options;
  const log = options.log ?? quietLog;
  const queues = new Map<string, JobQueue<object>>();
  // pg-boss runs its own statements (schema set-up, polling, cron) through the database's raw SQL.
  const boss = new PgBoss({
    db: { executeSql: (text: string, values?: unknown[]) => database.executeSql(text, values) },
    schema: JOBS_SCHEMA,
    ...(options.cronMonitorIntervalSeconds
      ? { cronMonitorIntervalSeconds: options.cronMonitorIntervalSeconds }
      : {}),
    ...(options.cronWorkerIntervalSeconds
      ? { cronWorkerIntervalSeconds: options.cronWorkerIntervalSeconds }
      : {}),
  });
  boss.on('error', (error: unknown) => log.error({ err: error }, 'job runner error'));
  let started = false;

  function contextFor(queue: JobQueue<object>, jobId: string, data: object): JobContext {
    return {
      jobId,
      async sendNext(next = {}) {
        await database.db.transaction((tx) => sendInTransaction(tx, queue, data, next));
      },
      async progress(done, total, message) {
        const values = { done, total, message: message ?? null, updatedAt: new Date() };
        await database.db
          .insert(jobProgress)
          .values({ jobId, queue: queue.name, ...values })
          .onConflictDoUpdate({ target: jobProgress.jobId, set: values });
      },
    };
  }

  async function ensureQueue(queue: JobQueue<object>) {
    const settings = {
      name: queue.name,
      policy: queue.policy ?? 'standard',
      retryLimit: queue.retry.limit,
      retryDelay: queue.retry.delaySeconds,
      retryBackoff: queue.retry.backoff,
      ...(queue.expireInSeconds ? { expireInSeconds: queue.expireInSeconds } : {}),
    };
    // Another instance may be creating it at the same moment; then this one brings it up to date.
    if (!(await boss.getQueue(queue.name)))
      await boss.createQueue(queue.name, settings).catch(() => undefined);
    await boss.updateQueue(queue.name, settings);
    if (queue.cron) await boss.schedule(queue.name, queue.cron, {}, { tz: 'UTC' });
    else await boss.unschedule(queue.name);
  }

  async function work(queue: JobQueue<object>) {
    await boss.work<object>(
      queue.name,
      { pollingIntervalSeconds: queue.pollingIntervalSeconds ?? 2, batchSize: 1 },
      async ([job]) => {
        if (!job) return undefined;
        try {
          return await queue.handler(job.data, contextFor(queue, job.id, job.data));
        } catch (error) {
          log.error(
            { err: error, queue: queue.name, job: job.id },
            'job failed; the queue’s policy decides a retry',
          );
          throw error;
        }
      },
    );
  }

  async function sendInTransaction<Data extends object>(
    tx: Tx,
    queue: JobQueue<Data>,
    data: Data,
    sendOptions: SendOptions = {},
  ): Promise<string | null> {
    const id = await boss.send(queue.name, data, {
      db: pgBossDbOn(tx),
      ...(sendOptions.startAfterSeconds ? { startAfter: sendOptions.startAfterSeconds } : {}),
    });
    if (id && sendOptions.requestedByUserId !== undefined) {
      await tx.insert(jobProgress).values({
        jobId: id,
        queue: queue.name,
        requestedByUserId: sendOptions.requestedByUserId,
      });
    }
    return id;
  }

  return {
    register(queue) {
      if (started) throw new Error(`Queue ${queue.name} registered after the job runner started.`);
      queues.set(queue.name, queue as unknown as JobQueue<object>);
    },
    async start() {
      if (started) return;
      await boss.start();
      for (const queue of queues.values()) await ensureQueue(queue);
      for (const queue of queues.values()) await work(queue);
      started = true;
      log.info({ queues: [...queues.keys()] }, 'job runner started');
    },
    async stop() {
      if (!started) return;
      started = false;
      await boss.stop({ graceful: true, wait: true });
    },
    send: (queue, data, sendOptions) =>
      database.db.transaction((tx) => sendInTransaction(tx, queue, data, sendOptions)),
    sendInTransaction,
  };
}
