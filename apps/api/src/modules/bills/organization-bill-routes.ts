import { billListQuery, billQueueCounts, billQueueList } from '@bp/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireAuth, requireOrganization } from '../../platform/access.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { pageOf } from '../../platform/pagination.ts';
import { errorResponses as errors } from '../../platform/responses.ts';
import { withQueueActions } from '../bill-core/index.ts';
import { listOrganizationBills, queueCounts } from './bill-lists.ts';
import { ORG_BILLS_BASE, organizationParams, orgBillsPolicy } from './policies.ts';

const tags = ['bills'];
const countsQuery = billListQuery.pick({ client: true, entity: true });

/** The organisation's billing queues (/billing/...): every client's bills, filtered and counted. */
export function registerOrganizationBillRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;

  r.get(ORG_BILLS_BASE, {
    config: { access: orgBillsPolicy },
    schema: {
      tags,
      params: organizationParams,
      querystring: billListQuery,
      description:
        "Filters: queue or status, client (or all-clients), entity (or all-entities), vendor, client_list; ordering among due_date, amount, created_on, vendor. Each bill carries `can`: the workflow actions the caller may take on it now (the queue's bulk actions).",
      response: { 200: billQueueList, ...errors },
    },
    handler: async (req) => {
      const organization = requireOrganization(req);
      const page = await listOrganizationBills(db, organization.id, req.query);
      const results = await withQueueActions(db, organization, requireAuth(req).user.id, page);
      return pageOf(req, req.query, page.count, results);
    },
  });

  r.get(`${ORG_BILLS_BASE}/queue-counts`, {
    config: { access: orgBillsPolicy },
    schema: {
      tags,
      params: organizationParams,
      querystring: countsQuery,
      response: { 200: billQueueCounts, ...errors },
    },
    handler: (req) => queueCounts(db, requireOrganization(req).id, req.query),
  });
}
