import { z } from 'zod';
import type { Db } from '../../platform/db.ts';
import type { JobQueue } from '../../platform/jobs/index.ts';
import { executePipelineRun } from './pipelines.ts';
import type { BooksScope } from './scope.ts';

export const PIPELINE_RUN_QUEUE = 'books.pipeline-run';

/** What a run's job carries: the run, and enough to act as the staff member who started it. */
const jobData = z.object({
  runId: z.number().int(),
  clientId: z.number().int(),
  organizationId: z.number().int(),
  entityId: z.number().int(),
  entityGuid: z.string(),
  userId: z.number().int(),
  maskedByUserId: z.number().int().nullable(),
});
export type PipelineRunData = z.infer<typeof jobData>;
export type PipelineRunQueue = JobQueue<PipelineRunData>;

export const pipelineJobData = (scope: BooksScope, runId: number): PipelineRunData => ({
  runId,
  clientId: scope.clientId,
  organizationId: scope.organizationId,
  entityId: scope.entityId,
  entityGuid: scope.entityGuid,
  userId: scope.userId,
  maskedByUserId: scope.actor.maskedByUserId,
});

/**
 * Pipeline runs on the job runner (decision 017): the steps of a month run there with their progress,
 * so a long month (many lines, many templates) does not hold the request. No retry: a step already
 * done is not done twice (rules take only open lines, templates post once per month), but a failed run
 * is the user's to run again after reading its results.
 */
export function pipelineRunQueue(deps: { db: Db; now: () => Date }): PipelineRunQueue {
  return {
    name: PIPELINE_RUN_QUEUE,
    retry: { limit: 0, delaySeconds: 0, backoff: false },
    pollingIntervalSeconds: 1,
    async handler(raw, context) {
      const data = jobData.parse(raw);
      const scope: BooksScope = {
        clientId: data.clientId,
        organizationId: data.organizationId,
        via: 'staff',
        userId: data.userId,
        entityId: data.entityId,
        entityGuid: data.entityGuid,
        actor: {
          actorUserId: data.userId,
          maskedByUserId: data.maskedByUserId,
          requestId: context.jobId,
          ipAddress: null,
        },
      };
      const run = await executePipelineRun(deps.db, scope, data.runId, deps.now(), (done, total, message) =>
        context.progress(done, total, message),
      );
      return { run: run.guid, status: run.status };
    },
  };
}
