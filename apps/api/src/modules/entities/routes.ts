import { entitiesRoutes } from '@bp/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/deps.ts';
import { registerRoute } from '../../platform/http/route.ts';
import { pageOf } from '../../platform/pagination.ts';
import { registerAccountRoutes } from './accounts-routes.ts';
import { registerBookRoutes } from './books-routes.ts';
import { tenantOf } from './http/tenant-of.ts';
import { managePolicy, readPolicy } from './policies.ts';
import { createEntityService } from './service.ts';
import type { VendorWriteHook } from './vendor-writes.ts';
import { registerVendorRoutes } from './vendors-routes.ts';

/** Entities under /v1/accounts/clients/{clientGuid}/entities, then their books under /v1/billing. */
export function registerEntityRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  vendorHook: VendorWriteHook | null = null,
) {
  const service = createEntityService(deps);

  registerRoute(app, entitiesRoutes.getAccountsClientEntities, {
    access: readPolicy,
    handler: async (req) => {
      const { count, results } = await service.list(tenantOf(req), req.query);
      return pageOf(req, req.query, count, results);
    },
  });

  registerRoute(app, entitiesRoutes.postAccountsClientEntities, {
    access: managePolicy,
    handler: async (req, reply) => reply.status(201).send(await service.create(tenantOf(req), req.body)),
  });

  registerRoute(app, entitiesRoutes.getAccountsClientEntity, {
    access: readPolicy,
    handler: (req) => service.get(tenantOf(req), req.params.entityGuid),
  });

  registerRoute(app, entitiesRoutes.patchAccountsClientEntity, {
    access: managePolicy,
    handler: (req) => service.patch(tenantOf(req), req.params.entityGuid, req.body),
  });

  registerRoute(app, entitiesRoutes.deleteAccountsClientEntity, {
    access: managePolicy,
    handler: async (req, reply) => {
      await service.setArchived(tenantOf(req), req.params.entityGuid, true);
      return reply.status(204).send(null);
    },
  });

  registerRoute(app, entitiesRoutes.postAccountsClientEntityUnarchive, {
    access: managePolicy,
    handler: (req) => service.setArchived(tenantOf(req), req.params.entityGuid, false),
  });

  registerBookRoutes(app, deps);
  registerAccountRoutes(app, deps);
  registerVendorRoutes(app, deps, vendorHook);
}
