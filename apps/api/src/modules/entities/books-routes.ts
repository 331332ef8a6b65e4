import { entitiesRoutes } from '@bp/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/deps.ts';
import { registerRoute } from '../../platform/http/route.ts';
import { pageOf } from '../../platform/pagination.ts';
import { createCustomerService } from './customers-service.ts';
import { createDivisionService } from './divisions-service.ts';
import { tenantOf } from './http/tenant-of.ts';
import { createPaymentTermService } from './payment-terms-service.ts';
import { managePolicy, readPolicy } from './policies.ts';

/** Divisions, payment terms and customers of an entity. */
export function registerBookRoutes(app: FastifyInstance, deps: AppDeps) {
  const divisions = createDivisionService(deps);
  registerRoute(app, entitiesRoutes.getBillingClientEntityDivisions, {
    access: readPolicy,
    handler: async (req) => {
      const { count, results } = await divisions.list(tenantOf(req), req.params.entityGuid, req.query);
      return pageOf(req, req.query, count, results);
    },
  });
  registerRoute(app, entitiesRoutes.postBillingClientEntityDivisions, {
    access: managePolicy,
    handler: async (req, reply) =>
      reply.status(201).send(await divisions.create(tenantOf(req), req.params.entityGuid, req.body)),
  });
  registerRoute(app, entitiesRoutes.getBillingClientEntityDivision, {
    access: readPolicy,
    handler: (req) => divisions.get(tenantOf(req), req.params.entityGuid, req.params.divisionGuid),
  });
  registerRoute(app, entitiesRoutes.patchBillingClientEntityDivision, {
    access: managePolicy,
    handler: (req) =>
      divisions.patch(tenantOf(req), req.params.entityGuid, req.params.divisionGuid, req.body),
  });
  registerRoute(app, entitiesRoutes.deleteBillingClientEntityDivision, {
    access: managePolicy,
    handler: async (req, reply) => {
      await divisions.remove(tenantOf(req), req.params.entityGuid, req.params.divisionGuid);
      return reply.status(204).send(null);
    },
  });

  // SPEC.md §7 also lists divisions under /v1/accounts/clients/{id}: the client's divisions over its
  // entities, read with the same policy and service. They are written at the entity path above.
  registerRoute(app, entitiesRoutes.getAccountsClientDivisions, {
    access: readPolicy,
    handler: async (req) => {
      const { count, results } = await divisions.listOfClient(tenantOf(req), req.query);
      return pageOf(req, req.query, count, results);
    },
  });
  registerRoute(app, entitiesRoutes.getAccountsClientDivision, {
    access: readPolicy,
    handler: (req) => divisions.getOfClient(tenantOf(req), req.params.divisionGuid),
  });

  const terms = createPaymentTermService(deps);
  registerRoute(app, entitiesRoutes.getBillingClientEntityPaymentTerms, {
    access: readPolicy,
    handler: async (req) => {
      const { count, results } = await terms.list(tenantOf(req), req.params.entityGuid, req.query);
      return pageOf(req, req.query, count, results);
    },
  });
  registerRoute(app, entitiesRoutes.postBillingClientEntityPaymentTerms, {
    access: managePolicy,
    handler: async (req, reply) =>
      reply.status(201).send(await terms.create(tenantOf(req), req.params.entityGuid, req.body)),
  });
  registerRoute(app, entitiesRoutes.getBillingClientEntityPaymentTerm, {
    access: readPolicy,
    handler: (req) => terms.get(tenantOf(req), req.params.entityGuid, req.params.paymentTermGuid),
  });
  registerRoute(app, entitiesRoutes.patchBillingClientEntityPaymentTerm, {
    access: managePolicy,
    handler: (req) => terms.patch(tenantOf(req), req.params.entityGuid, req.params.paymentTermGuid, req.body),
  });
  registerRoute(app, entitiesRoutes.deleteBillingClientEntityPaymentTerm, {
    access: managePolicy,
    handler: async (req, reply) => {
      await terms.remove(tenantOf(req), req.params.entityGuid, req.params.paymentTermGuid);
      return reply.status(204).send(null);
    },
  });

  const customers = createCustomerService(deps);
  registerRoute(app, entitiesRoutes.getBillingClientEntityCustomers, {
    access: readPolicy,
    handler: async (req) => {
      const { count, results } = await customers.list(tenantOf(req), req.params.entityGuid, req.query);
      return pageOf(req, req.query, count, results);
    },
  });
  registerRoute(app, entitiesRoutes.postBillingClientEntityCustomers, {
    access: managePolicy,
    handler: async (req, reply) =>
      reply.status(201).send(await customers.create(tenantOf(req), req.params.entityGuid, req.body)),
  });
  registerRoute(app, entitiesRoutes.getBillingClientEntityCustomer, {
    access: readPolicy,
    handler: (req) => customers.get(tenantOf(req), req.params.entityGuid, req.params.customerGuid),
  });
  registerRoute(app, entitiesRoutes.patchBillingClientEntityCustomer, {
    access: managePolicy,
    handler: (req) =>
      customers.patch(tenantOf(req), req.params.entityGuid, req.params.customerGuid, req.body),
  });
  registerRoute(app, entitiesRoutes.deleteBillingClientEntityCustomer, {
    access: managePolicy,
    handler: async (req, reply) => {
      await customers.remove(tenantOf(req), req.params.entityGuid, req.params.customerGuid);
      return reply.status(204).send(null);
    },
  });
}
