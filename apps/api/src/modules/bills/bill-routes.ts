import { billsRoutes } from '@bp/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireAuth, requireClient } from '../../platform/access.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { actorOf, contextOf } from '../../platform/http/request-context.ts';
import { registerRoute } from '../../platform/http/route.ts';
import { keysetPageOf } from '../../platform/keyset.ts';
import { listClientBills } from './bill-lists.ts';
import type { BillViewer } from './bill-presenter.ts';
import { createBillService } from './bill-service.ts';
import { duplicatesOf } from './duplicate-check.ts';
import { billCreatePolicy, billDuplicateCheckPolicy, billEditPolicy, billReadPolicy } from './policies.ts';

/** The caller as bill reads see it: how it reaches the client, and who it is. */
export function viewerOf(req: FastifyRequest): BillViewer {
  return { scope: requireClient(req), userId: requireAuth(req).user.id };
}

/** A client's bills: list, enter, read, edit, delete. */
export function registerClientBillRoutes(app: FastifyInstance, deps: AppDeps) {
  const service = createBillService(deps);
  const { db } = deps.database;

  registerRoute(app, billsRoutes.getBillingClientBills, {
    access: billReadPolicy,
    handler: async (req) => {
      const page = await listClientBills(db, requireClient(req), req.query);
      return keysetPageOf(req, req.query, page.ordering, page.counted, page.slice, page.results);
    },
  });

  registerRoute(app, billsRoutes.postBillingClientBills, {
    access: billCreatePolicy,
    handler: async (req, reply) => {
      const { today } = contextOf(req, deps.now(), null);
      return reply.status(201).send(await service.create(viewerOf(req), actorOf(req), req.body, today));
    },
  });

  registerRoute(app, billsRoutes.getBillingClientBillsDuplicates, {
    access: billDuplicateCheckPolicy,
    handler: async (req) => {
      const ctx = contextOf(req, deps.now(), requireClient(req));
      return { duplicates: await duplicatesOf(db, ctx, req.query) };
    },
  });

  registerRoute(app, billsRoutes.getBillingClientBill, {
    access: billReadPolicy,
    handler: (req) => service.get(viewerOf(req), req.params.billGuid),
  });

  registerRoute(app, billsRoutes.patchBillingClientBill, {
    access: billEditPolicy,
    handler: (req) => service.patch(viewerOf(req), actorOf(req), req.params.billGuid, req.body),
  });

  registerRoute(app, billsRoutes.deleteBillingClientBill, {
    access: billEditPolicy,
    handler: async (req, reply) => {
      await service.remove(viewerOf(req), actorOf(req), req.params.billGuid);
      return reply.status(204).send(null);
    },
  });
}
