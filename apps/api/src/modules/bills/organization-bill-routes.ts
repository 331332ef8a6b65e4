import { billsRoutes } from '@bp/contracts';
import type { FastifyInstance } from 'fastify';
import { requireAuth, requireOrganization } from '../../platform/access.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { registerRoute } from '../../platform/http/route.ts';
import { keysetPageOf } from '../../platform/keyset.ts';
import { withQueueActions } from '../bill-core/index.ts';
import { listOrganizationBills, queueCounts } from './bill-lists.ts';
import { orgBillsPolicy } from './policies.ts';

/** The organisation's billing queues (/billing/...): every client's bills, filtered and counted. */
export function registerOrganizationBillRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps.database;

  registerRoute(app, billsRoutes.getBillingOrganizationBills, {
    access: orgBillsPolicy,
    handler: async (req) => {
      const organization = requireOrganization(req);
      const page = await listOrganizationBills(db, organization.id, req.query);
      const results = await withQueueActions(db, organization, requireAuth(req).user.id, page);
      return keysetPageOf(req, req.query, page.ordering, page.counted, page.slice, results);
    },
  });

  registerRoute(app, billsRoutes.getBillingOrganizationBillsQueueCounts, {
    access: orgBillsPolicy,
    handler: (req) => queueCounts(db, requireOrganization(req).id, req.query),
  });
}
