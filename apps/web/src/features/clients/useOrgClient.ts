import { MAX_PAGE_SIZE, type OrgClient, type Paged } from '@bp/contracts';
import { useQuery } from '@tanstack/react-query';
import { useSession } from '../../session/session-context.ts';
import { listKey, orgClientPath, orgClientsPath } from '../client-records/index.ts';

/** One client of the organisation; under the list's key, so list invalidations refresh it too. */
export function orgClientKey(orgGuid: string, clientGuid: string): readonly unknown[] {
  return [...listKey(orgClientsPath(orgGuid)), 'one', clientGuid];
}

export function useOrgClient(orgGuid: string, clientGuid: string) {
  const { api } = useSession();
  return useQuery({
    queryKey: orgClientKey(orgGuid, clientGuid),
    queryFn: ({ signal }) => api.get<OrgClient>(orgClientPath(orgGuid, clientGuid), { signal }),
    enabled: orgGuid !== '' && clientGuid !== '',
  });
}

/**
 * The organisation's clients (first 100 by name), for client filters and pickers; `search` narrows them
 * on the server (name contains), so a picker finds a client past the first 100.
 */
export function useOrgClientChoices(orgGuid: string, search = '') {
  const { api } = useSession();
  const path = orgClientsPath(orgGuid);
  const params = { page: 1, page_size: MAX_PAGE_SIZE, ordering: 'name', ...(search ? { search } : {}) };
  return useQuery({
    queryKey: [...listKey(path), params],
    queryFn: ({ signal }) => api.get<Paged<OrgClient>>(path, { query: params, signal }),
    enabled: orgGuid !== '',
    staleTime: 60_000,
  });
}
