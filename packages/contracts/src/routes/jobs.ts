/** Routes of the API's jobs module: a queued job's state and progress (decision 017). */
import { noQuery } from '../common.ts';
import { job, jobParams } from '../jobs.ts';
import { defineRoute } from '../route.ts';

export const jobsRoutes = {
  getJob: defineRoute({
    method: 'GET',
    path: '/v1/jobs/:jobId',
    tags: ['jobs'],
    params: jobParams,
    query: noQuery,
    responses: { 200: job },
  }),
};
