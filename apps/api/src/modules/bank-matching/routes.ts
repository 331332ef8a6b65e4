import { bankMatchingRoutes as r } from '@bp/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../platform/deps.ts';
import { actorOf, contextOf, todayOf } from '../../platform/http/request-context.ts';
import { registerRoute } from '../../platform/http/route.ts';
import { pageOf } from '../../platform/pagination.ts';
import { tenantOf } from '../entities/index.ts';
import { matchActions } from './actions.ts';
import { listLines, runMatching } from './matching.ts';
import { matchReadPolicy, matchWritePolicy } from './policies.ts';

/** Matching paid bills to bank lines (issue 19, decision 036). */
export function registerBankMatchingRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps.database;
  const actions = matchActions(db, deps.config.publicUrl);
  const ctxOf = (req: FastifyRequest) => contextOf(req, deps.now(), tenantOf(req));

  registerRoute(app, r.getBankMatching, {
    access: matchReadPolicy,
    handler: async (req) => {
      const { count, results } = await listLines(db, tenantOf(req).clientId, req.query);
      return pageOf(req, { ...req.query }, count, results);
    },
  });
  registerRoute(app, r.postBankMatchingRun, {
    access: matchWritePolicy,
    handler: (req) => {
      const tenant = tenantOf(req);
      return runMatching(db, tenant.clientId, tenant.organizationId, actorOf(req), deps.now());
    },
  });
  registerRoute(app, r.postBankLineMatch, {
    access: matchWritePolicy,
    handler: (req) => actions.accept(ctxOf(req), req.params.transactionGuid, req.body.bill_guid),
  });
  registerRoute(app, r.deleteBankLineMatch, {
    access: matchWritePolicy,
    handler: (req) => actions.undo(ctxOf(req), req.params.transactionGuid),
  });
  registerRoute(app, r.postBankLineRequestDocument, {
    access: matchWritePolicy,
    handler: (req) => actions.requestDocument(ctxOf(req), req.params.transactionGuid, req.body.message),
  });
  registerRoute(app, r.getReconciliationBankItems, {
    access: matchReadPolicy,
    handler: (req) =>
      actions.reconciliationItems(
        tenantOf(req),
        req.params.reconciliationGuid,
        deps.config.findata.unmatchedDays,
        todayOf(req, deps.now()),
      ),
  });
}
