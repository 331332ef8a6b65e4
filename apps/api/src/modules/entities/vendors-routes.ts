import {
  createVendorRequest,
  guid,
  patchVendorRequest,
  vendor,
  vendorList,
  vendorListQuery,
} from '@bp/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps.ts';
import { pageOf } from '../../platform/pagination.ts';
import { errorResponses as errors } from '../../platform/responses.ts';
import { BOOKS_BASE, entityParams, noContent, readPolicy, vendorWritePolicy } from './policies.ts';
import { requireStaffPermission, tenantOf } from './tenant.ts';
import { createVendorService } from './vendors-service.ts';

const tags = ['entity books'];
const vendorParams = entityParams.extend({ vendorGuid: guid });

/** Staff holding entities.manage or vendors.manage: checked before the body. */
const vendorWritersOnly = {
  preValidation: async (req: FastifyRequest) =>
    requireStaffPermission(tenantOf(req), 'entities.manage', 'vendors.manage'),
};

/** Vendors of an entity. */
export function registerVendorRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const vendors = createVendorService(deps);

  r.get(`${BOOKS_BASE}/vendors`, {
    config: { access: readPolicy },
    schema: {
      tags,
      params: entityParams,
      querystring: vendorListQuery,
      response: { 200: vendorList, ...errors },
    },
    handler: async (req) => {
      const { count, results } = await vendors.list(tenantOf(req), req.params.entityGuid, req.query);
      return pageOf(req, req.query, count, results);
    },
  });
  r.post(`${BOOKS_BASE}/vendors`, {
    config: { access: vendorWritePolicy },
    ...vendorWritersOnly,
    schema: { tags, params: entityParams, body: createVendorRequest, response: { 201: vendor, ...errors } },
    handler: async (req, reply) =>
      reply.status(201).send(await vendors.create(tenantOf(req), req.params.entityGuid, req.body)),
  });
  r.get(`${BOOKS_BASE}/vendors/:vendorGuid`, {
    config: { access: readPolicy },
    schema: { tags, params: vendorParams, response: { 200: vendor, ...errors } },
    handler: (req) => vendors.get(tenantOf(req), req.params.entityGuid, req.params.vendorGuid),
  });
  r.patch(`${BOOKS_BASE}/vendors/:vendorGuid`, {
    config: { access: vendorWritePolicy },
    ...vendorWritersOnly,
    schema: { tags, params: vendorParams, body: patchVendorRequest, response: { 200: vendor, ...errors } },
    handler: (req) => vendors.patch(tenantOf(req), req.params.entityGuid, req.params.vendorGuid, req.body),
  });
  r.delete(`${BOOKS_BASE}/vendors/:vendorGuid`, {
    config: { access: vendorWritePolicy },
    ...vendorWritersOnly,
    schema: { tags, params: vendorParams, response: { ...noContent, ...errors } },
    handler: async (req, reply) => {
      await vendors.deactivate(tenantOf(req), req.params.entityGuid, req.params.vendorGuid);
      return reply.status(204).send(null);
    },
  });
}
