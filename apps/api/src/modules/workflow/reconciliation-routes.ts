import { workflowRoutes } from '@bp/contracts';
import type { FastifyInstance } from 'fastify';
import { requireClient, requireOrganization } from '../../platform/access.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { actorOf, todayOf } from '../../platform/http/request-context.ts';
import { registerRoute } from '../../platform/http/route.ts';
import { pageOf } from '../../platform/pagination.ts';
import {
  orgWorkflowPolicy,
  orgWorkflowWritePolicy,
  reminderReadPolicy,
  reminderWritePolicy,
} from './policies.ts';
import {
  countReconciliations,
  findReconciliation,
  listReconciliations,
  presentReconciliations,
  reconciliationHistory,
} from './reconciliation-reads.ts';
import { bulkAssign, createReconciliation, moveReconciliation } from './reconciliation-writes.ts';

/** The reconciliation workflow and its work queues (issue 14). */
export function registerReconciliationRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps.database;
  const r = workflowRoutes;

  registerRoute(app, r.postReportsClientReconciliations, {
    access: reminderWritePolicy,
    handler: async (req, reply) =>
      reply
        .status(201)
        .send(
          await createReconciliation(
            db,
            requireClient(req),
            actorOf(req),
            req.body,
            todayOf(req, deps.now()),
          ),
        ),
  });
  registerRoute(app, r.getReportsClientReconciliation, {
    access: reminderReadPolicy,
    handler: async (req) => {
      const row = await findReconciliation(
        db,
        { clientId: requireClient(req).id },
        req.params.reconciliationGuid,
      );
      const [one] = await presentReconciliations(db, [row], todayOf(req, deps.now()));
      return one;
    },
  });
  registerRoute(app, r.postReportsClientReconciliationMove, {
    access: reminderWritePolicy,
    handler: async (req) =>
      moveReconciliation(
        db,
        requireClient(req),
        actorOf(req),
        req.params.reconciliationGuid,
        req.body,
        'forward',
        todayOf(req, deps.now()),
      ),
  });
  registerRoute(app, r.postReportsClientReconciliationMoveBack, {
    access: reminderWritePolicy,
    handler: async (req) =>
      moveReconciliation(
        db,
        requireClient(req),
        actorOf(req),
        req.params.reconciliationGuid,
        req.body,
        'back',
        todayOf(req, deps.now()),
      ),
  });
  registerRoute(app, r.getReportsClientReconciliationHistory, {
    access: reminderReadPolicy,
    handler: async (req) => {
      const row = await findReconciliation(
        db,
        { clientId: requireClient(req).id },
        req.params.reconciliationGuid,
      );
      const { count, results } = await reconciliationHistory(db, row.id, req.query);
      return pageOf(req, req.query, count, results);
    },
  });
  registerRoute(app, r.getReportsOrganizationReconciliations, {
    access: orgWorkflowPolicy,
    handler: async (req) => {
      const today = todayOf(req, deps.now());
      const { count, results } = await listReconciliations(db, requireOrganization(req).id, req.query, today);
      return pageOf(req, req.query, count, results);
    },
  });
  registerRoute(app, r.getReportsOrganizationReconciliationCounts, {
    access: orgWorkflowPolicy,
    handler: async (req) =>
      countReconciliations(db, requireOrganization(req).id, req.query, todayOf(req, deps.now())),
  });
  registerRoute(app, r.postReportsOrganizationReconciliationsBulkAssign, {
    access: orgWorkflowWritePolicy,
    handler: async (req) => bulkAssign(db, requireOrganization(req).id, actorOf(req), req.body),
  });
}
