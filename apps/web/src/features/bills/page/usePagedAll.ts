import type { Paged } from '@bp/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useSession } from '../../../session/session-context.ts';

/**
 * A list read page by page (oldest first, as the API orders it), with `fetchNextPage` behind a
 * "Show more" button. `items` is every loaded page in order.
 */
export function usePagedAll<T>(
  queryKey: readonly unknown[],
  path: string,
  options: { pageSize?: number; ordering?: string; enabled?: boolean } = {},
) {
  const { api } = useSession();
  const query = useInfiniteQuery({
    queryKey,
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      api.get<Paged<T>>(path, {
        query: { page: pageParam, page_size: options.pageSize ?? 50, ordering: options.ordering },
        signal,
      }),
    getNextPageParam: (last, pages) => (last.next ? pages.length + 1 : undefined),
    enabled: options.enabled ?? true,
  });
  const items = query.data?.pages.flatMap((page) => page.results) ?? [];
  const total = query.data?.pages[0]?.count ?? 0;
  return { ...query, items, total };
}
