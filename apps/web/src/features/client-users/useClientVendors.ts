import { type Entity, entitiesRoutes, MAX_PAGE_SIZE } from '@bp/contracts';
import { useQueries } from '@tanstack/react-query';
import { useSession } from '../../session/session-context.ts';
import { listKey } from '../client-records/index.ts';

export interface VendorChoice {
  guid: string;
  name: string;
  entityNickname: string;
}

/** The vendors of every entity of a client (first 100 of each), for choosing designated or excluded ones. */
export function useClientVendors(clientGuid: string, entities: readonly Entity[], enabled: boolean) {
  const { api } = useSession();
  return useQueries({
    queries: entities.map((entity) => {
      const source = {
        route: entitiesRoutes.getBillingClientEntityVendors,
        params: { clientGuid, entityGuid: entity.guid },
      };
      const query = { page: 1, page_size: MAX_PAGE_SIZE };
      return {
        queryKey: [...listKey(source), query],
        queryFn: ({ signal }: { signal: AbortSignal }) =>
          api.call(source.route, { params: source.params, query, signal }),
        enabled,
      };
    }),
    combine: (results) => ({
      vendors: results.flatMap((result, index): VendorChoice[] =>
        (result.data?.results ?? []).map((vendor) => ({
          guid: vendor.guid,
          name: vendor.name,
          entityNickname: entities[index]?.nickname ?? '',
        })),
      ),
      isPending: results.some((result) => result.isPending),
    }),
  });
}
