import {
  clientDivisionQuery,
  createCustomerRequest,
  createDivisionRequest,
  createPaymentTermRequest,
  customer,
  customerList,
  division,
  divisionList,
  guid,
  pageQuery,
  patchCustomerRequest,
  patchDivisionRequest,
  patchPaymentTermRequest,
  paymentTerm,
  paymentTermList,
} from '@bp/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps.ts';
import { pageOf } from '../../platform/pagination.ts';
import { errorResponses as errors } from '../../platform/responses.ts';
import { createCustomerService } from './customers-service.ts';
import { createDivisionService } from './divisions-service.ts';
import { createPaymentTermService } from './payment-terms-service.ts';
import { BOOKS_BASE, clientParams, entityParams, managePolicy, noContent, readPolicy } from './policies.ts';
import { tenantOf } from './tenant.ts';

const tags = ['entity books'];
const divisionParams = entityParams.extend({ divisionGuid: guid });
const paymentTermParams = entityParams.extend({ paymentTermGuid: guid });
const customerParams = entityParams.extend({ customerGuid: guid });

/** Divisions, payment terms and customers of an entity. */
export function registerBookRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  const divisions = createDivisionService(deps);
  r.get(`${BOOKS_BASE}/divisions`, {
    config: { access: readPolicy },
    schema: {
      tags,
      params: entityParams,
      querystring: pageQuery,
      response: { 200: divisionList, ...errors },
    },
    handler: async (req) => {
      const { count, results } = await divisions.list(tenantOf(req), req.params.entityGuid, req.query);
      return pageOf(req, req.query, count, results);
    },
  });
  r.post(`${BOOKS_BASE}/divisions`, {
    config: { access: managePolicy },
    schema: {
      tags,
      params: entityParams,
      body: createDivisionRequest,
      response: { 201: division, ...errors },
    },
    handler: async (req, reply) =>
      reply.status(201).send(await divisions.create(tenantOf(req), req.params.entityGuid, req.body)),
  });
  r.get(`${BOOKS_BASE}/divisions/:divisionGuid`, {
    config: { access: readPolicy },
    schema: { tags, params: divisionParams, response: { 200: division, ...errors } },
    handler: (req) => divisions.get(tenantOf(req), req.params.entityGuid, req.params.divisionGuid),
  });
  r.patch(`${BOOKS_BASE}/divisions/:divisionGuid`, {
    config: { access: managePolicy },
    schema: {
      tags,
      params: divisionParams,
      body: patchDivisionRequest,
      response: { 200: division, ...errors },
    },
    handler: (req) =>
      divisions.patch(tenantOf(req), req.params.entityGuid, req.params.divisionGuid, req.body),
  });
  r.delete(`${BOOKS_BASE}/divisions/:divisionGuid`, {
    config: { access: managePolicy },
    schema: { tags, params: divisionParams, response: { ...noContent, ...errors } },
    handler: async (req, reply) => {
      await divisions.remove(tenantOf(req), req.params.entityGuid, req.params.divisionGuid);
      return reply.status(204).send(null);
    },
  });

  // SPEC.md §7 also lists divisions under /v1/accounts/clients/{id}: the client's divisions over its
  // entities, read with the same policy and service. They are written at the entity path above.
  const CLIENT_DIVISIONS = '/v1/accounts/clients/:clientGuid/divisions';
  r.get(CLIENT_DIVISIONS, {
    config: { access: readPolicy },
    schema: {
      tags,
      description: 'Divisions of every entity of the client the caller sees, or of one (`entity`).',
      params: clientParams,
      querystring: clientDivisionQuery,
      response: { 200: divisionList, ...errors },
    },
    handler: async (req) => {
      const { count, results } = await divisions.listOfClient(tenantOf(req), req.query);
      return pageOf(req, req.query, count, results);
    },
  });
  r.get(`${CLIENT_DIVISIONS}/:divisionGuid`, {
    config: { access: readPolicy },
    schema: {
      tags,
      params: clientParams.extend({ divisionGuid: guid }),
      response: { 200: division, ...errors },
    },
    handler: (req) => divisions.getOfClient(tenantOf(req), req.params.divisionGuid),
  });

  const terms = createPaymentTermService(deps);
  r.get(`${BOOKS_BASE}/payment-terms`, {
    config: { access: readPolicy },
    schema: {
      tags,
      params: entityParams,
      querystring: pageQuery,
      response: { 200: paymentTermList, ...errors },
    },
    handler: async (req) => {
      const { count, results } = await terms.list(tenantOf(req), req.params.entityGuid, req.query);
      return pageOf(req, req.query, count, results);
    },
  });
  r.post(`${BOOKS_BASE}/payment-terms`, {
    config: { access: managePolicy },
    schema: {
      tags,
      params: entityParams,
      body: createPaymentTermRequest,
      response: { 201: paymentTerm, ...errors },
    },
    handler: async (req, reply) =>
      reply.status(201).send(await terms.create(tenantOf(req), req.params.entityGuid, req.body)),
  });
  r.get(`${BOOKS_BASE}/payment-terms/:paymentTermGuid`, {
    config: { access: readPolicy },
    schema: { tags, params: paymentTermParams, response: { 200: paymentTerm, ...errors } },
    handler: (req) => terms.get(tenantOf(req), req.params.entityGuid, req.params.paymentTermGuid),
  });
  r.patch(`${BOOKS_BASE}/payment-terms/:paymentTermGuid`, {
    config: { access: managePolicy },
    schema: {
      tags,
      params: paymentTermParams,
      body: patchPaymentTermRequest,
      response: { 200: paymentTerm, ...errors },
    },
    handler: (req) => terms.patch(tenantOf(req), req.params.entityGuid, req.params.paymentTermGuid, req.body),
  });
  r.delete(`${BOOKS_BASE}/payment-terms/:paymentTermGuid`, {
    config: { access: managePolicy },
    schema: { tags, params: paymentTermParams, response: { ...noContent, ...errors } },
    handler: async (req, reply) => {
      await terms.remove(tenantOf(req), req.params.entityGuid, req.params.paymentTermGuid);
      return reply.status(204).send(null);
    },
  });

  const customers = createCustomerService(deps);
  r.get(`${BOOKS_BASE}/customers`, {
    config: { access: readPolicy },
    schema: {
      tags,
      params: entityParams,
      querystring: pageQuery,
      response: { 200: customerList, ...errors },
    },
    handler: async (req) => {
      const { count, results } = await customers.list(tenantOf(req), req.params.entityGuid, req.query);
      return pageOf(req, req.query, count, results);
    },
  });
  r.post(`${BOOKS_BASE}/customers`, {
    config: { access: managePolicy },
    schema: {
      tags,
      params: entityParams,
      body: createCustomerRequest,
      response: { 201: customer, ...errors },
    },
    handler: async (req, reply) =>
      reply.status(201).send(await customers.create(tenantOf(req), req.params.entityGuid, req.body)),
  });
  r.get(`${BOOKS_BASE}/customers/:customerGuid`, {
    config: { access: readPolicy },
    schema: { tags, params: customerParams, response: { 200: customer, ...errors } },
    handler: (req) => customers.get(tenantOf(req), req.params.entityGuid, req.params.customerGuid),
  });
  r.patch(`${BOOKS_BASE}/customers/:customerGuid`, {
    config: { access: managePolicy },
    schema: {
      tags,
      params: customerParams,
      body: patchCustomerRequest,
      response: { 200: customer, ...errors },
    },
    handler: (req) =>
      customers.patch(tenantOf(req), req.params.entityGuid, req.params.customerGuid, req.body),
  });
  r.delete(`${BOOKS_BASE}/customers/:customerGuid`, {
    config: { access: managePolicy },
    schema: { tags, params: customerParams, response: { ...noContent, ...errors } },
    handler: async (req, reply) => {
      await customers.remove(tenantOf(req), req.params.entityGuid, req.params.customerGuid);
      return reply.status(204).send(null);
    },
  });
}
