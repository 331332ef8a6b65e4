import { jobsRoutes } from '@bp/contracts';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../platform/access.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { notFound } from '../../platform/errors.ts';
import { registerRoute } from '../../platform/http/route.ts';
import { type JobView, readJobFor } from '../../platform/jobs/index.ts';

function present(view: JobView) {
  return {
    id: view.id,
    queue: view.queue,
    state: view.state,
    progress: view.progress,
    result: view.result as Record<string, unknown> | null,
    error: view.error,
    retries: view.retries,
    created_on: view.createdAt.toISOString(),
    started_on: view.startedAt?.toISOString() ?? null,
    completed_on: view.completedAt?.toISOString() ?? null,
  };
}

/**
 * A queued job's state and progress for the user it was sent for (decision 017). Jobs belong to a user,
 * not a tenant: anyone else's job, and scheduled work nobody asked for, is a 404 like a job that never was.
 */
export function registerJobRoutes(app: FastifyInstance, deps: AppDeps) {
  registerRoute(app, jobsRoutes.getJob, {
    access: { kind: 'signedIn' },
    handler: async (req) => {
      const view = await readJobFor(deps.database, requireAuth(req).user.id, req.params.jobId);
      if (!view) throw notFound();
      return present(view);
    },
  });
}
