import { clientsRoutes, DEFAULT_PAGE_SIZE, staffRoutes } from '@bp/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSession } from '../../session/session-context.ts';
import { organizationKey } from '../groups/usePermissionCatalogue.ts';

export const STAFF_PAGE_SIZE = DEFAULT_PAGE_SIZE;
export const ASSIGNMENTS_PAGE_SIZE = DEFAULT_PAGE_SIZE;
/** Options shown by a picker while typing. */
export const PICKER_PAGE_SIZE = 20;

/** Every staff query of an organisation starts with this key. */
export const staffKey = (orgGuid: string) => [...organizationKey(orgGuid), 'users'] as const;

export interface StaffFilters {
  search: string;
  /** '' = every team. */
  teamLabel: string;
  /** '' = active and disabled. */
  isActive: '' | 'true' | 'false';
}

export function useStaffList(orgGuid: string, page: number, filters: StaffFilters) {
  const { api } = useSession();
  return useQuery({
    queryKey: [...staffKey(orgGuid), 'list', { page, ...filters }],
    queryFn: ({ signal }) =>
      api.call(staffRoutes.getAccountsOrganizationUsers, {
        params: { orgGuid },
        query: {
          page,
          page_size: STAFF_PAGE_SIZE,
          search: filters.search || undefined,
          team_label: filters.teamLabel || undefined,
          is_active: filters.isActive || undefined,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useStaffUser(orgGuid: string, userGuid: string) {
  const { api } = useSession();
  return useQuery({
    queryKey: [...staffKey(orgGuid), 'detail', userGuid],
    queryFn: ({ signal }) =>
      api.call(staffRoutes.getAccountsOrganizationUser, { params: { orgGuid, userGuid }, signal }),
  });
}

export function useAssignments(orgGuid: string, userGuid: string, page: number) {
  const { api } = useSession();
  return useQuery({
    queryKey: [...staffKey(orgGuid), 'clients', userGuid, { page }],
    queryFn: ({ signal }) =>
      api.call(staffRoutes.getAccountsOrganizationUserClients, {
        params: { orgGuid, userGuid },
        query: { page, page_size: ASSIGNMENTS_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** Staff whose name or e-mail matches, for pickers. */
export function useStaffSearch(orgGuid: string, search: string, enabled: boolean) {
  const { api } = useSession();
  return useQuery({
    queryKey: [...staffKey(orgGuid), 'search', search],
    queryFn: ({ signal }) =>
      api.call(staffRoutes.getAccountsOrganizationUsers, {
        params: { orgGuid },
        query: { page: 1, page_size: PICKER_PAGE_SIZE, search: search || undefined },
        signal,
      }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** The organisation's clients (not archived) whose name matches, for pickers. */
export function useClientSearch(orgGuid: string, search: string, enabled: boolean) {
  const { api } = useSession();
  return useQuery({
    queryKey: [...organizationKey(orgGuid), 'clients', 'search', search],
    queryFn: ({ signal }) =>
      api.call(clientsRoutes.getAccountsOrganizationClients, {
        params: { orgGuid },
        query: { page: 1, page_size: PICKER_PAGE_SIZE, search: search || undefined, ordering: 'name' },
        signal,
      }),
    enabled,
    placeholderData: keepPreviousData,
  });
}
