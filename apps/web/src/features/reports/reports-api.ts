import { clientsRoutes, DEFAULT_PAGE_SIZE, jobsRoutes, type ReportType, reportsRoutes } from '@bp/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useSession } from '../../session/session-context.ts';

/**
 * Lists and counts of reports start with this key, so one invalidation refreshes them all. (Own hooks
 * rather than client-records' usePagedList: sharing it split the clients page's chunks past its budget.)
 */
export const REPORTS_KEY = ['reports'] as const;
export const REPORT_COUNTS_KEY = [...REPORTS_KEY, 'counts'] as const;

export type ReportListFilters = { type?: ReportType; year?: number; ordering: string; page: number };

/** A page of reports: one client's, or the organisation's across its clients. */
export function useReportList(scope: CountScope, filters: ReportListFilters) {
  const { api } = useSession();
  const query = { ...filters, page_size: DEFAULT_PAGE_SIZE };
  return useQuery({
    queryKey: [...REPORTS_KEY, 'list', scope, query],
    queryFn: ({ signal }) =>
      'clientGuid' in scope
        ? api.call(reportsRoutes.getReportsClientReports, { params: scope, query, signal })
        : api.call(reportsRoutes.getReportsOrganizationReports, { params: scope, query, signal }),
    // Keep the rows on screen while the next page loads, instead of flashing empty.
    placeholderData: keepPreviousData,
  });
}

/** A page of the organisation's clients, by name (the /client-reports index). */
export function useClientPage(orgGuid: string, page: number) {
  const { api } = useSession();
  const query = { page, page_size: DEFAULT_PAGE_SIZE, ordering: 'name' };
  return useQuery({
    queryKey: [...REPORTS_KEY, 'clients', orgGuid, query],
    queryFn: ({ signal }) =>
      api.call(clientsRoutes.getAccountsOrganizationClients, { params: { orgGuid }, query, signal }),
    enabled: orgGuid !== '',
    placeholderData: keepPreviousData,
  });
}

/** Refreshes every report list and count after a write. */
export function useInvalidateReports() {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: REPORTS_KEY }), [queryClient]);
}

/** Where the counts come from: one client, or the organisation (optionally one of its clients). */
export type CountScope = { clientGuid: string } | { organizationGuid: string };

export function useQuantitiesByMonth(scope: CountScope, year: number, type: ReportType | '') {
  const { api } = useSession();
  const query = { year, ...(type ? { type } : {}) };
  return useQuery({
    queryKey: [...REPORT_COUNTS_KEY, 'month', scope, query],
    queryFn: ({ signal }) =>
      'clientGuid' in scope
        ? api.call(reportsRoutes.getReportsClientReportsQuantitiesByMonth, { params: scope, query, signal })
        : api.call(reportsRoutes.getReportsOrganizationReportsQuantitiesByMonth, {
            params: scope,
            query,
            signal,
          }),
  });
}

export function useQuantitiesByYear(scope: CountScope, type: ReportType | '') {
  const { api } = useSession();
  const query = type ? { type } : {};
  return useQuery({
    queryKey: [...REPORT_COUNTS_KEY, 'year', scope, query],
    queryFn: ({ signal }) =>
      'clientGuid' in scope
        ? api.call(reportsRoutes.getReportsClientReportsQuantitiesByYear, { params: scope, query, signal })
        : api.call(reportsRoutes.getReportsOrganizationReportsQuantitiesByYear, {
            params: scope,
            query,
            signal,
          }),
  });
}

/** A generation job as it runs: polled every second until it has finished. */
export function useJob(jobId: string | null) {
  const { api } = useSession();
  return useQuery({
    queryKey: ['jobs', jobId],
    queryFn: ({ signal }) => api.call(jobsRoutes.getJob, { params: { jobId: jobId ?? '' }, signal }),
    enabled: jobId !== null,
    refetchInterval: (query) => {
      const state = query.state.data?.state;
      return state === 'completed' || state === 'failed' || state === 'cancelled' ? false : 1000;
    },
  });
}

/** One client of the organisation, for the page title. */
export function useReportClient(orgGuid: string, clientGuid: string) {
  const { api } = useSession();
  return useQuery({
    queryKey: [...REPORTS_KEY, 'client', orgGuid, clientGuid],
    queryFn: ({ signal }) =>
      api.call(clientsRoutes.getAccountsOrganizationClient, { params: { orgGuid, clientGuid }, signal }),
    enabled: orgGuid !== '' && clientGuid !== '',
  });
}
