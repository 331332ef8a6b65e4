/** Routes of the API's jobs module: the one declaration the API registers and the apps call. */
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
