import { jobsRoutes, type ReportType, reportsRoutes } from '@bp/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useSession } from '../../session/session-context.ts';
import { listKey } from '../client-records/index.ts';

/** One client's reports. */
export const clientReports = (clientGuid: string) => ({
  route: reportsRoutes.getReportsClientReports,
  params: { clientGuid },
});

/** The organisation's reports across its clients. */
export const organizationReports = (organizationGuid: string) => ({
  route: reportsRoutes.getReportsOrganizationReports,
  params: { organizationGuid },
});

/** Counts (summary and the year/month grid) start with this key. */
export const REPORT_COUNTS_KEY = ['reports', 'counts'] as const;

const LIST_PATHS: readonly string[] = [
  reportsRoutes.getReportsClientReports.path,
  reportsRoutes.getReportsOrganizationReports.path,
];

/** Refreshes every report list and count after a write. */
export function useInvalidateReports() {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: REPORT_COUNTS_KEY }),
        queryClient.invalidateQueries({
          predicate: (query) =>
            query.queryKey[0] === listKey(clientReports(''))[0] &&
            LIST_PATHS.includes(String(query.queryKey[1])),
        }),
      ]),
    [queryClient],
  );
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
