import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, type Paged, type RouteDeclaration } from '@bp/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useSession } from '../../session/session-context.ts';
import { callDeclared, type ListSource, type PagedRoute, type RowOf } from './route-source.ts';

/** What a list's key is made of: a declared route and its path parameters (none when it takes none). */
export interface KeySource {
  route: RouteDeclaration;
  params?: unknown;
}

export type ListQuery = Record<string, string | number | boolean | undefined>;

/**
 * Every query of a route's list (its pages, its choices) starts with this key, so one invalidation
 * refreshes them all. The route's pattern and the parameters, not a built path: a source whose
 * parameters are not known yet (a disabled query) still has a key.
 */
export function listKey(source: KeySource): readonly unknown[] {
  return ['records', source.route.path, source.params ?? {}];
}

export interface PagedListOptions {
  enabled?: boolean;
  /** Refetch while the screen is shown (entity lists: ENTITY_REFETCH_INTERVAL_MS). */
  refetchInterval?: number;
}

/** One page of a `{count, next, previous, results}` list; `page` is 1-based as the API counts. */
export function usePagedList<R extends PagedRoute>(
  source: ListSource<R>,
  query: ListQuery,
  options: PagedListOptions = {},
) {
  const { api } = useSession();
  const params = { page_size: DEFAULT_PAGE_SIZE, ...query };
  return useQuery({
    queryKey: [...listKey(source), params],
    queryFn: ({ signal }) =>
      callDeclared(api, source.route, { params: source.params, query: params, signal }) as Promise<
        Paged<RowOf<R>>
      >,
    // Keep the rows on screen while the next page or search loads, instead of flashing empty.
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
    refetchInterval: options.refetchInterval,
  });
}

/** The first 100 rows of a list, for choosing one in a select. */
export function useChoices<R extends PagedRoute>(source: ListSource<R>, options: PagedListOptions = {}) {
  return usePagedList(source, { page: 1, page_size: MAX_PAGE_SIZE }, options);
}

/** Refreshes every query of a route's list (after an add, edit or delete). */
export function useInvalidateList() {
  const queryClient = useQueryClient();
  return useCallback(
    (source: KeySource) => queryClient.invalidateQueries({ queryKey: listKey(source) }),
    [queryClient],
  );
}
