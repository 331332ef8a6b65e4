import { eq } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import type { Database } from '../db.ts';
import { JOBS_SCHEMA } from './runner.ts';
import { jobProgress } from './tables.ts';

export type JobState = 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';

/** A job as the user who asked for it may see it. */
export interface JobView {
  id: string;
  queue: string;
  state: JobState;
  progress: { done: number; total: number; message: string | null } | null;
  /** What the handler returned, once completed. */
  result: object | null;
  /** Why it failed: a JobError's message, or a generic sentence (never a stack or an internal message). */
  error: string | null;
  /** Tries after the first so far. */
  retries: number;
  createdAt: Date;
  startedAt: Date | null;
  completedAt: Date | null;
}

export const GENERIC_JOB_FAILURE = 'The job failed.';

interface PgBossJobRow {
  state: JobState;
  output: unknown;
  retryCount: number;
  createdOn: Date | string;
  startedOn: Date | string | null;
  completedOn: Date | string | null;
}

const readers = new WeakMap<Database, PgBoss>();

/** A pg-boss instance that is never started: only its getJobById, over the app's database. */
function readerFor(database: Database): PgBoss {
  let reader = readers.get(database);
  if (!reader) {
    reader = new PgBoss({
      db: { executeSql: (text: string, values?: unknown[]) => database.executeSql(text, values) },
      schema: JOBS_SCHEMA,
    });
    readers.set(database, reader);
  }
  return reader;
}

const dateOf = (value: Date | string | null) => (value === null ? null : new Date(value));

function errorOf(state: JobState, output: unknown): string | null {
  if (state !== 'failed') return null;
  const failure = output as { name?: unknown; message?: unknown } | null;
  return failure?.name === 'JobError' && typeof failure.message === 'string'
    ? failure.message
    : GENERIC_JOB_FAILURE;
}

/**
 * The job `jobId` if `userId` asked for it, else null (another user's job and a job nobody asked for
 * read the same as no job). Finished jobs are read from pg-boss's archive too, until pg-boss deletes them.
 */
export async function readJobFor(database: Database, userId: number, jobId: string): Promise<JobView | null> {
  const [record] = await database.db.select().from(jobProgress).where(eq(jobProgress.jobId, jobId));
  if (!record || record.requestedByUserId !== userId) return null;
  const job = (await readerFor(database).getJobById(record.queue, jobId, {
    includeArchive: true,
  })) as unknown as PgBossJobRow | null;
  if (!job) return null;
  const completed = job.state === 'completed';
  return {
    id: jobId,
    queue: record.queue,
    state: job.state,
    progress:
      record.done !== null && record.total !== null
        ? { done: record.done, total: record.total, message: record.message }
        : null,
    result: completed && job.output && typeof job.output === 'object' ? job.output : null,
    error: errorOf(job.state, job.output),
    retries: job.retryCount,
    createdAt: new Date(job.createdOn),
    startedAt: dateOf(job.startedOn),
    completedAt: dateOf(job.completedOn),
  };
}
