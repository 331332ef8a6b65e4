import { MAX_PAGE_SIZE, organizationsRoutes } from '@bp/contracts';
import { useQuery } from '@tanstack/react-query';
import { useSession } from '../../session/session-context.ts';

export const organizationsQueryKey = ['accounts', 'organizations'] as const;

/** A person belongs to a handful of organisations; one full page is all of them. */
export function useOrganizations() {
  const { api } = useSession();
  return useQuery({
    queryKey: organizationsQueryKey,
    queryFn: () =>
      api.call(organizationsRoutes.getAccountsOrganizations, {
        query: { page: 1, page_size: MAX_PAGE_SIZE },
      }),
  });
}
