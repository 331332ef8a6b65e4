import { PERMISSION_VALUES } from '@bp/domain';
import { z } from 'zod';
import { organization } from './accounts.ts';

/** Largest password expiry an organisation may set (ten years). */
export const PASSWORD_EXPIRY_MAX_DAYS = 3650;

/**
 * An organisation with its settings (GET/PATCH /v1/accounts/organizations/{orgGuid}).
 * The list item's fields (`organization`) plus what Org Settings edits.
 */
export const organizationDetail = organization.extend({
  password_expiry_days: z.number().int().nullable(),
  mfa_required: z.boolean(),
  support_email: z.string().nullable(),
  support_phone: z.string().nullable(),
  updated_on: z.string(),
});
export type OrganizationDetail = z.infer<typeof organizationDetail>;

const blankToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

/**
 * PATCH body: only the fields sent change. A blank support e-mail or phone clears it. The phone is
 * checked with @bp/domain's rule (10 digits after a leading +1) by the API, which stores its digits.
 */
export const patchOrganizationRequest = z
  .object({
    name: z.string().trim().min(1, 'This field is required.').max(200),
    password_expiry_days: z
      .number('Enter a whole number of days, or null for never.')
      .int('Enter a whole number of days, or null for never.')
      .min(1, 'Enter between 1 and 3650 days, or null for never.')
      .max(PASSWORD_EXPIRY_MAX_DAYS, 'Enter between 1 and 3650 days, or null for never.')
      .nullable(),
    mfa_required: z.boolean(),
    client_property_default: z
      .string()
      .trim()
      .regex(/^\d{1,6}$/, 'Enter a number.'),
    support_email: z.preprocess(
      blankToNull,
      z.email('Enter a valid e-mail address.').max(254).toLowerCase().nullable(),
    ),
    support_phone: z.preprocess(blankToNull, z.string().trim().max(40).nullable()),
  })
  .partial()
  .strict();
export type PatchOrganizationRequest = z.infer<typeof patchOrganizationRequest>;

export const permissionSlug = z.enum(PERMISSION_VALUES);

/**
 * GET /v1/accounts/organizations/{orgGuid}/permissions: the catalogue a group can grant, with labels,
 * and what the caller may do in this organisation (role + team level + groups), so the web shows
 * only the actions that will succeed.
 */
export const permissionCatalogue = z.object({
  catalogue: z.array(z.object({ slug: permissionSlug, label: z.string() })),
  role: z.string(),
  team_label: z.string().nullable(),
  effective_permissions: z.array(permissionSlug),
});
export type PermissionCatalogue = z.infer<typeof permissionCatalogue>;
