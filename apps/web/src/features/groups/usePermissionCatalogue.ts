import { organizationsRoutes } from '@bp/contracts';
import { useQuery } from '@tanstack/react-query';
import { useSession } from '../../session/session-context.ts';

export const organizationKey = (orgGuid: string) => ['accounts', 'organizations', orgGuid] as const;
export const permissionCatalogueKey = (orgGuid: string) =>
  [...organizationKey(orgGuid), 'permissions'] as const;

/**
 * The permission catalogue and what the signed-in user may do in the organisation (role, team level
 * and groups), so screens offer only the actions the API will accept.
 */
export function usePermissionCatalogue(orgGuid: string | null) {
  const { api } = useSession();
  return useQuery({
    queryKey: permissionCatalogueKey(orgGuid ?? ''),
    queryFn: ({ signal }) =>
      api.call(organizationsRoutes.getAccountsOrganizationPermissions, {
        params: { orgGuid: orgGuid ?? '' },
        signal,
      }),
    enabled: orgGuid !== null,
    staleTime: 30_000,
  });
}
