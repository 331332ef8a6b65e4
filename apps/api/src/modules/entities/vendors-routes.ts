import { entitiesRoutes } from '@bp/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../platform/deps.ts';
import { registerRoute } from '../../platform/http/route.ts';
import { pageOf } from '../../platform/pagination.ts';
import { tenantOf } from './http/tenant-of.ts';
import { readPolicy, vendorWritePolicy } from './policies.ts';
import { requireStaffPermission } from './tenant.ts';
import type { VendorWriteHook } from './vendor-writes.ts';
import { createVendorService } from './vendors-service.ts';

/** Staff holding entities.manage or vendors.manage: checked before the body. */
const vendorWritersOnly = {
  preValidation: async (req: FastifyRequest) =>
    requireStaffPermission(tenantOf(req), 'entities.manage', 'vendors.manage'),
};

/** Vendors of an entity. */
export function registerVendorRoutes(app: FastifyInstance, deps: AppDeps, hook: VendorWriteHook | null) {
  const vendors = createVendorService(deps, hook);

  registerRoute(app, entitiesRoutes.getBillingClientEntityVendors, {
    access: readPolicy,
    handler: async (req) => {
      const { count, results } = await vendors.list(tenantOf(req), req.params.entityGuid, req.query);
      return pageOf(req, req.query, count, results);
    },
  });
  registerRoute(app, entitiesRoutes.postBillingClientEntityVendors, {
    access: vendorWritePolicy,
    ...vendorWritersOnly,
    handler: async (req, reply) =>
      reply.status(201).send(await vendors.create(tenantOf(req), req.params.entityGuid, req.body)),
  });
  registerRoute(app, entitiesRoutes.getBillingClientEntityVendor, {
    access: readPolicy,
    handler: (req) => vendors.get(tenantOf(req), req.params.entityGuid, req.params.vendorGuid),
  });
  registerRoute(app, entitiesRoutes.patchBillingClientEntityVendor, {
    access: vendorWritePolicy,
    ...vendorWritersOnly,
    handler: (req) => vendors.patch(tenantOf(req), req.params.entityGuid, req.params.vendorGuid, req.body),
  });
  registerRoute(app, entitiesRoutes.deleteBillingClientEntityVendor, {
    access: vendorWritePolicy,
    ...vendorWritersOnly,
    handler: async (req, reply) => {
      await vendors.deactivate(tenantOf(req), req.params.entityGuid, req.params.vendorGuid);
      return reply.status(204).send(null);
    },
  });
}
