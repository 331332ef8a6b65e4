/**
 * The choices of the bill and commitment forms: a client's active entities, and an entity's vendors,
 * accounts and divisions.
 */
import { entitiesRoutes, MAX_PAGE_SIZE, type Paged } from '@bp/contracts';
import { useQuery } from '@tanstack/react-query';
import { useSession } from '../../../session/session-context.ts';
import {
  callDeclared,
  type ListSource,
  type PagedRoute,
  type RowOf,
} from '../../client-records/route-source.ts';
import { listKey } from '../../client-records/usePagedList.ts';

/** The first page of up to 100 rows, under the list key the entity screens refresh. */
function useChoiceList<R extends PagedRoute>(
  source: ListSource<R>,
  query: Record<string, string | number>,
  enabled: boolean,
) {
  const { api } = useSession();
  const params = { page: 1, page_size: MAX_PAGE_SIZE, ...query };
  return useQuery({
    queryKey: [...listKey(source), params],
    queryFn: ({ signal }) =>
      callDeclared(api, source.route, { params: source.params, query: params, signal }) as Promise<
        Paged<RowOf<R>>
      >,
    enabled,
    staleTime: 30_000,
  });
}

/** The client's active (not archived) entities. */
export function useEntityChoices(clientGuid: string) {
  return useChoiceList(
    { route: entitiesRoutes.getAccountsClientEntities, params: { clientGuid } },
    {},
    clientGuid !== '',
  );
}

/** The entity's active vendors. */
export function useVendorChoices(clientGuid: string, entityGuid: string) {
  return useChoiceList(
    { route: entitiesRoutes.getBillingClientEntityVendors, params: { clientGuid, entityGuid } },
    {},
    entityGuid !== '',
  );
}

/** The accounts a bill line may use (active and assignable). */
export function useAccountChoices(clientGuid: string, entityGuid: string) {
  return useChoiceList(
    { route: entitiesRoutes.getBillingClientEntityAccounts, params: { clientGuid, entityGuid } },
    { assignable: 'true' },
    entityGuid !== '',
  );
}

/** The entity's divisions (the form offers the active ones). */
export function useDivisionChoices(clientGuid: string, entityGuid: string) {
  return useChoiceList(
    { route: entitiesRoutes.getBillingClientEntityDivisions, params: { clientGuid, entityGuid } },
    {},
    entityGuid !== '',
  );
}
