/** API paths of a client's records and of an entity's books (SPEC.md §7 "Accounts", "Billing"). */

export type ClientResource =
  | 'entities'
  | 'users'
  | 'user-invitations'
  | 'designated_entities'
  | 'designated_vendors'
  | 'excluded-vendors'
  | 'properties'
  | 'contacts'
  | 'institutions'
  | 'bank-contacts'
  | 'documents';

export type BookResource = 'divisions' | 'accounts' | 'payment-terms' | 'vendors' | 'customers';

const segment = (value: string) => encodeURIComponent(value);

/** `/v1/accounts/clients/{clientGuid}/{resource}` */
export function clientApiPath(clientGuid: string, resource: ClientResource): string {
  return `/v1/accounts/clients/${segment(clientGuid)}/${resource}`;
}

/** `/v1/billing/clients/{clientGuid}/entities/{entityGuid}/{resource}` */
export function bookApiPath(clientGuid: string, entityGuid: string, resource: BookResource): string {
  return `/v1/billing/clients/${segment(clientGuid)}/entities/${segment(entityGuid)}/${resource}`;
}

/** `/v1/accounts/organizations/{orgGuid}/clients` */
export function orgClientsPath(orgGuid: string): string {
  return `/v1/accounts/organizations/${segment(orgGuid)}/clients`;
}

/** `/v1/accounts/organizations/{orgGuid}/clients/{clientGuid}` */
export function orgClientPath(orgGuid: string, clientGuid: string): string {
  return `${orgClientsPath(orgGuid)}/${segment(clientGuid)}`;
}

/** An item of a list: `{listPath}/{guid}`. */
export function itemPath(listPath: string, guid: string): string {
  return `${listPath}/${segment(guid)}`;
}
