/**
 * Access policies of the bill routes (DESIGN §5). The guard resolves the client (or organisation) from
 * the path; client users' own limits (excluded vendors, designated entities) are applied by
 * bill-visibility.ts, because the policy cannot express them.
 */

/** Staff of the client's organisation and the client's own users. */
export const billReadPolicy = { kind: 'client', param: 'clientGuid', permission: 'clients.view' } as const;

/** Staff entering bills; never client users. */
export const billCreatePolicy = {
  kind: 'client',
  param: 'clientGuid',
  permission: 'bills.create',
  write: true,
  staffOnly: true,
} as const;

/** The duplicate check the bill form runs before saving: staff who enter bills (a read). */
export const billDuplicateCheckPolicy = {
  kind: 'client',
  param: 'clientGuid',
  permission: 'bills.create',
  staffOnly: true,
} as const;

/** Staff editing or deleting bills; never client users. */
export const billEditPolicy = {
  kind: 'client',
  param: 'clientGuid',
  permission: 'bills.edit',
  write: true,
  staffOnly: true,
} as const;

/** Staff notes: staff of the organisation only. */
export const billNotesPolicy = {
  kind: 'client',
  param: 'clientGuid',
  permission: 'clients.view',
  staffOnly: true,
} as const;
export const billNoteWritePolicy = { ...billNotesPolicy, write: true } as const;

/** Uploads: staff who may edit bills, and client users who may write (observers are refused). */
export const attachmentUploadPolicy = {
  kind: 'client',
  param: 'clientGuid',
  permission: 'bills.edit',
  write: true,
} as const;

/** Deleting an attachment: staff with bills.edit or its uploader (checked in the service). */
export const attachmentDeletePolicy = { kind: 'client', param: 'clientGuid', write: true } as const;

/** The organisation's billing queues: its staff. */
export const orgBillsPolicy = {
  kind: 'organization',
  param: 'organizationGuid',
  permission: 'clients.view',
} as const;
