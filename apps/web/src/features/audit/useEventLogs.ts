import { auditRoutes, DEFAULT_PAGE_SIZE } from '@bp/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSession } from '../../session/session-context.ts';
import { organizationKey } from '../groups/usePermissionCatalogue.ts';

export const EVENT_LOGS_PAGE_SIZE = DEFAULT_PAGE_SIZE;

/** The API's filters; an absent one does not filter. Dates are yyyy-MM-dd, inclusive. */
export interface EventLogFilters {
  user?: string | undefined;
  object_type?: string | undefined;
  client?: string | undefined;
  date_from?: string | undefined;
  date_to?: string | undefined;
}

/** One page of the organisation's audit history, newest first (`page` is 1-based). */
export function useEventLogs(orgGuid: string, page: number, filters: EventLogFilters) {
  const { api } = useSession();
  return useQuery({
    queryKey: [...organizationKey(orgGuid), 'event-logs', { page, ...filters }],
    queryFn: ({ signal }) =>
      api.call(auditRoutes.getAccountsOrganizationEventLogs, {
        params: { orgGuid },
        query: { page, page_size: EVENT_LOGS_PAGE_SIZE, ...filters },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
