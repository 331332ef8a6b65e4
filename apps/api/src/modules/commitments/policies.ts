import { billCreatePolicy, billNotesPolicy, billNoteWritePolicy } from '../bills/index.ts';

/**
 * Access policies of the commitment routes (DESIGN §5). Staff of the client's organisation
 * read and manage; the client's own users read (observers included) and never write.
 */

/** Staff of the organisation and the client's own users. */
export const commitmentReadPolicy = {
  kind: 'client',
  param: 'clientGuid',
  permission: 'clients.view',
} as const;

/** Staff managing commitments; never client users. */
export const commitmentWritePolicy = {
  kind: 'client',
  param: 'clientGuid',
  permission: 'commitments.manage',
  write: true,
  staffOnly: true,
} as const;

/** Entering the bill of an instance is entering a bill: the bills' rule, kept in one place. */
export const commitmentBillPolicy = billCreatePolicy;

/** Notes are staff's working notes: the rule of bill notes. */
export const commitmentNotesPolicy = billNotesPolicy;
export const commitmentNoteWritePolicy = billNoteWritePolicy;

/** The organisation's list across its clients. */
export const orgCommitmentsPolicy = {
  kind: 'organization',
  param: 'organizationGuid',
  permission: 'clients.view',
} as const;

/** Generating instances on demand. */
export const orgGeneratePolicy = {
  kind: 'organization',
  param: 'organizationGuid',
  permission: 'commitments.manage',
} as const;
