/**
 * Hooks of the bill API (SPEC.md §7 "Billing"; declared in contracts routes/bills.ts), over the keys and
 * reads of bill-queries.ts. Every bill query key starts with BILLS_KEY, so one invalidation refreshes
 * lists, counts and bills.
 */
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useSession } from '../../../session/session-context.ts';
import {
  type BillListParams,
  type BillListSource,
  billListQuery,
  billQuery,
  queueCountsQuery,
} from './bill-queries.ts';
import { BILLS_KEY } from './bills-key.ts';

export * from './bill-queries.ts';
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

/** GET one bill. */
export function useBill(clientGuid: string, billGuid: string, options: { enabled?: boolean } = {}) {
  const { api } = useSession();
  return useQuery({
    ...billQuery(api, clientGuid, billGuid),
    enabled: (options.enabled ?? true) && clientGuid !== '' && billGuid !== '',
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
