/**
 * Routes of the API's bill-search module: dashboard figures and the advanced search with its file
 * export, each on both billing bases (a client's, and the organisation's across its clients).
 */
import { z } from 'zod';
import {
  advancedSearchExportQuery,
  advancedSearchQuery,
  billList,
  byPaidDate,
  byPaidDateQuery,
  metricsQuery,
  summaryMetrics,
} from '../bills.ts';
import { guid } from '../common.ts';
import { defineRoute, FILE_RESPONSE } from '../route.ts';

const tags = ['bill-search'];
const clientParams = z.object({ clientGuid: guid });
const organizationParams = z.object({ organizationGuid: guid });

const SUMMARY_METRICS =
  'Count and amount per status; awaiting approval (for a client user: only the bills whose current step that user may approve, within designee limits); due today and the next six days, and overdue (unpaid, not rejected; "today" in X-Timezone, else UTC); paid this calendar month.';
const BY_PAID_DATE =
  'Paid bills per paid date between date_from and date_to (both included, at most 366 days); days without a payment are left out.';
const ADVANCED_SEARCH =
  'Bills matching every given filter: vendor name, invoice number and memo contain (any case); amount (cents) and date ranges (both ends included); one or more statuses; `search` over vendor name, invoice number and memo. Ordering: due_date, amount, created_on (leading "-" = descending), default -created_on.';
const EXPORT =
  'Every bill the advanced search matches (at most 50,000; more is a 400 asking to narrow the search), as CSV or XLSX (a file download).';

export const billSearchRoutes = {
  getBillingClientSummaryMetrics: defineRoute({
    method: 'GET',
    path: '/v1/billing/clients/:clientGuid/summary-metrics',
    tags,
    description: SUMMARY_METRICS,
    params: clientParams,
    query: metricsQuery,
    responses: { 200: summaryMetrics },
  }),
  getBillingClientByPaidDate: defineRoute({
    method: 'GET',
    path: '/v1/billing/clients/:clientGuid/by-paid-date',
    tags,
    description: BY_PAID_DATE,
    params: clientParams,
    query: byPaidDateQuery,
    responses: { 200: byPaidDate },
  }),
  getBillingClientAdvancedSearch: defineRoute({
    method: 'GET',
    path: '/v1/billing/clients/:clientGuid/advanced-search',
    tags,
    description: ADVANCED_SEARCH,
    params: clientParams,
    query: advancedSearchQuery,
    responses: { 200: billList },
  }),
  getBillingClientAdvancedSearchExport: defineRoute({
    method: 'GET',
    path: '/v1/billing/clients/:clientGuid/advanced-search/export',
    tags,
    description: EXPORT,
    params: clientParams,
    query: advancedSearchExportQuery,
    responses: { 200: FILE_RESPONSE },
  }),
  getBillingOrganizationSummaryMetrics: defineRoute({
    method: 'GET',
    path: '/v1/billing/organizations/:organizationGuid/summary-metrics',
    tags,
    description: SUMMARY_METRICS,
    params: organizationParams,
    query: metricsQuery,
    responses: { 200: summaryMetrics },
  }),
  getBillingOrganizationByPaidDate: defineRoute({
    method: 'GET',
    path: '/v1/billing/organizations/:organizationGuid/by-paid-date',
    tags,
    description: BY_PAID_DATE,
    params: organizationParams,
    query: byPaidDateQuery,
    responses: { 200: byPaidDate },
  }),
  getBillingOrganizationAdvancedSearch: defineRoute({
    method: 'GET',
    path: '/v1/billing/organizations/:organizationGuid/advanced-search',
    tags,
    description: ADVANCED_SEARCH,
    params: organizationParams,
    query: advancedSearchQuery,
    responses: { 200: billList },
  }),
  getBillingOrganizationAdvancedSearchExport: defineRoute({
    method: 'GET',
    path: '/v1/billing/organizations/:organizationGuid/advanced-search/export',
    tags,
    description: EXPORT,
    params: organizationParams,
    query: advancedSearchExportQuery,
    responses: { 200: FILE_RESPONSE },
  }),
};
