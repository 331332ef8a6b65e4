import { billsRoutes } from '@bp/contracts';
import type { FastifyInstance } from 'fastify';
import { requireClient } from '../../platform/access.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { actorOf } from '../../platform/http/request-context.ts';
import { registerRoute } from '../../platform/http/route.ts';
import { pageOf } from '../../platform/pagination.ts';
import { createBillHistoryService } from './notes-and-events.ts';
import { billNotesPolicy, billNoteWritePolicy, billReadPolicy } from './policies.ts';

/** A bill's timeline (everyone who sees the bill) and its staff notes (staff only). */
export function registerBillHistoryRoutes(app: FastifyInstance, deps: AppDeps) {
  const history = createBillHistoryService(deps);

  registerRoute(app, billsRoutes.getBillingClientBillEvents, {
    access: billReadPolicy,
    handler: async (req) => {
      const { count, results } = await history.events(requireClient(req), req.params.billGuid, req.query);
      return pageOf(req, req.query, count, results);
    },
  });

  registerRoute(app, billsRoutes.getBillingClientBillNotes, {
    access: billNotesPolicy,
    handler: async (req) => {
      const { count, results } = await history.notes(requireClient(req), req.params.billGuid, req.query);
      return pageOf(req, req.query, count, results);
    },
  });

  registerRoute(app, billsRoutes.postBillingClientBillNotes, {
    access: billNoteWritePolicy,
    handler: async (req, reply) =>
      reply
        .status(201)
        .send(await history.addNote(requireClient(req), actorOf(req), req.params.billGuid, req.body.body)),
  });
}
