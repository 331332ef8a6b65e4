import type { ApiClient, CallResult } from '@bp/api-client';
/**
 * Query keys and hooks of the bill API (SPEC.md §7 "Billing"; declared in contracts routes/bills.ts).
 * Every bill query key starts with BILLS_KEY, so one invalidation refreshes lists, counts and bills.
 */
import { billsRoutes } from '@bp/contracts';
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useSession } from '../../../session/session-context.ts';
import { BILLS_KEY } from './bills-key.ts';

export { BILLS_KEY };

const segment = (value: string) => encodeURIComponent(value);

/** The staff bill page: `/clients/{clientGuid}/{userType}/bill/{billGuid}` (userType 'org' for staff). */
export function billPagePath(clientGuid: string, billGuid: string, userType = 'org'): string {
  return `/clients/${segment(clientGuid)}/${segment(userType)}/bill/${segment(billGuid)}`;
}

/** The staff bill entry form of a client. */
export function newBillPagePath(clientGuid: string): string {
  return `/clients/${segment(clientGuid)}/new-bill`;
}

/** One bill, as the bill page and the edit form read it. */
export function billQueryKey(clientGuid: string, billGuid: string) {
  return [...BILLS_KEY, 'one', clientGuid, billGuid] as const;
}

/** Where a bill list comes from: a client's bills, or the organisation's queues across its clients. */
export type BillListSource = { clientGuid: string } | { organizationGuid: string };

/** Every page of a bill list of `source` (org queues or a client's lists). */
export function billListKey(source: BillListSource, query?: Record<string, unknown>) {
  return query ? ([...BILLS_KEY, 'list', source, query] as const) : ([...BILLS_KEY, 'list', source] as const);
}

export function queueCountsKey(orgGuid: string) {
  return [...BILLS_KEY, 'queue-counts', orgGuid] as const;
}

/** GET one bill: its key and read, shared by the screens' hooks and the route loaders (app/route-prefetch.ts). */
export function billQuery(api: ApiClient, clientGuid: string, billGuid: string) {
  return queryOptions({
    queryKey: billQueryKey(clientGuid, billGuid),
    queryFn: ({ signal }) =>
      api.call(billsRoutes.getBillingClientBill, { params: { clientGuid, billGuid }, signal }),
  });
}

/** GET one bill. */
export function useBill(clientGuid: string, billGuid: string, options: { enabled?: boolean } = {}) {
  const { api } = useSession();
  return useQuery({
    ...billQuery(api, clientGuid, billGuid),
    enabled: (options.enabled ?? true) && clientGuid !== '' && billGuid !== '',
  });
}

export type BillListParams = Record<string, string | number | undefined>;

type BillListResult<S extends BillListSource> = S extends { clientGuid: string }
  ? CallResult<typeof billsRoutes.getBillingClientBills>
  : CallResult<typeof billsRoutes.getBillingOrganizationBills>;

/** One page of a bill list: its key and read (undefined values of `params` are left out). */
export function billListQuery<S extends BillListSource>(api: ApiClient, source: S, params: BillListParams) {
  const query = Object.fromEntries(Object.entries(params).filter(([, value]) => value !== undefined));
  return queryOptions({
    queryKey: billListKey(source, query),
    queryFn: ({ signal }) =>
      ('clientGuid' in source
        ? api.call(billsRoutes.getBillingClientBills, { params: source, query, signal })
        : api.call(billsRoutes.getBillingOrganizationBills, {
            params: source,
            query,
            signal,
          })) as Promise<BillListResult<S>>,
  });
}

/**
 * One page of bills of `source` with the filters of `params` (undefined values are left out); the
 * organisation's queues answer BillQueueItem (each with the caller's `can`).
 */
export function useBillList<S extends BillListSource>(
  source: S,
  params: BillListParams,
  options: { enabled?: boolean } = {},
) {
  const { api } = useSession();
  return useQuery({
    ...billListQuery(api, source, params),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}

/** The counts per billing queue of an organisation: key and read (undefined filters are left out). */
export function queueCountsQuery(
  api: ApiClient,
  orgGuid: string,
  filters: { client?: string | undefined; entity?: string | undefined } = {},
) {
  const query = Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined));
  return queryOptions({
    queryKey: [...queueCountsKey(orgGuid), query],
    queryFn: ({ signal }) =>
      api.call(billsRoutes.getBillingOrganizationBillsQueueCounts, {
        params: { organizationGuid: orgGuid },
        query,
        signal,
      }),
  });
}

/** Counts per billing queue of an organisation, for the client/entity filter (undefined = all). */
export function useQueueCounts(orgGuid: string, filters: { client?: string; entity?: string } = {}) {
  const { api } = useSession();
  return useQuery({
    ...queueCountsQuery(api, orgGuid, filters),
    enabled: orgGuid !== '',
    placeholderData: keepPreviousData,
  });
}

/** Refreshes every bill query (lists, counts, bills) after a write. */
export function useInvalidateBills() {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: BILLS_KEY }), [queryClient]);
}
