/**
 * Access policies of the inbox routes (DESIGN §5), as the bill and document routes pick theirs: staff of
 * the client's organisation with the named permission, the client's own users per their role (observers
 * never pass a `write` policy), and designees limited to their entities' e-mails by the service.
 */

/** The client's inbox, its files and its address: staff who see clients, and the client's own users. */
export const inboxReadPolicy = { kind: 'client', param: 'clientGuid', permission: 'clients.view' } as const;

/** Hand uploads: staff who enter bills, and client users who may write (the service checks their role). */
export const inboxUploadPolicy = {
  kind: 'client',
  param: 'clientGuid',
  permission: 'bills.create',
  write: true,
} as const;

/** Archiving and bringing back e-mails: staff who turn them into bills; never client users. */
export const inboxManagePolicy = { ...inboxUploadPolicy, staffOnly: true } as const;

/** What an attachment proposes for the bill form: staff who enter bills (a read). */
export const inboxPrefillPolicy = {
  kind: 'client',
  param: 'clientGuid',
  permission: 'bills.create',
  staffOnly: true,
} as const;

/** A new inbox address retires the old one: staff who manage clients only. */
export const inboxAddressPolicy = {
  kind: 'client',
  param: 'clientGuid',
  permission: 'clients.manage',
  write: true,
  staffOnly: true,
} as const;

/** The organisation's inbox across its clients: its staff who see clients. */
export const organizationInboxPolicy = {
  kind: 'organization',
  param: 'organizationGuid',
  permission: 'clients.view',
} as const;
