import { clientsRoutes, MAX_PAGE_SIZE } from '@bp/contracts';
import { useQuery } from '@tanstack/react-query';
import { useSession } from '../../session/session-context.ts';
import { listKey } from '../client-records/index.ts';

/** The organisation's client list: its route and parameters, whose key every client query starts with. */
export function orgClientsList(orgGuid: string) {
  return { route: clientsRoutes.getAccountsOrganizationClients, params: { orgGuid } };
}

/** One client of the organisation; under the list's key, so list invalidations refresh it too. */
export function orgClientKey(orgGuid: string, clientGuid: string): readonly unknown[] {
  return [...listKey(orgClientsList(orgGuid)), 'one', clientGuid];
}

export function useOrgClient(orgGuid: string, clientGuid: string) {
  const { api } = useSession();
  return useQuery({
    queryKey: orgClientKey(orgGuid, clientGuid),
    queryFn: ({ signal }) =>
      api.call(clientsRoutes.getAccountsOrganizationClient, { params: { orgGuid, clientGuid }, signal }),
    enabled: orgGuid !== '' && clientGuid !== '',
  });
}

/**
 * The organisation's clients (first 100 by name), for client filters and pickers; `search` narrows them
 * on the server (name contains), so a picker finds a client past the first 100.
 */
export function useOrgClientChoices(orgGuid: string, search = '') {
  const { api } = useSession();
  const source = orgClientsList(orgGuid);
  const params = { page: 1, page_size: MAX_PAGE_SIZE, ordering: 'name', ...(search ? { search } : {}) };
  return useQuery({
    queryKey: [...listKey(source), params],
    queryFn: ({ signal }) => api.call(source.route, { params: source.params, query: params, signal }),
    enabled: orgGuid !== '',
    staleTime: 60_000,
  });
}
