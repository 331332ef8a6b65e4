import { clientsRoutes } from '@bp/contracts';

/**
 * The lists a designee's limits are read from and written to, each the source (route and parameters)
 * its query key is made of, so the limits form refreshes exactly what the screens read.
 */
export function designeeLists(clientGuid: string) {
  const params = { clientGuid };
  return {
    users: { route: clientsRoutes.getAccountsClientUsers, params },
    designatedEntities: { route: clientsRoutes.getAccountsClientDesignatedEntities, params },
    designatedVendors: { route: clientsRoutes.getAccountsClientDesignatedVendors, params },
    excludedVendors: { route: clientsRoutes.getAccountsClientExcludedVendors, params },
  };
}
