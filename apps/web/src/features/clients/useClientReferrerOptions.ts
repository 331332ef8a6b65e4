import { clientsRoutes, MAX_PAGE_SIZE, type OrgClient } from '@bp/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useSession } from '../../session/session-context.ts';
import type { FieldOption } from '../client-records/index.ts';

export const clientReferrersKey = ['accounts', 'client-referrers'] as const;

/**
 * The referrers a client may be referred by (GET /v1/accounts/client-referrers), fetched while the
 * client form is open. The client's current referrer is always an option, even before the list loads.
 */
export function useClientReferrerOptions(
  enabled: boolean,
  current: OrgClient['client_referrer'] = null,
): FieldOption[] {
  const { api } = useSession();
  const referrers = useQuery({
    queryKey: clientReferrersKey,
    queryFn: ({ signal }) =>
      api.call(clientsRoutes.getAccountsClientReferrers, {
        query: { page: 1, page_size: MAX_PAGE_SIZE },
        signal,
      }),
    enabled,
    staleTime: 60_000,
  });
  const listed = referrers.data?.results;
  return useMemo(() => {
    const options = (listed ?? []).map((r) => ({ value: r.guid, label: r.name }));
    if (current && !options.some((o) => o.value === current.guid)) {
      options.unshift({ value: current.guid, label: current.name });
    }
    return options;
  }, [listed, current]);
}
