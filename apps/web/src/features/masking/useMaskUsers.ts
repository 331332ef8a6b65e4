import { authRoutes, DEFAULT_PAGE_SIZE } from '@bp/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSession } from '../../session/session-context.ts';

export const MASK_USERS_PAGE_SIZE = DEFAULT_PAGE_SIZE;

/** `page` is 1-based as the API counts. */
export function useMaskUsers(page: number, search: string) {
  const { api } = useSession();
  return useQuery({
    queryKey: ['auth', 'mask-users', { page, search }],
    queryFn: ({ signal }) =>
      api.call(authRoutes.getAuthMaskUsers, {
        query: { page, page_size: MASK_USERS_PAGE_SIZE, search: search || undefined },
        signal,
      }),
    // Keep the current rows on screen while the next page or search loads, instead of flashing empty.
    placeholderData: keepPreviousData,
  });
}
