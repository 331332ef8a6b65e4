import { organizationsRoutes } from '@bp/contracts';
import { useQuery } from '@tanstack/react-query';
import { useSession } from '../../session/session-context.ts';
import { organizationKey } from '../groups/usePermissionCatalogue.ts';

export const organizationDetailKey = (orgGuid: string) => [...organizationKey(orgGuid), 'detail'] as const;

export function useOrganizationDetail(orgGuid: string) {
  const { api } = useSession();
  return useQuery({
    queryKey: organizationDetailKey(orgGuid),
    queryFn: ({ signal }) =>
      api.call(organizationsRoutes.getAccountsOrganization, { params: { orgGuid }, signal }),
  });
}
