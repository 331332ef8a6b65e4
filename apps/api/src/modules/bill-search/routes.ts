import {
  type AdvancedSearchQuery,
  advancedSearchExportQuery,
  advancedSearchQuery,
  billList,
  byPaidDate,
  byPaidDateQuery,
  guid,
  metricsQuery,
  summaryMetrics,
} from '@bp/contracts';
import type { SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AccessPolicy } from '../../platform/access/policy.ts';
import { requireAuth, requireClient, requireOrganization } from '../../platform/access.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { pageOf, pageWindow } from '../../platform/pagination.ts';
import { errorResponses as errors } from '../../platform/responses.ts';
import { attachmentHeader, spreadsheetOf } from '../../platform/spreadsheet.ts';
import { zoneOrNull } from '../../platform/time-zone.ts';
import { waitingOnClientUserConditions } from '../bill-core/index.ts';
import { BILL_EXPORT_COLUMNS, billExportFileName } from './bill-export.ts';
import { assertPaidDateRange, byPaidDateOf, summaryMetricsOf, todayIn } from './metrics.ts';
import { type BillScope, clientBillScope, organizationBillScope, type ScopeFilters } from './scope.ts';
import { assertSearchRanges, exportBills, type SearchFilters, searchBills } from './search.ts';

const tags = ['bill-search'];
type ExportQuery = z.infer<typeof advancedSearchExportQuery>;

/** One base path, its access policy and how a request on it becomes a bill scope. */
interface Base {
  path: string;
  params: z.ZodObject;
  access: AccessPolicy;
  scope: (req: FastifyRequest, filters: ScopeFilters) => Promise<BillScope>;
  /** What "awaiting approval" narrows to for this caller (a client user: what waits on them); null = every step. */
  waitingOn: (req: FastifyRequest) => SQL[] | null;
}

function searchFiltersOf(query: Partial<AdvancedSearchQuery>): SearchFilters {
  const { page: _page, page_size: _size, client: _client, entity: _entity, ...filters } = query;
  return filters as SearchFilters;
}

/**
 * Dashboard figures and the advanced search (SPEC §7 Billing: summary-metrics, by-paid-date,
 * advanced-search and its file export), on both billing bases:
 * - /v1/billing/clients/{clientGuid}: the client's staff and its client users (observers included,
 *   these are reads); client users never see their excluded vendors' bills, designees with designated
 *   entities only those entities' bills;
 * - /v1/billing/organizations/{organizationGuid}: the organisation's staff, with `client` and `entity`
 *   filters ('all-clients' / 'all-entities' = none). A filter naming another tenant's client or
 *   entity is a 404 not_found.
 */
export function registerBillSearchRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps.database;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const today = (req: FastifyRequest) => todayIn(deps.now(), zoneOrNull(req.headers['x-timezone']));

  const bases: Base[] = [
    {
      path: '/v1/billing/clients/:clientGuid',
      params: z.object({ clientGuid: guid }),
      access: { kind: 'client', param: 'clientGuid' },
      scope: (req, filters) => clientBillScope(db, requireClient(req), filters),
      waitingOn: (req) => {
        const client = requireClient(req);
        return client.via === 'client'
          ? waitingOnClientUserConditions({ userId: requireAuth(req).user.id, client })
          : null;
      },
    },
    {
      path: '/v1/billing/organizations/:organizationGuid',
      params: z.object({ organizationGuid: guid }),
      access: { kind: 'organization', param: 'organizationGuid' },
      scope: (req, filters) => organizationBillScope(db, requireOrganization(req), filters),
      waitingOn: () => null,
    },
  ];

  for (const base of bases) {
    r.get(`${base.path}/summary-metrics`, {
      config: { access: base.access },
      schema: {
        tags,
        description:
          'Count and amount per status; awaiting approval (for a client user: only the bills whose current step that user may approve, within designee limits); due today and the next six days, and overdue (unpaid, not rejected; "today" in X-Timezone, else UTC); paid this calendar month.',
        params: base.params,
        querystring: metricsQuery,
        response: { 200: summaryMetrics, ...errors },
      },
      handler: async (req) =>
        summaryMetricsOf(db, await base.scope(req, req.query), today(req), base.waitingOn(req)),
    });

    r.get(`${base.path}/by-paid-date`, {
      config: { access: base.access },
      schema: {
        tags,
        description:
          'Paid bills per paid date between date_from and date_to (both included, at most 366 days); days without a payment are left out.',
        params: base.params,
        querystring: byPaidDateQuery,
        response: { 200: byPaidDate, ...errors },
      },
      handler: async (req) => {
        assertPaidDateRange(req.query.date_from, req.query.date_to);
        const scope = await base.scope(req, req.query);
        return byPaidDateOf(db, scope, req.query.date_from, req.query.date_to);
      },
    });

    r.get(`${base.path}/advanced-search`, {
      config: { access: base.access },
      schema: {
        tags,
        description:
          'Bills matching every given filter: vendor name, invoice number and memo contain (any case); amount (cents) and date ranges (both ends included); one or more statuses; `search` over vendor name, invoice number and memo. Ordering: due_date, amount, created_on (leading "-" = descending), default -created_on.',
        params: base.params,
        querystring: advancedSearchQuery,
        response: { 200: billList, ...errors },
      },
      handler: async (req) => {
        const filters = searchFiltersOf(req.query);
        assertSearchRanges(filters);
        const scope = await base.scope(req, req.query);
        const { count, results } = await searchBills(db, scope, filters, pageWindow(req.query));
        return pageOf(req, req.query, count, results);
      },
    });

    // Plain Fastify typing: the reply is a file, not JSON, so the zod type provider's reply type does not fit.
    app.get<{ Querystring: ExportQuery }>(`${base.path}/advanced-search/export`, {
      config: { access: base.access },
      schema: {
        tags,
        description: `Every bill the advanced search matches (at most 50,000; more is a 400 asking to narrow the search), as CSV or XLSX (a file download).`,
        params: base.params,
        querystring: advancedSearchExportQuery,
        response: errors,
      },
      handler: async (req, reply) => {
        const filters = searchFiltersOf(req.query);
        assertSearchRanges(filters);
        const scope = await base.scope(req, req.query);
        const rows = await exportBills(db, scope, filters);
        const file = await spreadsheetOf(req.query.format, 'Bills', BILL_EXPORT_COLUMNS, rows);
        return reply
          .header('content-disposition', attachmentHeader(billExportFileName(today(req), req.query.format)))
          .type(file.contentType)
          .send(file.body);
      },
    });
  }
}
