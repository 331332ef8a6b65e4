import type { OrgClient } from '@bp/contracts';
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
