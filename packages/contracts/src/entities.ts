import {
  ENTITY_KIND_VALUES,
  isValidPhone,
  normalizePhone,
  paymentThresholdToPercent,
  percentToPaymentThreshold,
} from '@bp/domain';
import { z } from 'zod';
import { guid, paged, pageQuery } from './common.ts';
import { choice, optionalText, requiredText, tooLong } from './fields.ts';

// ---------------------------------------------------------------------------------------------
// Field building blocks shared by entities, their books and the client's records.
// ---------------------------------------------------------------------------------------------

export { choice, optionalText, requiredText };

/** Optional e-mail: '' and null clear it; otherwise a valid address, stored in lower case. */
export const optionalEmail = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, tooLong(254))
  .refine((v) => v === '' || z.email().safeParse(v).success, 'Enter a valid e-mail address.')
  .nullable()
  .transform((v) => (v === '' ? null : v));

/** Optional US phone (SPEC §5: 10 digits after dropping +1): stored as those 10 digits. */
export const optionalPhone = z
  .string()
  .trim()
  .max(40, tooLong(40))
  .refine((v) => v === '' || isValidPhone(v), 'Invalid phone number.')
  .nullable()
  .transform((v) => (v ? normalizePhone(v) : null));

/** Largest amount in cents any setting takes (10^13 cents = 100 billion dollars). */
export const MAX_CENTS = 10 ** 13;

/** An amount in integer cents, 0..10^13. */
export const cents = z
  .number('Enter an amount in cents.')
  .int('Enter a whole number of cents.')
  .min(0, 'Ensure this value is greater than or equal to 0.')
  .max(MAX_CENTS, `Ensure this value is less than or equal to ${MAX_CENTS}.`);

/**
 * True when `fraction` has at most 5 decimals (SPEC §5: allowable_payment_threshold is sent as a
 * fraction with 5 decimals): it survives the form's own percent round trip unchanged.
 */
export function isPaymentThresholdFraction(fraction: number): boolean {
  return percentToPaymentThreshold(true, paymentThresholdToPercent(fraction)) === fraction;
}

/** allowable_payment_threshold: a fraction 0..1 with at most 5 decimals, or null (auto-approve off). */
export const paymentThreshold = z
  .number('Enter a fraction between 0 and 1.')
  .min(0, 'Ensure this value is greater than or equal to 0.')
  .max(1, 'Ensure this value is less than or equal to 1.')
  .refine(isPaymentThresholdFraction, 'Enter a fraction with at most 5 decimals.')
  .nullable();

/** 'true' / 'false' in a query string. */
export const queryFlag = z.enum(['true', 'false']).transform((v) => v === 'true');

// ---------------------------------------------------------------------------------------------
// Entities: /v1/accounts/clients/{clientGuid}/entities[/{entityGuid}]
// ---------------------------------------------------------------------------------------------

export const entityKind = choice(ENTITY_KIND_VALUES);

/** Entity settings (SPEC §3). Money in cents; `entities` are the guids of the entities it groups. */
export const entity = z.object({
  guid,
  kind: entityKind,
  nickname: z.string(),
  corporate_id: z.string().nullable(),
  allowable_payment_threshold: z.number().nullable(),
  client_pre_approval_required: z.boolean(),
  client_pre_approval_threshold: z.number().int(),
  enable_multiple_approvers: z.boolean(),
  multiple_approver_threshold: z.number().int(),
  minimum_account_balance: z.number().int(),
  filing_date: z.string().nullable(),
  is_qbo_class: z.boolean(),
  is_quickbooks_required: z.boolean(),
  entities: z.array(guid),
  /** The entity grouping this one (read-only here: set it through the parent's `entities`). */
  parent_entity: guid.nullable(),
  archived: z.boolean(),
  created_on: z.string(),
});
export type Entity = z.infer<typeof entity>;
export const entityList = paged(entity);

const entitySettingsFields = {
  kind: entityKind,
  nickname: requiredText(200),
  corporate_id: optionalText(100),
  allowable_payment_threshold: paymentThreshold,
  client_pre_approval_required: z.boolean(),
  client_pre_approval_threshold: cents,
  enable_multiple_approvers: z.boolean(),
  multiple_approver_threshold: cents,
  minimum_account_balance: cents,
  filing_date: z.iso.date('Enter a date as YYYY-MM-DD.').nullable(),
  is_qbo_class: z.boolean(),
  is_quickbooks_required: z.boolean(),
  entities: z.array(guid).max(200),
};

/**
 * Create: kind and nickname required, every other setting optional. A threshold whose flag is off
 * is saved as 0 (SPEC §5).
 */
export const createEntityRequest = z
  .object(entitySettingsFields)
  .partial()
  .extend({ kind: entitySettingsFields.kind, nickname: entitySettingsFields.nickname })
  .strict();
export type CreateEntityRequest = z.input<typeof createEntityRequest>;

/** Update: only the changed fields (SPEC §5); only those are written and audited. */
export const patchEntityRequest = z.object(entitySettingsFields).partial().strict();
export type PatchEntityRequest = z.input<typeof patchEntityRequest>;

export const ENTITY_ORDERING = ['nickname', 'created_on'] as const;
/** `?archived=true` lists the archived entities instead of the active ones. */
export const entityListQuery = pageQuery.extend({ archived: queryFlag.optional() });

