import { entitiesRoutes } from '@bp/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/deps.ts';
import { registerRoute } from '../../platform/http/route.ts';
import { pageOf } from '../../platform/pagination.ts';
import { createAccountService } from './accounts-service.ts';
import { tenantOf } from './http/tenant-of.ts';
import { managePolicy, readPolicy } from './policies.ts';

/** The chart of accounts of an entity. */
export function registerAccountRoutes(app: FastifyInstance, deps: AppDeps) {
  const accounts = createAccountService(deps);

  registerRoute(app, entitiesRoutes.getBillingClientEntityAccounts, {
    access: readPolicy,
    handler: async (req) => {
      const { count, results } = await accounts.list(tenantOf(req), req.params.entityGuid, req.query);
      return pageOf(req, req.query, count, results);
    },
  });
  registerRoute(app, entitiesRoutes.postBillingClientEntityAccounts, {
    access: managePolicy,
    handler: async (req, reply) =>
      reply.status(201).send(await accounts.create(tenantOf(req), req.params.entityGuid, req.body)),
  });
  registerRoute(app, entitiesRoutes.getBillingClientEntityAccount, {
    access: readPolicy,
    handler: (req) => accounts.get(tenantOf(req), req.params.entityGuid, req.params.accountGuid),
  });
  registerRoute(app, entitiesRoutes.patchBillingClientEntityAccount, {
    access: managePolicy,
    handler: (req) => accounts.patch(tenantOf(req), req.params.entityGuid, req.params.accountGuid, req.body),
  });
  registerRoute(app, entitiesRoutes.deleteBillingClientEntityAccount, {
    access: managePolicy,
    handler: async (req, reply) => {
      await accounts.remove(tenantOf(req), req.params.entityGuid, req.params.accountGuid);
      return reply.status(204).send(null);
    },
  });
}
