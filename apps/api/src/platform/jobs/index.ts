// The job runner (decision 017): modules build JobQueues, server.ts registers and starts them.
export type { JobContext, JobQueue, RetryPolicy, SendOptions } from './queue.ts';
export { GENERIC_JOB_FAILURE, type JobState, type JobView, readJobFor } from './read-job.ts';
export {
  createJobRunner,
  JOBS_SCHEMA,
  JobError,
  type JobLog,
  type JobRunner,
  type JobRunnerOptions,
} from './runner.ts';
