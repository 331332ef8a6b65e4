import { type ApiClient, ApiError, type CallResult } from '@bp/api-client';
import { billsRoutes } from '@bp/contracts';
import { queryOptions } from '@tanstack/react-query';
import { BILLS_KEY } from './bills-key.ts';

/**
 * Query keys and reads of the bills, their lists and the queue counts: the screens' hooks (bill-api.ts)
 * use them, and so do the route loaders (app/route-prefetch.ts), so that a page finds what its loader
 * started. No hooks here: the loaders are in the entry chunk, and the hooks' module would bring the
 * query library's list and infinite-query code with it.
 */

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

/** The bill page's read of its bill: a missing or forbidden bill stays so; other failures get one more try. */
export function billPageQuery(api: ApiClient, clientGuid: string, billGuid: string) {
  return queryOptions({
    ...billQuery(api, clientGuid, billGuid),
    retry: (count: number, error: unknown) =>
      !(error instanceof ApiError && (error.status === 404 || error.status === 403)) && count < 1,
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
