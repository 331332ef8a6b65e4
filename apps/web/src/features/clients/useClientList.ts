import { ApiError } from '@bp/api-client';
import { clientsRoutes, MAX_PAGE_SIZE } from '@bp/contracts';
import { useQuery } from '@tanstack/react-query';
import { useSession } from '../../session/session-context.ts';

export const clientListQueryKey = ['accounts', 'clients', 1] as const;

export function isMustAcceptTerms(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'must_accept_terms';
}

/** SPEC.md §5/§9: page 1 only, up to 3 retries, never retried on must_accept_terms. */
export function useClientList() {
  const { api } = useSession();
  return useQuery({
    queryKey: clientListQueryKey,
    queryFn: () =>
      api.call(clientsRoutes.getAccountsClients, { query: { page: 1, page_size: MAX_PAGE_SIZE } }),
    retry: (failureCount, error) => !isMustAcceptTerms(error) && failureCount < 3,
  });
}
