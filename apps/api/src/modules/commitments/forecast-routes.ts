import { commitmentsRoutes } from '@bp/contracts';
import type { FastifyInstance } from 'fastify';
import { requireClient } from '../../platform/access.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { todayOf } from '../../platform/http/request-context.ts';
import { registerRoute } from '../../platform/http/route.ts';
import { cashOutflowOf, monthlyOverviewOf } from './forecast.ts';
import { commitmentReadPolicy } from './policies.ts';

/** What will leave the client's accounts: 12 months of committed, paid and pending amounts. */
export function registerCommitmentForecastRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps.database;

  registerRoute(app, commitmentsRoutes.getBillingClientCommitmentsCashOutflow, {
    access: commitmentReadPolicy,
    handler: (req) => cashOutflowOf(db, requireClient(req), req.query.entity, todayOf(req, deps.now())),
  });

  registerRoute(app, commitmentsRoutes.getBillingClientCommitmentsMonthlyOverview, {
    access: commitmentReadPolicy,
    handler: (req) => monthlyOverviewOf(db, requireClient(req), req.query.entity, todayOf(req, deps.now())),
  });
}
