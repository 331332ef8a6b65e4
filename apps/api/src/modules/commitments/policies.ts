import { guid } from '@bp/contracts';
import { z } from 'zod';
import { billCreatePolicy, billNotesPolicy, billNoteWritePolicy } from '../bills/index.ts';

/**
 * Paths and access policies of the commitment routes (DESIGN §5). Staff of the client's organisation
 * read and manage; the client's own users read (observers included) and never write.
 */

export const CLIENT_COMMITMENTS_BASE = '/v1/billing/clients/:clientGuid/commitments';
export const ORG_COMMITMENTS_BASE = '/v1/billing/organizations/:organizationGuid/commitments';
export const COMMITMENT_PATH = `${CLIENT_COMMITMENTS_BASE}/:commitmentId`;
/** One commitment by its numeric id within the organisation (SPEC routes carry only the id). */
export const ORG_COMMITMENT_PATH = `${ORG_COMMITMENTS_BASE}/:commitmentId`;

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

export const clientParams = z.object({ clientGuid: guid });
/** commitmentId is numeric (SPEC routes). Leading zeros are fine: 007 is 7. */
const commitmentId = z.coerce
  .number('Enter a commitment id.')
  .int('Enter a commitment id.')
  .positive('Enter a commitment id.')
  .max(Number.MAX_SAFE_INTEGER, 'Enter a commitment id.');
export const commitmentParams = clientParams.extend({ commitmentId });
export const instanceParams = commitmentParams.extend({ instanceGuid: guid });
export const fromBillParams = clientParams.extend({ billGuid: guid });
export const organizationParams = z.object({ organizationGuid: guid });
export const orgCommitmentParams = organizationParams.extend({ commitmentId });
