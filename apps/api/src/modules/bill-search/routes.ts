import { type AdvancedSearchQuery, billSearchRoutes } from '@bp/contracts';
import type { SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AccessPolicy } from '../../platform/access/policy.ts';
import { requireAuth, requireClient, requireOrganization } from '../../platform/access.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { registerRoute } from '../../platform/http/route.ts';
import { keysetPageOf } from '../../platform/keyset.ts';
import { attachmentHeader, spreadsheetOf } from '../../platform/spreadsheet.ts';
import { zoneOrNull } from '../../platform/time-zone.ts';
import { waitingOnClientUserConditions } from '../bill-core/index.ts';
import { BILL_EXPORT_COLUMNS, billExportFileName } from './bill-export.ts';
import { assertPaidDateRange, byPaidDateOf, summaryMetricsOf, todayIn } from './metrics.ts';
import { type BillScope, clientBillScope, organizationBillScope, type ScopeFilters } from './scope.ts';
import { assertSearchRanges, exportBills, type SearchFilters, searchBills } from './search.ts';

/** One billing base: its routes, its access policy and how a request on it becomes a bill scope. */
interface Base {
  routes: {
    summaryMetrics:
      | typeof billSearchRoutes.getBillingClientSummaryMetrics
      | typeof billSearchRoutes.getBillingOrganizationSummaryMetrics;
    byPaidDate:
      | typeof billSearchRoutes.getBillingClientByPaidDate
      | typeof billSearchRoutes.getBillingOrganizationByPaidDate;
    advancedSearch:
      | typeof billSearchRoutes.getBillingClientAdvancedSearch
      | typeof billSearchRoutes.getBillingOrganizationAdvancedSearch;
    export:
      | typeof billSearchRoutes.getBillingClientAdvancedSearchExport
      | typeof billSearchRoutes.getBillingOrganizationAdvancedSearchExport;
  };
  access: AccessPolicy;
  scope: (req: FastifyRequest, filters: ScopeFilters) => Promise<BillScope>;
  /** What "awaiting approval" narrows to for this caller (a client user: what waits on them); null = every step. */
  waitingOn: (req: FastifyRequest) => SQL[] | null;
}

function searchFiltersOf(query: Partial<AdvancedSearchQuery>): SearchFilters {
  const {
    page: _page,
    page_size: _size,
    cursor: _cursor,
    client: _client,
    entity: _entity,
    ...filters
  } = query;
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
  const today = (req: FastifyRequest) => todayIn(deps.now(), zoneOrNull(req.headers['x-timezone']));

  const bases: Base[] = [
    {
      routes: {
        summaryMetrics: billSearchRoutes.getBillingClientSummaryMetrics,
        byPaidDate: billSearchRoutes.getBillingClientByPaidDate,
        advancedSearch: billSearchRoutes.getBillingClientAdvancedSearch,
        export: billSearchRoutes.getBillingClientAdvancedSearchExport,
      },
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
      routes: {
        summaryMetrics: billSearchRoutes.getBillingOrganizationSummaryMetrics,
        byPaidDate: billSearchRoutes.getBillingOrganizationByPaidDate,
        advancedSearch: billSearchRoutes.getBillingOrganizationAdvancedSearch,
        export: billSearchRoutes.getBillingOrganizationAdvancedSearchExport,
      },
      access: { kind: 'organization', param: 'organizationGuid' },
      scope: (req, filters) => organizationBillScope(db, requireOrganization(req), filters),
      waitingOn: () => null,
    },
  ];

  for (const base of bases) {
    registerRoute(app, base.routes.summaryMetrics, {
      access: base.access,
      handler: async (req) =>
        summaryMetricsOf(db, await base.scope(req, req.query), today(req), base.waitingOn(req)),
    });

    registerRoute(app, base.routes.byPaidDate, {
      access: base.access,
      handler: async (req) => {
        assertPaidDateRange(req.query.date_from, req.query.date_to);
        const scope = await base.scope(req, req.query);
        return byPaidDateOf(db, scope, req.query.date_from, req.query.date_to);
      },
    });

    registerRoute(app, base.routes.advancedSearch, {
      access: base.access,
      handler: async (req) => {
        const filters = searchFiltersOf(req.query);
        assertSearchRanges(filters);
        const scope = await base.scope(req, req.query);
        const page = await searchBills(db, scope, filters, req.query);
        return keysetPageOf(req, req.query, page.ordering, page.counted, page.slice, page.results);
      },
    });

    registerRoute(app, base.routes.export, {
      access: base.access,
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
