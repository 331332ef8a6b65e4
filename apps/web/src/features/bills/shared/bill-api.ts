import type { CallResult } from '@bp/api-client';
/**
 * Query keys and hooks of the bill API (SPEC.md §7 "Billing"; declared in contracts routes/bills.ts).
 * Every bill query key starts with BILLS_KEY, so one invalidation refreshes lists, counts and bills.
 */
import { billsRoutes } from '@bp/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
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

/** GET one bill. */
export function useBill(clientGuid: string, billGuid: string, options: { enabled?: boolean } = {}) {
  const { api } = useSession();
  return useQuery({
    queryKey: billQueryKey(clientGuid, billGuid),
    queryFn: ({ signal }) =>
      api.call(billsRoutes.getBillingClientBill, { params: { clientGuid, billGuid }, signal }),
    enabled: (options.enabled ?? true) && clientGuid !== '' && billGuid !== '',
  });
}

export type BillListParams = Record<string, string | number | undefined>;

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
  const query = Object.fromEntries(Object.entries(params).filter(([, value]) => value !== undefined));
  return useQuery({
    queryKey: billListKey(source, query),
    queryFn: ({ signal }) =>
      ('clientGuid' in source
        ? api.call(billsRoutes.getBillingClientBills, { params: source, query, signal })
        : api.call(billsRoutes.getBillingOrganizationBills, { params: source, query, signal })) as Promise<
        S extends { clientGuid: string }
          ? CallResult<typeof billsRoutes.getBillingClientBills>
          : CallResult<typeof billsRoutes.getBillingOrganizationBills>
      >,
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}

/** Counts per billing queue of an organisation, for the client/entity filter (undefined = all). */
export function useQueueCounts(orgGuid: string, filters: { client?: string; entity?: string } = {}) {
  const { api } = useSession();
  const query = Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined));
  return useQuery({
    queryKey: [...queueCountsKey(orgGuid), query],
    queryFn: ({ signal }) =>
      api.call(billsRoutes.getBillingOrganizationBillsQueueCounts, {
        params: { organizationGuid: orgGuid },
        query,
        signal,
      }),
    enabled: orgGuid !== '',
    placeholderData: keepPreviousData,
  });
}

/** Refreshes every bill query (lists, counts, bills) after a write. */
export function useInvalidateBills() {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: BILLS_KEY }), [queryClient]);
}
