import type { CallResult } from '@bp/api-client';
import type { billMessagesRoutes, billsRoutes } from '@bp/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useSession } from '../../../session/session-context.ts';
import { PAGED_ALL_ORDERING, type PagedAllList, pagedAllQuery } from './bill-queries.ts';

interface PagedAllResults {
  notes: CallResult<typeof billsRoutes.getBillingClientBillNotes>;
  events: CallResult<typeof billsRoutes.getBillingClientBillEvents>;
  messages: CallResult<typeof billMessagesRoutes.getBillingClientBillMessages>;
}
type ItemOf<L extends PagedAllList> = PagedAllResults[L] extends { results: (infer T)[] } ? T : never;

/**
 * A list of one bill (its notes, its history or its messages) read page by page (oldest first, as the
 * API orders it), with `fetchNextPage` behind a "Show more" button. `items` is every loaded page in
 * order. Key and read are bill-queries.ts's `pagedAllQuery`, in the order the bill page reads the list.
 */
export function usePagedAll<L extends PagedAllList>(
  list: L,
  params: { clientGuid: string; billGuid: string },
  options: { pageSize?: number; enabled?: boolean } = {},
) {
  const { api } = useSession();
  const query = useInfiniteQuery({
    ...pagedAllQuery(api, list, params, {
      ordering: PAGED_ALL_ORDERING[list],
      ...(options.pageSize === undefined ? {} : { pageSize: options.pageSize }),
    }),
    enabled: options.enabled ?? true,
  });
  // One list's pages: the route chosen by `list` gives that list's items.
  const items = query.data?.pages.flatMap((page) => page.results as ItemOf<L>[]) ?? [];
  const total = query.data?.pages[0]?.count ?? 0;
  return { ...query, items, total };
}
