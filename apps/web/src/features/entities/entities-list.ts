import { entitiesRoutes } from '@bp/contracts';

/** A client's entity list: its route and parameters, whose key the entity screens refresh after a change. */
export function entitiesList(clientGuid: string) {
  return { route: entitiesRoutes.getAccountsClientEntities, params: { clientGuid } };
}