// ---------------------------------------------------------------------------------------------
// Books of an entity: /v1/billing/clients/{clientGuid}/entities/{entityGuid}/...
// ---------------------------------------------------------------------------------------------

export const division = z.object({ guid, name: z.string(), is_active: z.boolean() });
export type Division = z.infer<typeof division>;
export const divisionList = paged(division);
export const createDivisionRequest = z
  .object({ name: requiredText(200), is_active: z.boolean().optional() })
  .strict();
export const patchDivisionRequest = createDivisionRequest.partial().strict();
/**
 * GET /v1/accounts/clients/{clientGuid}/divisions: the divisions of every entity of the client the caller
 * sees, or of one (`entity`; `all-entities` = no filter).
 */
export const clientDivisionQuery = pageQuery.extend({
  entity: z.union([guid, z.literal('all-entities')]).optional(),
});
export type ClientDivisionQuery = z.infer<typeof clientDivisionQuery>;

/** A chart-of-accounts entry; `display_2_levels` is "Parent: Child" (or the name of a top account). */
export const account = z.object({
  guid,
  name: z.string(),
  number: z.string().nullable(),
  account_type: z.string().nullable(),
  parent: guid.nullable(),
  assignable_to_bill: z.boolean(),
  is_active: z.boolean(),
  display_2_levels: z.string(),
});
export type Account = z.infer<typeof account>;
export const accountList = paged(account);
const accountFields = {
  name: requiredText(200),
  number: optionalText(50),
  account_type: optionalText(100),
  /** Guid of a top-level account of the same entity (two levels at most), or null. */
  parent: guid.nullable(),
  assignable_to_bill: z.boolean(),
  is_active: z.boolean(),
};
export const createAccountRequest = z
  .object(accountFields)
  .partial()
  .extend({ name: accountFields.name })
  .strict();
export const patchAccountRequest = z.object(accountFields).partial().strict();
/** `?assignable=true` lists only the accounts a bill line may use (active and assignable). */
export const accountListQuery = pageQuery.extend({ assignable: queryFlag.optional() });

export const MAX_DUE_DAYS = 365;
export const paymentTerm = z.object({ guid, name: z.string(), due_days: z.number().int() });
export type PaymentTerm = z.infer<typeof paymentTerm>;
export const paymentTermList = paged(paymentTerm);
const dueDays = z
  .number('Enter a number of days.')
  .int('Enter a whole number of days.')
  .min(0, 'Ensure this value is greater than or equal to 0.')
  .max(MAX_DUE_DAYS, `Ensure this value is less than or equal to ${MAX_DUE_DAYS}.`);
export const createPaymentTermRequest = z.object({ name: requiredText(100), due_days: dueDays }).strict();
export const patchPaymentTermRequest = createPaymentTermRequest.partial().strict();

/** A postal address as answered (vendors, properties). */
export const postalAddress = {
  addr1: z.string().nullable(),
  addr2: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  postal_code: z.string().nullable(),
  country: z.string().nullable(),
};
/** A postal address as written: every line optional, blank becomes null. */
export const postalAddressFields = {
  addr1: optionalText(200),
  addr2: optionalText(200),
  city: optionalText(100),
  state: optionalText(100),
  postal_code: optionalText(20),
  country: optionalText(100),
};

/**
 * A vendor (SPEC §3). `tax_id_number` is masked to its last 4 characters ('•••••1234') everywhere
 * except the one-vendor read by staff. `primary_phone` is stored as 10 digits.
 */
export const vendor = z.object({
  guid,
  name: z.string(),
  ...postalAddress,
  email: z.string().nullable(),
  primary_phone: z.string().nullable(),
  vendor_type: z.string().nullable(),
  tax_id_number: z.string().nullable(),
  parent_vendor_id: z.number().int().nullable(),
  is_active: z.boolean(),
  created_on: z.string(),
});
export type Vendor = z.infer<typeof vendor>;
export const vendorList = paged(vendor);
const vendorFields = {
  name: requiredText(200),
  ...postalAddressFields,
  email: optionalEmail,
  primary_phone: optionalPhone,
  vendor_type: optionalText(100),
  tax_id_number: optionalText(20).refine(
    (v) => v === null || /^[0-9A-Za-z -]+$/.test(v),
    'Enter the tax id with digits, letters, spaces or dashes only.',
  ),
  parent_vendor_id: z.number().int().positive().nullable(),
  is_active: z.boolean(),
};
export const createVendorRequest = z
  .object(vendorFields)
  .partial()
  .extend({ name: vendorFields.name })
  .strict();
export const patchVendorRequest = z.object(vendorFields).partial().strict();
/** Active vendors by default; `?is_active=false` lists the deactivated ones. */
export const vendorListQuery = pageQuery.extend({ is_active: queryFlag.optional() });

export const customer = z.object({
  guid,
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
});
export type Customer = z.infer<typeof customer>;
export const customerList = paged(customer);
const customerFields = { name: requiredText(200), email: optionalEmail, phone: optionalPhone };
export const createCustomerRequest = z
  .object(customerFields)
  .partial()
  .extend({ name: customerFields.name })
  .strict();
export const patchCustomerRequest = z.object(customerFields).partial().strict();
