import { type ClientUser, type Entity, entitiesRoutes } from '@bp/contracts';
import { useQuery } from '@tanstack/react-query';
import { useSession } from '../../session/session-context.ts';
import { type KeySource, listKey, useChoices } from '../client-records/index.ts';
import type { Selections } from './DesigneeLimitsForm.tsx';
import { designeeLists } from './designee-lists.ts';
import { useClientVendors, type VendorChoice } from './useClientVendors.ts';

/** The designee's own lists: designated entities, designated vendors and excluded vendors. */
function useSelections(clientGuid: string, clientUserGuid: string) {
  const { api } = useSession();
  const { designatedEntities, designatedVendors, excludedVendors } = designeeLists(clientGuid);
  const query = { client_user: clientUserGuid };
  const keyOf = (source: KeySource) => [...listKey(source), 'of', clientUserGuid];
  return {
    designatedEntities: useQuery({
      queryKey: keyOf(designatedEntities),
      queryFn: ({ signal }) =>
        api.call(designatedEntities.route, { params: designatedEntities.params, query, signal }),
    }),
    designatedVendors: useQuery({
      queryKey: keyOf(designatedVendors),
      queryFn: ({ signal }) =>
        api.call(designatedVendors.route, { params: designatedVendors.params, query, signal }),
    }),
    excludedVendors: useQuery({
      queryKey: keyOf(excludedVendors),
      queryFn: ({ signal }) =>
        api.call(excludedVendors.route, { params: excludedVendors.params, query, signal }),
    }),
  };
}

export type DesigneeLimitsState =
  | { status: 'loading' }
  | { status: 'error'; error: unknown; retry: () => void }
  | { status: 'ready'; entities: Entity[]; vendors: VendorChoice[]; initial: Selections };

/** Everything the limits form needs: the client's entities and vendors, and the designee's current lists. */
export function useDesigneeLimits(clientGuid: string, user: ClientUser): DesigneeLimitsState {
  const entities = useChoices({ route: entitiesRoutes.getAccountsClientEntities, params: { clientGuid } });
  const entityRows = entities.data?.results ?? [];
  const vendors = useClientVendors(clientGuid, entityRows, entities.isSuccess);
  const { designatedEntities, designatedVendors, excludedVendors } = useSelections(clientGuid, user.guid);

  const failed = [entities, designatedEntities, designatedVendors, excludedVendors].find((q) => q.isError);
  if (failed) return { status: 'error', error: failed.error, retry: () => void failed.refetch() };
  if (
    !entities.data ||
    !designatedEntities.data ||
    !designatedVendors.data ||
    !excludedVendors.data ||
    vendors.isPending
  ) {
    return { status: 'loading' };
  }
  return {
    status: 'ready',
    entities: entityRows,
    vendors: vendors.vendors,
    initial: {
      entities: designatedEntities.data.entities.map((e) => e.guid),
      designated: designatedVendors.data.vendors.map((v) => v.guid),
      excluded: excludedVendors.data.vendors.map((v) => v.guid),
    },
  };
}
