import { DEFAULT_PAGE_SIZE, institutionsRoutes } from '@bp/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSession } from '../../session/session-context.ts';

export const INSTITUTIONS_PAGE_SIZE = DEFAULT_PAGE_SIZE;
export const institutionsKey = ['accounts', 'institutions'] as const;

/** One page of the shared institution list, by name (`page` is 1-based). */
export function useInstitutions(page: number, search: string) {
  const { api } = useSession();
  return useQuery({
    queryKey: [...institutionsKey, { page, search }],
    queryFn: ({ signal }) =>
      api.call(institutionsRoutes.getAccountsInstitutions, {
        query: { page, page_size: INSTITUTIONS_PAGE_SIZE, search: search || undefined, ordering: 'name' },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
