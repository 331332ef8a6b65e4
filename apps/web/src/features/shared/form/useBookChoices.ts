/**
 * The choices of the bill and commitment forms: a client's active entities, and an entity's vendors,
 * accounts and divisions.
 */
import type { Account, Division, Entity, Paged, Vendor } from '@bp/contracts';
import { MAX_PAGE_SIZE } from '@bp/contracts';
import { useQuery } from '@tanstack/react-query';
import { useSession } from '../../../session/session-context.ts';
import { bookApiPath, clientApiPath } from '../../client-records/api-paths.ts';
import { listKey } from '../../client-records/usePagedList.ts';

/** The first page of up to 100 rows, under the list key the entity screens refresh. */
function useChoiceList<T>(path: string, query: Record<string, string | number>, enabled: boolean) {
  const { api } = useSession();
  const params = { page: 1, page_size: MAX_PAGE_SIZE, ...query };
  return useQuery({
    queryKey: [...listKey(path), params],
    queryFn: ({ signal }) => api.get<Paged<T>>(path, { query: params, signal }),
    enabled,
    staleTime: 30_000,
  });
}

/** The client's active (not archived) entities. */
export function useEntityChoices(clientGuid: string) {
  return useChoiceList<Entity>(clientApiPath(clientGuid, 'entities'), {}, clientGuid !== '');
}

/** The entity's active vendors. */
export function useVendorChoices(clientGuid: string, entityGuid: string) {
  return useChoiceList<Vendor>(bookApiPath(clientGuid, entityGuid, 'vendors'), {}, entityGuid !== '');
}

/** The accounts a bill line may use (active and assignable). */
export function useAccountChoices(clientGuid: string, entityGuid: string) {
  return useChoiceList<Account>(
    bookApiPath(clientGuid, entityGuid, 'accounts'),
    { assignable: 'true' },
    entityGuid !== '',
  );
}

/** The entity's divisions (the form offers the active ones). */
export function useDivisionChoices(clientGuid: string, entityGuid: string) {
  return useChoiceList<Division>(bookApiPath(clientGuid, entityGuid, 'divisions'), {}, entityGuid !== '');
}
