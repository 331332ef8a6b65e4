import {
  type OrganizationDetail,
  PASSWORD_EXPIRY_MAX_DAYS,
  type PatchOrganizationRequest,
} from '@bp/contracts';
import { changedFields, formatPhone, isValidPhone, normalizePhone } from '@bp/domain';
import { z } from 'zod';

const DAYS_MESSAGE = `Enter between 1 and ${PASSWORD_EXPIRY_MAX_DAYS} days, or leave it blank for never.`;

/** What the Org Settings form holds: text as typed, turned into the API's types on submit. */
export const orgSettingsForm = z.object({
  name: z.string().trim().min(1, 'This field is required.').max(200, 'Keep the name under 200 characters.'),
  password_expiry_days: z
    .string()
    .trim()
    .refine((text) => text === '' || /^\d+$/.test(text), 'Enter a whole number of days.')
    .transform((text) => (text === '' ? null : Number(text)))
    .refine((days) => days === null || (days >= 1 && days <= PASSWORD_EXPIRY_MAX_DAYS), DAYS_MESSAGE),
  mfa_required: z.boolean(),
  client_property_default: z
    .string()
    .trim()
    .regex(/^\d{1,6}$/, 'Enter a number.'),
  support_email: z
    .string()
    .trim()
    .toLowerCase()
    .refine((text) => text === '' || z.email().safeParse(text).success, 'Enter a valid e-mail address.')
    .transform((text) => (text === '' ? null : text)),
  support_phone: z
    .string()
    .trim()
    .refine((text) => text === '' || isValidPhone(text), 'Enter a 10-digit US phone number.')
    .transform((text) => (text === '' ? null : text)),
});
export type OrgSettingsValues = z.input<typeof orgSettingsForm>;
export type OrgSettingsOutput = z.output<typeof orgSettingsForm>;
export const ORG_SETTINGS_FIELDS = Object.keys(orgSettingsForm.shape) as (keyof OrgSettingsValues)[];

/** The form's starting values: blank means never (expiry) or none (support contacts). */
export function formValuesOf(org: OrganizationDetail): OrgSettingsValues {
  return {
    name: org.name,
    password_expiry_days: org.password_expiry_days === null ? '' : String(org.password_expiry_days),
    mfa_required: org.mfa_required,
    client_property_default: org.client_property_default || '0',
    support_email: org.support_email ?? '',
    support_phone:
      org.support_phone && isValidPhone(org.support_phone)
        ? formatPhone(org.support_phone)
        : (org.support_phone ?? ''),
  };
}

/** Phones compare by their digits: '(555) 123-4567' and '5551234567' are the same number. */
const phoneKey = (phone: string | null) => (phone === null ? null : normalizePhone(phone));

/** Only the fields that differ from what the organisation holds (SPEC.md §5: only changed fields are sent). */
export function organizationPatch(
  org: OrganizationDetail,
  values: OrgSettingsOutput,
): PatchOrganizationRequest {
  const before = {
    name: org.name,
    password_expiry_days: org.password_expiry_days,
    mfa_required: org.mfa_required,
    client_property_default: org.client_property_default || '0',
    support_email: org.support_email,
    support_phone: phoneKey(org.support_phone),
  };
  const changed = changedFields(before, { ...values, support_phone: phoneKey(values.support_phone) });
  const patch: PatchOrganizationRequest = { ...changed };
  // Send the phone as typed; the API keeps its digits.
  if ('support_phone' in changed) patch.support_phone = values.support_phone;
  return patch;
}
