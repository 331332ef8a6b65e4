import { z } from 'zod';
import { guid } from './common.ts';

/** A job's state as the job runner (pg-boss) keeps it; `retry` waits for another try after a failure. */
export const JOB_STATE_VALUES = ['created', 'retry', 'active', 'completed', 'cancelled', 'failed'] as const;
export const jobState = z.enum(JOB_STATE_VALUES);
export type JobState = z.infer<typeof jobState>;

export const jobParams = z.object({ jobId: guid });

/**
 * GET v1/jobs/{jobId}: a job the caller asked for (an import, a report): where it stands, how far it has
 * got, and what came of it, so a screen can show a progress bar and then the result or the reason.
 */
export const job = z.object({
  id: guid,
  queue: z.string(),
  state: jobState,
  /** Reported by the job as it runs; null until it reports. */
  progress: z
    .object({ done: z.number().int(), total: z.number().int(), message: z.string().nullable() })
    .nullable(),
  /** What the job returned, once completed. */
  result: z.record(z.string(), z.unknown()).nullable(),
  /** Why it failed, in words for the user; null unless failed. */
  error: z.string().nullable(),
  /** Tries after the first so far. */
  retries: z.number().int(),
  created_on: z.string(),
  started_on: z.string().nullable(),
  completed_on: z.string().nullable(),
});
export type Job = z.infer<typeof job>;
