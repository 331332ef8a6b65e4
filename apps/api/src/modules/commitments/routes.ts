import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/deps.ts';
import { registerCommitmentRoutes } from './commitment-routes.ts';
import { registerCommitmentForecastRoutes } from './forecast-routes.ts';
import { registerCommitmentInstanceRoutes } from './instance-routes.ts';
import { registerCommitmentNoteRoutes } from './note-routes.ts';

/** Commitments (issue 6): recurring obligations, their instances, bills, forecasts and notes. */
export function registerCommitmentsRoutes(app: FastifyInstance, deps: AppDeps) {
  registerCommitmentRoutes(app, deps);
  registerCommitmentInstanceRoutes(app, deps);
  registerCommitmentForecastRoutes(app, deps);
  registerCommitmentNoteRoutes(app, deps);
}
