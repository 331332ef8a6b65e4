import type { ApiClient } from '@bp/api-client';
import { billMessagesRoutes, billsRoutes, billWorkflowRoutes } from '@bp/contracts';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { billPartKey } from './api.ts';

/**
 * The reads of a bill's parts, each with its key, for the bill page's hooks (the bill's own read is
 * shared/bill-queries.ts's `billPageQuery`, which the route loader starts too).
 */

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
