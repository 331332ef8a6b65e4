import { createEntityRequest, entity, entityList, entityListQuery, patchEntityRequest } from '@bp/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps.ts';
import { pageOf } from '../../platform/pagination.ts';
import { errorResponses as errors } from '../../platform/responses.ts';
import { registerAccountRoutes } from './accounts-routes.ts';
import { registerBookRoutes } from './books-routes.ts';
import { clientParams, entityParams, managePolicy, noContent, readPolicy } from './policies.ts';
import { createEntityService } from './service.ts';
import { tenantOf } from './tenant.ts';
import { registerVendorRoutes } from './vendors-routes.ts';

const tags = ['entities'];

/** Entities under /v1/accounts/clients/{clientGuid}/entities, then their books under /v1/billing. */
export function registerEntityRoutes(app: FastifyInstance, deps: AppDeps) {
  const service = createEntityService(deps);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = '/v1/accounts/clients/:clientGuid/entities';

  r.get(base, {
    config: { access: readPolicy },
    schema: {
      tags,
      params: clientParams,
      querystring: entityListQuery,
      response: { 200: entityList, ...errors },
    },
    handler: async (req) => {
      const { count, results } = await service.list(tenantOf(req), req.query);
      return pageOf(req, req.query, count, results);
    },
  });

  r.post(base, {
    config: { access: managePolicy },
    schema: { tags, params: clientParams, body: createEntityRequest, response: { 201: entity, ...errors } },
    handler: async (req, reply) => reply.status(201).send(await service.create(tenantOf(req), req.body)),
  });

  r.get(`${base}/:entityGuid`, {
    config: { access: readPolicy },
    schema: { tags, params: entityParams, response: { 200: entity, ...errors } },
    handler: (req) => service.get(tenantOf(req), req.params.entityGuid),
  });

  r.patch(`${base}/:entityGuid`, {
    config: { access: managePolicy },
    schema: { tags, params: entityParams, body: patchEntityRequest, response: { 200: entity, ...errors } },
    handler: (req) => service.patch(tenantOf(req), req.params.entityGuid, req.body),
  });

  r.delete(`${base}/:entityGuid`, {
    config: { access: managePolicy },
    schema: { tags, params: entityParams, response: { ...noContent, ...errors } },
    handler: async (req, reply) => {
      await service.setArchived(tenantOf(req), req.params.entityGuid, true);
      return reply.status(204).send(null);
    },
  });

  r.post(`${base}/:entityGuid/unarchive`, {
    config: { access: managePolicy },
    schema: { tags, params: entityParams, response: { 200: entity, ...errors } },
    handler: (req) => service.setArchived(tenantOf(req), req.params.entityGuid, false),
  });

  registerBookRoutes(app, deps);
  registerAccountRoutes(app, deps);
  registerVendorRoutes(app, deps);
}
