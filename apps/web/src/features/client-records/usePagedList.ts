import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, type Paged } from '@bp/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useSession } from '../../session/session-context.ts';

export type ListQuery = Record<string, string | number | boolean | undefined>;

/** Every list query of a path starts with this key, so one invalidation refreshes them all. */
export function listKey(path: string): readonly unknown[] {
  return ['records', path];
}

export interface PagedListOptions {
  enabled?: boolean;
  /** Refetch while the screen is shown (entity lists: ENTITY_REFETCH_INTERVAL_MS). */
  refetchInterval?: number;
}

/** One page of a `{count, next, previous, results}` list; `page` is 1-based as the API counts. */
export function usePagedList<T>(path: string, query: ListQuery, options: PagedListOptions = {}) {
  const { api } = useSession();
  const params = { page_size: DEFAULT_PAGE_SIZE, ...query };
  return useQuery({
    queryKey: [...listKey(path), params],
    queryFn: ({ signal }) => api.get<Paged<T>>(path, { query: params, signal }),
    // Keep the rows on screen while the next page or search loads, instead of flashing empty.
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
    refetchInterval: options.refetchInterval,
  });
}

/** The first 100 rows of a list, for choosing one in a select. */
export function useChoices<T>(path: string, options: PagedListOptions = {}) {
  return usePagedList<T>(path, { page: 1, page_size: MAX_PAGE_SIZE }, options);
}

/** Refreshes every query of a list path (after an add, edit or delete). */
export function useInvalidateList() {
  const queryClient = useQueryClient();
  return useCallback(
    (path: string) => queryClient.invalidateQueries({ queryKey: listKey(path) }),
    [queryClient],
  );
}
