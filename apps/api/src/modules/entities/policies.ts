/**
 * Access policies of the entity and client-record routes (DESIGN §5). Observers never pass a `write`
 * policy; staff need the named permission; `staffOnly` refuses client users.
 */

/** Staff with clients.view, and the client's own users (a designee: its designated entities only). */
export const readPolicy = { kind: 'client', param: 'clientGuid', permission: 'clients.view' } as const;

/** Staff with entities.manage; never client users. */
export const managePolicy = {
  kind: 'client',
  param: 'clientGuid',
  permission: 'entities.manage',
  write: true,
  staffOnly: true,
} as const;

/** Staff with entities.manage or vendors.manage (the handler checks which; the policy cannot say "or"). */
export const vendorWritePolicy = {
  kind: 'client',
  param: 'clientGuid',
  write: true,
  staffOnly: true,
} as const;

/** Staff with entities.manage, or a client user with a writer role (properties, contacts). */
export const recordWritePolicy = {
  kind: 'client',
  param: 'clientGuid',
  permission: 'entities.manage',
  write: true,
} as const;

/** Staff with documents.manage, or a client user with a writer role. */
export const documentUploadPolicy = {
  kind: 'client',
  param: 'clientGuid',
  permission: 'documents.manage',
  write: true,
} as const;

/** Staff with documents.manage only. */
export const documentManagePolicy = { ...documentUploadPolicy, staffOnly: true } as const;
