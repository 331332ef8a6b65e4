import type { CallResult } from '@bp/api-client';
import { billMessagesRoutes, billsRoutes } from '@bp/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useSession } from '../../../session/session-context.ts';

/**
 * A list read page by page (oldest first, as the API orders it), with `fetchNextPage` behind a
 * "Show more" button. `items` is every loaded page in order.
 */
/** The lists of one bill read this way: its notes, its history and its messages. */
const pagedAllRoutes = {
  notes: billsRoutes.getBillingClientBillNotes,
  events: billsRoutes.getBillingClientBillEvents,
  messages: billMessagesRoutes.getBillingClientBillMessages,
} as const;
type PagedAllList = keyof typeof pagedAllRoutes;
type ItemOf<L extends PagedAllList> =
  CallResult<(typeof pagedAllRoutes)[L]> extends { results: (infer T)[] } ? T : never;

export function usePagedAll<L extends PagedAllList>(
  queryKey: readonly unknown[],
  list: L,
  params: { clientGuid: string; billGuid: string },
  options: { pageSize?: number; ordering?: string; enabled?: boolean } = {},
) {
  const { api } = useSession();
  const query = useInfiniteQuery({
    queryKey,
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      api.call(pagedAllRoutes[list] as (typeof pagedAllRoutes)[PagedAllList], {
        params,
        query: { page: pageParam, page_size: options.pageSize ?? 50, ordering: options.ordering },
        signal,
      }),
    getNextPageParam: (last, pages) => (last.next ? pages.length + 1 : undefined),
    enabled: options.enabled ?? true,
  });
  // One list's pages: the route chosen by `list` gives that list's items.
  const items = query.data?.pages.flatMap((page) => page.results as ItemOf<L>[]) ?? [];
  const total = query.data?.pages[0]?.count ?? 0;
  return { ...query, items, total };
}
