/**
 * Paths, query keys and hooks of the bill API (SPEC.md §7 "Billing"; contracts/bills.ts).
 * Every bill query key starts with BILLS_KEY, so one invalidation refreshes lists, counts and bills.
 */
import type { Bill, BillQueueCounts, BillSummary, Paged } from '@bp/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useSession } from '../../../session/session-context.ts';

const segment = (value: string) => encodeURIComponent(value);

/** `/v1/billing/clients/{clientGuid}/bills` (GET list, POST create) */
export function clientBillsPath(clientGuid: string): string {
  return `/v1/billing/clients/${segment(clientGuid)}/bills`;
}

/** `/v1/billing/clients/{clientGuid}/bills/{billGuid}` (GET, PATCH, DELETE) */
export function billApiPath(clientGuid: string, billGuid: string): string {
  return `${clientBillsPath(clientGuid)}/${segment(billGuid)}`;
}

/** `/v1/billing/organizations/{orgGuid}/bills` (the queues' list) */
export function orgBillsPath(orgGuid: string): string {
  return `/v1/billing/organizations/${segment(orgGuid)}/bills`;
}

/** `/v1/billing/organizations/{orgGuid}/bills/queue-counts` */
export function queueCountsPath(orgGuid: string): string {
  return `${orgBillsPath(orgGuid)}/queue-counts`;
}

/** `/v1/billing/organizations/{orgGuid}/bulk-approve-reject` */
export function bulkApproveRejectPath(orgGuid: string): string {
  return `/v1/billing/organizations/${segment(orgGuid)}/bulk-approve-reject`;
}

/** `/v1/billing/organizations/{orgGuid}/bulk-record-payment` */
export function bulkRecordPaymentPath(orgGuid: string): string {
  return `/v1/billing/organizations/${segment(orgGuid)}/bulk-record-payment`;
}

/** The staff bill page: `/clients/{clientGuid}/{userType}/bill/{billGuid}` (userType 'org' for staff). */
export function billPagePath(clientGuid: string, billGuid: string, userType = 'org'): string {
  return `/clients/${segment(clientGuid)}/${segment(userType)}/bill/${segment(billGuid)}`;
}

/** The staff bill entry form of a client. */
export function newBillPagePath(clientGuid: string): string {
  return `/clients/${segment(clientGuid)}/new-bill`;
}

/** Root of every bill query key. */
export const BILLS_KEY = ['bills'] as const;

/** One bill, as the bill page and the edit form read it. */
export function billQueryKey(clientGuid: string, billGuid: string) {
  return [...BILLS_KEY, 'one', clientGuid, billGuid] as const;
}

/** Every page of a bill list at `path` (org queues or a client's lists). */
export function billListKey(path: string, query?: Record<string, unknown>) {
  return query ? ([...BILLS_KEY, 'list', path, query] as const) : ([...BILLS_KEY, 'list', path] as const);
}

export function queueCountsKey(orgGuid: string) {
  return [...BILLS_KEY, 'queue-counts', orgGuid] as const;
}

/** GET one bill. */
export function useBill(clientGuid: string, billGuid: string, options: { enabled?: boolean } = {}) {
  const { api } = useSession();
  return useQuery({
    queryKey: billQueryKey(clientGuid, billGuid),
    queryFn: ({ signal }) => api.get<Bill>(billApiPath(clientGuid, billGuid), { signal }),
    enabled: (options.enabled ?? true) && clientGuid !== '' && billGuid !== '',
  });
}

export type BillListParams = Record<string, string | number | undefined>;

/** One page of bills at `path` with the filters of `params` (undefined values are left out). */
/** A page of bills; the organisation's queues answer BillQueueItem (each with the caller's `can`). */
export function useBillList<T extends BillSummary = BillSummary>(
  path: string,
  params: BillListParams,
  options: { enabled?: boolean } = {},
) {
  const { api } = useSession();
  const query = Object.fromEntries(Object.entries(params).filter(([, value]) => value !== undefined));
  return useQuery({
    queryKey: billListKey(path, query),
    queryFn: ({ signal }) => api.get<Paged<T>>(path, { query, signal }),
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
    queryFn: ({ signal }) => api.get<BillQueueCounts>(queueCountsPath(orgGuid), { query, signal }),
    enabled: orgGuid !== '',
    placeholderData: keepPreviousData,
  });
}

/** Refreshes every bill query (lists, counts, bills) after a write. */
export function useInvalidateBills() {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: BILLS_KEY }), [queryClient]);
}
