import type { ApiClient } from '@bp/api-client';
import { billMessagesRoutes, billsRoutes, billWorkflowRoutes } from '@bp/contracts';
import { infiniteQueryOptions, type QueryClient, queryOptions } from '@tanstack/react-query';
import { billQuery } from '../shared/bill-api.ts';
import { type BillAudience, billPartKey, isStatus } from './api.ts';

/**
 * The bill page's reads, each with its key: the screens' hooks use them, and so does the route's loader
 * (app/route-prefetch.ts), which starts them all together when the page's url is known, so that the
 * page finds them in the cache (or under way) instead of asking one after another. Kept free of
 * components: the loader is in the entry chunk.
 */

/** The bill itself: a missing or forbidden bill stays so; other failures get one more try. */
export function billPageQuery(api: ApiClient, clientGuid: string, billGuid: string) {
  return queryOptions({
    ...billQuery(api, clientGuid, billGuid),
    retry: (count: number, error: unknown) => !isStatus(error, 404) && !isStatus(error, 403) && count < 1,
  });
}

export function billAttachmentsQuery(api: ApiClient, clientGuid: string, billGuid: string) {
  return queryOptions({
    queryKey: billPartKey(clientGuid, billGuid, 'attachments'),
    queryFn: ({ signal }) =>
      api.call(billsRoutes.getBillingClientBillAttachments, { params: { clientGuid, billGuid }, signal }),
  });
}

/** Staff only: the bill's tasks. */
export function billTasksQuery(api: ApiClient, clientGuid: string, billGuid: string) {
  return queryOptions({
    queryKey: billPartKey(clientGuid, billGuid, 'tasks'),
    queryFn: ({ signal }) =>
      api.call(billWorkflowRoutes.getBillingClientBillTasks, { params: { clientGuid, billGuid }, signal }),
  });
}

/** The lists of one bill read page by page (usePagedAll.ts): its notes, its history and its messages. */
const pagedAllRoutes = {
  notes: billsRoutes.getBillingClientBillNotes,
  events: billsRoutes.getBillingClientBillEvents,
  messages: billMessagesRoutes.getBillingClientBillMessages,
} as const;
export type PagedAllList = keyof typeof pagedAllRoutes;

/** How each list is read on the bill page: notes and messages oldest first, the history as the API orders it. */
export const PAGED_ALL_ORDERING: Record<PagedAllList, string | undefined> = {
  notes: 'created_on',
  messages: 'created_on',
  events: undefined,
};

export interface PagedAllOptions {
  pageSize?: number;
  ordering?: string | undefined;
}

/** Every page of `list` from page 1 on, fetched one "Show more" at a time. */
export function pagedAllQuery<L extends PagedAllList>(
  api: ApiClient,
  list: L,
  params: { clientGuid: string; billGuid: string },
  options: PagedAllOptions = {},
) {
  return infiniteQueryOptions({
    queryKey: billPartKey(params.clientGuid, params.billGuid, list),
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      api.call(pagedAllRoutes[list] as (typeof pagedAllRoutes)[PagedAllList], {
        params,
        query: { page: pageParam, page_size: options.pageSize ?? 50, ordering: options.ordering },
        signal,
      }),
    getNextPageParam: (last, pages) => (last.next ? pages.length + 1 : undefined),
  });
}

/**
 * Starts the bill page's reads (route-prefetch.ts): the bill first, then, once it has arrived, the parts
 * the page shows to `audience` (staff also see tasks and notes), as the page itself would ask for them
 * after showing the bill. A missing or forbidden bill leaves the parts unasked, as the page does.
 */
export async function prefetchBillPage(
  queryClient: QueryClient,
  api: ApiClient,
  clientGuid: string,
  billGuid: string,
  audience: BillAudience,
): Promise<void> {
  const bill = billPageQuery(api, clientGuid, billGuid);
  await queryClient.prefetchQuery(bill);
  if (queryClient.getQueryState(bill.queryKey)?.status !== 'success') return;
  const params = { clientGuid, billGuid };
  const staff = audience === 'staff';
  const paged = (list: PagedAllList) =>
    queryClient.prefetchInfiniteQuery(
      pagedAllQuery(api, list, params, { ordering: PAGED_ALL_ORDERING[list] }),
    );
  await Promise.all([
    queryClient.prefetchQuery(billAttachmentsQuery(api, clientGuid, billGuid)),
    staff ? queryClient.prefetchQuery(billTasksQuery(api, clientGuid, billGuid)) : null,
    paged('messages'),
    staff ? paged('notes') : null,
    paged('events'),
  ]);
}
