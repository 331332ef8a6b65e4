import { bill, billList, billListQuery, createBillRequest, patchBillRequest } from '@bp/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireAuth, requireClient } from '../../platform/access.ts';
import { actorOf } from '../../platform/audit/audit.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { pageOf } from '../../platform/pagination.ts';
import { errorResponses as errors } from '../../platform/responses.ts';
import { listClientBills } from './bill-lists.ts';
import type { BillViewer } from './bill-presenter.ts';
import { createBillService } from './bill-service.ts';
import {
  billCreatePolicy,
  billEditPolicy,
  billParams,
  billReadPolicy,
  CLIENT_BILLS_BASE,
  clientParams,
  noContent,
} from './policies.ts';

const tags = ['bills'];

/** The caller as bill reads see it: how it reaches the client, and who it is. */
export function viewerOf(req: FastifyRequest): BillViewer {
  return { scope: requireClient(req), userId: requireAuth(req).user.id };
}

/** A client's bills: list, enter, read, edit, delete. */
export function registerClientBillRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = createBillService(deps);
  const { db } = deps.database;

  r.get(CLIENT_BILLS_BASE, {
    config: { access: billReadPolicy },
    schema: {
      tags,
      params: clientParams,
      querystring: billListQuery,
      description:
        'Filters: status, queue, entity (or all-entities), vendor, client_list; ordering among due_date, amount, created_on, vendor (prefix - for descending).',
      response: { 200: billList, ...errors },
    },
    handler: async (req) => {
      const { count, results } = await listClientBills(db, requireClient(req), req.query);
      return pageOf(req, req.query, count, results);
    },
  });

  r.post(CLIENT_BILLS_BASE, {
    config: { access: billCreatePolicy },
    schema: { tags, params: clientParams, body: createBillRequest, response: { 201: bill, ...errors } },
    handler: async (req, reply) =>
      reply.status(201).send(await service.create(viewerOf(req), actorOf(req), req.body)),
  });

  r.get(`${CLIENT_BILLS_BASE}/:billGuid`, {
    config: { access: billReadPolicy },
    schema: { tags, params: billParams, response: { 200: bill, ...errors } },
    handler: (req) => service.get(viewerOf(req), req.params.billGuid),
  });

  r.patch(`${CLIENT_BILLS_BASE}/:billGuid`, {
    config: { access: billEditPolicy },
    schema: { tags, params: billParams, body: patchBillRequest, response: { 200: bill, ...errors } },
    handler: (req) => service.patch(viewerOf(req), actorOf(req), req.params.billGuid, req.body),
  });

  r.delete(`${CLIENT_BILLS_BASE}/:billGuid`, {
    config: { access: billEditPolicy },
    schema: { tags, params: billParams, response: { ...noContent, ...errors } },
    handler: async (req, reply) => {
      await service.remove(viewerOf(req), actorOf(req), req.params.billGuid);
      return reply.status(204).send(null);
    },
  });
}
