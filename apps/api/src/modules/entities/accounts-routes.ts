import {
  account,
  accountList,
  accountListQuery,
  createAccountRequest,
  guid,
  patchAccountRequest,
} from '@bp/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps.ts';
import { pageOf } from '../../platform/pagination.ts';
import { errorResponses as errors } from '../../platform/responses.ts';
import { createAccountService } from './accounts-service.ts';
import { BOOKS_BASE, entityParams, managePolicy, noContent, readPolicy } from './policies.ts';
import { tenantOf } from './tenant.ts';

const tags = ['entity books'];
const accountParams = entityParams.extend({ accountGuid: guid });

/** The chart of accounts of an entity. */
export function registerAccountRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const accounts = createAccountService(deps);

  r.get(`${BOOKS_BASE}/accounts`, {
    config: { access: readPolicy },
    schema: {
      tags,
      params: entityParams,
      querystring: accountListQuery,
      response: { 200: accountList, ...errors },
    },
    handler: async (req) => {
      const { count, results } = await accounts.list(tenantOf(req), req.params.entityGuid, req.query);
      return pageOf(req, req.query, count, results);
    },
  });
  r.post(`${BOOKS_BASE}/accounts`, {
    config: { access: managePolicy },
    schema: { tags, params: entityParams, body: createAccountRequest, response: { 201: account, ...errors } },
    handler: async (req, reply) =>
      reply.status(201).send(await accounts.create(tenantOf(req), req.params.entityGuid, req.body)),
  });
  r.get(`${BOOKS_BASE}/accounts/:accountGuid`, {
    config: { access: readPolicy },
    schema: { tags, params: accountParams, response: { 200: account, ...errors } },
    handler: (req) => accounts.get(tenantOf(req), req.params.entityGuid, req.params.accountGuid),
  });
  r.patch(`${BOOKS_BASE}/accounts/:accountGuid`, {
    config: { access: managePolicy },
    schema: { tags, params: accountParams, body: patchAccountRequest, response: { 200: account, ...errors } },
    handler: (req) => accounts.patch(tenantOf(req), req.params.entityGuid, req.params.accountGuid, req.body),
  });
  r.delete(`${BOOKS_BASE}/accounts/:accountGuid`, {
    config: { access: managePolicy },
    schema: { tags, params: accountParams, response: { ...noContent, ...errors } },
    handler: async (req, reply) => {
      await accounts.remove(tenantOf(req), req.params.entityGuid, req.params.accountGuid);
      return reply.status(204).send(null);
    },
  });
}
