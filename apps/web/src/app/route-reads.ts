import { STORAGE_KEYS } from '@bp/api-client';
import {
  isBillingQueue,
  queueFilters,
  queueListParams,
  readQueueParams,
} from '../features/bills/queues/queue-params.ts';
import { billListQuery, billPageQuery, queueCountsQuery } from '../features/bills/shared/bill-queries.ts';
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

/**
 * The bill page: the bill. Its parts (files, tasks, messages, notes, history) the page asks for as it
 * shows the bill, which is then already here; reading them from here too would put the paged lists'
 * query code in every page's first chunk, and their five requests beside the page's chunks on the
 * browser's six connections.
 */
export async function prefetchBill(
  { queryClient, api }: RoutePrefetch,
  clientGuid: string,
  billGuid: string,
): Promise<void> {
  await queryClient.prefetchQuery(billPageQuery(api, clientGuid, billGuid));
}
