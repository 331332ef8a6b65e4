import { STORAGE_KEYS } from '@bp/api-client';
import type { BillAudience } from '../features/bills/page/api.ts';
import { prefetchBillPage } from '../features/bills/page/bill-queries.ts';
import {
  isBillingQueue,
  queueFilters,
  queueListParams,
  readQueueParams,
} from '../features/bills/queues/queue-params.ts';
import { billListQuery, queueCountsQuery } from '../features/bills/shared/bill-api.ts';
import type { RoutePrefetch } from './route-prefetch.ts';

/** The reads the route loaders start (route-prefetch.ts), with the same queries as the pages' hooks. */

/** The billing queue page: its page of bills and the counts of every queue, together. */
export async function prefetchBillingQueue(
  { queryClient, api, storage }: RoutePrefetch,
  queue: string | undefined,
  search: URLSearchParams,
): Promise<void> {
  const orgGuid = storage.getItem(STORAGE_KEYS.organizationGuid);
  if (!orgGuid || !isBillingQueue(queue)) return;
  const params = readQueueParams(search);
  await Promise.all([
    queryClient.prefetchQuery(
      billListQuery(api, { organizationGuid: orgGuid }, queueListParams(queue, params)),
    ),
    queryClient.prefetchQuery(queueCountsQuery(api, orgGuid, queueFilters(params))),
  ]);
}

/** The bill page: the bill, then its parts. */
export function prefetchBill(
  { queryClient, api }: RoutePrefetch,
  clientGuid: string,
  billGuid: string,
  audience: BillAudience,
): Promise<void> {
  return prefetchBillPage(queryClient, api, clientGuid, billGuid, audience);
}
