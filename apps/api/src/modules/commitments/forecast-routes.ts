import { cashOutflow, forecastQuery, monthlyOverview } from '@bp/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireClient } from '../../platform/access.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { errorResponses as errors } from '../../platform/responses.ts';
import { cashOutflowOf, monthlyOverviewOf } from './forecast.ts';
import { CLIENT_COMMITMENTS_BASE, clientParams, commitmentReadPolicy } from './policies.ts';
import { todayOf } from './today.ts';

const tags = ['commitments'];

/** What will leave the client's accounts: 12 months of committed, paid and pending amounts. */
export function registerCommitmentForecastRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;

  r.get(`${CLIENT_COMMITMENTS_BASE}/cash-outflow`, {
    config: { access: commitmentReadPolicy },
    schema: {
      tags,
      params: clientParams,
      querystring: forecastQuery,
      description:
        "From the current month (caller's X-Timezone) for 12 months: committed by category, paid and pending bills of commitments. entity filters (or all-entities).",
      response: { 200: cashOutflow, ...errors },
    },
    handler: (req) => cashOutflowOf(db, requireClient(req), req.query.entity, todayOf(req, deps.now)),
  });

  r.get(`${CLIENT_COMMITMENTS_BASE}/monthly-overview`, {
    config: { access: commitmentReadPolicy },
    schema: {
      tags,
      params: clientParams,
      querystring: forecastQuery,
      description: 'The same 12 months as a table by category, with instances by status per month.',
      response: { 200: monthlyOverview, ...errors },
    },
    handler: (req) => monthlyOverviewOf(db, requireClient(req), req.query.entity, todayOf(req, deps.now)),
  });
}
