import type { ClientUser, DesignatedEntities, Entity, VendorSelection } from '@bp/contracts';
import { useQuery } from '@tanstack/react-query';
import { useSession } from '../../session/session-context.ts';
import { clientApiPath, listKey, useChoices } from '../client-records/index.ts';
import type { Selections } from './DesigneeLimitsForm.tsx';
import { useClientVendors, type VendorChoice } from './useClientVendors.ts';

function useSelection<T>(path: string, clientUserGuid: string) {
  const { api } = useSession();
  return useQuery({
    queryKey: [...listKey(path), 'of', clientUserGuid],
    queryFn: ({ signal }) => api.get<T>(path, { query: { client_user: clientUserGuid }, signal }),
  });
}

export type DesigneeLimitsState =
  | { status: 'loading' }
  | { status: 'error'; error: unknown; retry: () => void }
  | { status: 'ready'; entities: Entity[]; vendors: VendorChoice[]; initial: Selections };

/** Everything the limits form needs: the client's entities and vendors, and the designee's current lists. */
export function useDesigneeLimits(clientGuid: string, user: ClientUser): DesigneeLimitsState {
  const entities = useChoices<Entity>(clientApiPath(clientGuid, 'entities'));
  const entityRows = entities.data?.results ?? [];
  const vendors = useClientVendors(clientGuid, entityRows, entities.isSuccess);
  const designatedEntities = useSelection<DesignatedEntities>(
    clientApiPath(clientGuid, 'designated_entities'),
    user.guid,
  );
  const designatedVendors = useSelection<VendorSelection>(
    clientApiPath(clientGuid, 'designated_vendors'),
    user.guid,
  );
  const excludedVendors = useSelection<VendorSelection>(
    clientApiPath(clientGuid, 'excluded-vendors'),
    user.guid,
  );

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
