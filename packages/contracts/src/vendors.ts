// The vendor master (issue 13, docs/decisions/022-vendor-master.md): an organisation's parent vendors,
// its clients' vendors seen organisation-wide, merges, similar records, call-back verification, history.
import { z } from 'zod';
import { guid, paged, pageQuery } from './common.ts';
import {
  optionalEmail,
  optionalPhone,
  optionalText,
  postalAddress,
  postalAddressFields,
  queryFlag,
  requiredText,
} from './entities.ts';
import { choice } from './fields.ts';
import { personRef } from './person-ref.ts';

export const VERIFICATION_STATUS_VALUES = ['verified', 'verification_required'] as const;
export const verificationStatus = z.enum(VERIFICATION_STATUS_VALUES);
export type VerificationStatus = z.infer<typeof verificationStatus>;
export const VERIFICATION_OUTCOME_VALUES = ['verified', 'failed'] as const;

const named = z.object({ guid, name: z.string() });

/** The last sanctions screening of a vendor's name (on create and rename), null before the first. */
export const vendorScreening = z
  .object({
    screened_on: z.string(),
    name: z.string(),
    /** The sanctions entry the name resembles, with its similarity (0.6–1), or null: no match. */
    match: z.object({ name: z.string(), score: z.number() }).nullable(),
  })
  .nullable();
export type VendorScreening = z.infer<typeof vendorScreening>;

/** Who changed the payment details, and when: a verification must be by someone else. */
const pendingChange = z.object({ changed_on: z.string(), changed_by: personRef.nullable() }).nullable();

export const parentVendorSummary = z.object({
  guid,
  name: z.string(),
  /** Masked to its last 4 characters in lists. */
  tax_id_number: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  primary_phone: z.string().nullable(),
  is_active: z.boolean(),
  verification_status: verificationStatus,
  /** Vendors of the organisation's clients linked to it (active ones). */
  vendor_count: z.number().int(),
  created_on: z.string(),
});
export type ParentVendorSummary = z.infer<typeof parentVendorSummary>;
export const parentVendorList = paged(parentVendorSummary);

/** A vendor of one of the organisation's clients' entities, as the vendor master lists it. */
export const masterVendor = z.object({
  guid,
  name: z.string(),
  client: named,
  entity: z.object({ guid, nickname: z.string() }),
  ...postalAddress,
  primary_phone: z.string().nullable(),
  tax_id_number: z.string().nullable(),
  is_active: z.boolean(),
  verification_status: verificationStatus,
  /** Own or its parent vendor's: payments to it wait while either is `verification_required`. */
  payment_hold: z.boolean(),
  parent_vendor: named.nullable(),
  merged_into: named.nullable(),
  bill_count: z.number().int(),
});
export type MasterVendor = z.infer<typeof masterVendor>;
export const masterVendorList = paged(masterVendor);

export const masterVendorDetail = masterVendor.extend({
  pending_change: pendingChange,
  sanctions: vendorScreening,
  /** The number a call-back must use: the parent vendor's phone, else the vendor's own. */
  callback_phone: z.string().nullable(),
});
export type MasterVendorDetail = z.infer<typeof masterVendorDetail>;

export const parentVendor = parentVendorSummary.extend({
  ...postalAddress,
  email: z.string().nullable(),
  merged_into: named.nullable(),
  pending_change: pendingChange,
  sanctions: vendorScreening,
  vendors: z.array(masterVendor),
});
export type ParentVendor = z.infer<typeof parentVendor>;

const parentVendorFields = {
  name: requiredText(200),
  ...postalAddressFields,
  email: optionalEmail,
  primary_phone: optionalPhone,
  tax_id_number: optionalText(20).refine(
    (v) => v === null || /^[0-9A-Za-z -]+$/.test(v),
    'Enter the tax id with digits, letters, spaces or dashes only.',
  ),
};
export const createParentVendorRequest = z
  .object(parentVendorFields)
  .partial()
  .extend({ name: parentVendorFields.name })
  .strict();
export type CreateParentVendorRequest = z.infer<typeof createParentVendorRequest>;
export const patchParentVendorRequest = z
  .object({ ...parentVendorFields, is_active: z.boolean() })
  .partial()
  .strict();
export type PatchParentVendorRequest = z.infer<typeof patchParentVendorRequest>;

/** The vendor master edits a client's vendor only as such: its parent vendor and whether it is active. */
export const patchMasterVendorRequest = z
  .object({ parent_vendor: guid.nullable(), is_active: z.boolean() })
  .partial()
  .strict();

/** Active by default; `is_active=false` is the inactive list. */
export const parentVendorListQuery = pageQuery.extend({
  is_active: queryFlag.optional(),
  verification_status: verificationStatus.optional(),
});
export const masterVendorListQuery = pageQuery.extend({
  is_active: queryFlag.optional(),
  verification_status: verificationStatus.optional(),
  parent_vendor: guid.optional(),
  client: guid.optional(),
});

export const SIMILARITY_REASON_VALUES = ['name', 'address', 'tax_id'] as const;
/** A record resembling another: trigram similarity of names and addresses, equal tax ids score 1. */
export const similarVendor = z.object({
  guid,
  name: z.string(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  /** 0–1: the best of the name's and the address's similarity, 1 for the same tax id. */
  score: z.number(),
  reasons: z.array(z.enum(SIMILARITY_REASON_VALUES)),
  /** Vendors: may be merged (same entity); parent vendors: always true (same organisation). */
  mergeable: z.boolean(),
  entity: z.object({ guid, nickname: z.string() }).nullable(),
  client: named.nullable(),
});
export type SimilarVendor = z.infer<typeof similarVendor>;
export const similarVendorList = z.object({ results: z.array(similarVendor) });

export const mergeQuery = z.object({ into: guid });
export const mergeRequest = z.object({ into: guid }).strict();
/** What a merge moves (asked before confirming, answered after merging). */
export const mergeSummary = z.object({
  merged: named,
  survivor: named,
  vendors: z.number().int(),
  bills: z.number().int(),
  commitments: z.number().int(),
});
export type MergeSummary = z.infer<typeof mergeSummary>;

export const verificationRequest = z
  .object({
    called_person: requiredText(200),
    outcome: choice(VERIFICATION_OUTCOME_VALUES),
    notes: optionalText(2000).optional(),
  })
  .strict();
export type VerificationRequest = z.infer<typeof verificationRequest>;

export const VENDOR_EVENT_KIND_VALUES = [
  'created',
  'updated',
  'payment_details_changed',
  'bank_account_changed',
  'sanctions_screened',
  'verification_recorded',
  'merged',
  'deactivated',
  'reactivated',
] as const;
export const vendorEvent = z.object({
  guid,
  kind: z.enum(VENDOR_EVENT_KIND_VALUES),
  /** The kind's facts: `fields` changed, the screening's `match`, `called_person`/`phone_number`/`outcome`… */
  details: z.record(z.string(), z.unknown()),
  by: personRef.nullable(),
  /** For a parent vendor's history: the linked vendor the event is about, if any. */
  vendor: named.nullable(),
  created_on: z.string(),
});
export type VendorEvent = z.infer<typeof vendorEvent>;
export const vendorEventList = paged(vendorEvent);
