import { investmentsRoutes as r } from '@bp/contracts';
import type { FastifyInstance } from 'fastify';
import { requireClient } from '../../platform/access.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { registerRoute } from '../../platform/http/route.ts';
import { requireRecordWriter, tenantOf } from '../entities/index.ts';
import { connectClient, investmentOverview, refreshClient } from './service.ts';

/** Staff who see the client and its own users read; connecting and refreshing as linking a bank. */
const readPolicy = { kind: 'client', param: 'clientGuid', permission: 'clients.view' } as const;
const writePolicy = {
  kind: 'client',
  param: 'clientGuid',
  permission: 'integrations.manage',
  write: true,
} as const;

/** Investment accounts from the investment-data provider (issue 19, decision 036). */
export function registerInvestmentRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps.database;
  const configured = () => deps.config.findata.finicity !== null;
  registerRoute(app, r.getInvestmentAccounts, {
    access: readPolicy,
    handler: (req) => investmentOverview(db, tenantOf(req).clientId, configured()),
  });
  registerRoute(app, r.postInvestmentConnect, {
    access: writePolicy,
    handler: async (req, reply) =>
      reply.status(201).send(await connectClient(deps, tenantOf(req), requireClient(req).name)),
  });
  registerRoute(app, r.postInvestmentRefresh, {
    access: writePolicy,
    handler: async (req) => {
      const tenant = tenantOf(req);
      requireRecordWriter(tenant);
      await refreshClient(deps, tenant.clientId);
      return investmentOverview(db, tenant.clientId, configured());
    },
  });
}
