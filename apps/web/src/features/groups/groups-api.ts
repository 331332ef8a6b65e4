import { DEFAULT_PAGE_SIZE, groupsRoutes, MAX_PAGE_SIZE } from '@bp/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSession } from '../../session/session-context.ts';
import { organizationKey } from './usePermissionCatalogue.ts';

export const GROUPS_PAGE_SIZE = DEFAULT_PAGE_SIZE;
export const MEMBERS_PAGE_SIZE = DEFAULT_PAGE_SIZE;

/** Every group query of an organisation starts with this key, so one invalidation refreshes them all. */
export const groupsKey = (orgGuid: string) => [...organizationKey(orgGuid), 'groups'] as const;

/** One page of the organisation's groups, by name (`page` is 1-based as the API counts). */
export function useGroups(orgGuid: string, page: number) {
  const { api } = useSession();
  return useQuery({
    queryKey: [...groupsKey(orgGuid), 'list', { page }],
    queryFn: ({ signal }) =>
      api.call(groupsRoutes.getAccountsOrganizationGroups, {
        params: { orgGuid },
        query: { page, page_size: GROUPS_PAGE_SIZE, ordering: 'name' },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** Every group (an organisation has a handful; one full page holds them), for pickers. */
export function useAllGroups(orgGuid: string) {
  const { api } = useSession();
  return useQuery({
    queryKey: [...groupsKey(orgGuid), 'all'],
    queryFn: ({ signal }) =>
      api.call(groupsRoutes.getAccountsOrganizationGroups, {
        params: { orgGuid },
        query: { page: 1, page_size: MAX_PAGE_SIZE, ordering: 'name' },
        signal,
      }),
  });
}

export function useGroup(orgGuid: string, groupGuid: string) {
  const { api } = useSession();
  return useQuery({
    queryKey: [...groupsKey(orgGuid), 'detail', groupGuid],
    queryFn: ({ signal }) =>
      api.call(groupsRoutes.getAccountsOrganizationGroup, { params: { orgGuid, groupGuid }, signal }),
  });
}

export function useGroupMembers(orgGuid: string, groupGuid: string, page: number) {
  const { api } = useSession();
  return useQuery({
    queryKey: [...groupsKey(orgGuid), 'members', groupGuid, { page }],
    queryFn: ({ signal }) =>
      api.call(groupsRoutes.getAccountsOrganizationGroupUsers, {
        params: { orgGuid, groupGuid },
        query: { page, page_size: MEMBERS_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
