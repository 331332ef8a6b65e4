import { CLIENT_SERVICE_VALUES, ONBOARDING_PROGRESS_STATUS_VALUES } from '@bp/domain';
import { z } from 'zod';
import { guid, paged, pageQuery } from './common.ts';
import { onboardingProgress } from './onboarding.ts';

const REQUIRED = 'This field is required.';
const maxChars = (n: number) => `Ensure this field has no more than ${n} characters.`;

/** A colour as `#RRGGBB`. */
export const hexColour = z.string().regex(/^#[0-9A-Fa-f]{6}$/, 'Enter a colour as #RRGGBB.');

/** An https URL, or a path on this site ('/logo.svg'; never '//host' or a backslash). */
export const logoUrl = z
  .string()
  .max(2048, maxChars(2048))
  .refine((value) => {
    if (value.includes('\\')) return false;
    if (value.startsWith('/')) return !value.startsWith('//');
    try {
      return new URL(value).protocol === 'https:';
    } catch {
      return false;
    }
  }, "Enter an https URL or a path starting with '/'.");

const mainColour = z.object({ main: hexColour });

/** A link a referrer's content points to: absolute https only (no javascript:, no plain http). */
export const httpsUrl = z
  .string()
  .trim()
  .max(2048, maxChars(2048))
  .refine((value) => {
    try {
      return new URL(value).protocol === 'https:';
    } catch {
      return false;
    }
  }, 'Enter an https URL.');

/** One item of the referrer's news panel (decision 031). Shown newest first by published_on. */
export const referrerNewsItem = z.object({
  title: z.string().trim().min(1, REQUIRED).max(120, maxChars(120)),
  summary: z.string().trim().max(500, maxChars(500)).optional(),
  url: httpsUrl.optional(),
  published_on: z.iso.date('Enter a date as YYYY-MM-DD.'),
});
export type ReferrerNewsItem = z.infer<typeof referrerNewsItem>;

/** One service of the referrer's explore-services panel (decision 031). */
export const referrerService = z.object({
  name: z.string().trim().min(1, REQUIRED).max(120, maxChars(120)),
  description: z.string().trim().min(1, REQUIRED).max(500, maxChars(500)),
  url: httpsUrl.optional(),
});
export type ReferrerService = z.infer<typeof referrerService>;

/** How many news items or services a referrer may keep: a panel, not an archive. */
export const MAX_REFERRER_ITEMS = 20;
const atMostItems = `Ensure this list has no more than ${MAX_REFERRER_ITEMS} items.`;

/** A referrer's white-label look (SPEC §3): palette main colours, font family, logos (label main_logo). */
export const whiteLabelOptions = z.object({
  palette: z
    .object({
      primary: mainColour,
      secondary: mainColour,
      error: mainColour,
      warning: mainColour,
      info: mainColour,
      success: mainColour,
    })
    .partial()
    .optional(),
  typography: z
    .object({ fontFamily: z.string().trim().max(200, maxChars(200)) })
    .partial()
    .optional(),
  logos: z
    .array(z.object({ label: z.string().trim().min(1, REQUIRED).max(100, maxChars(100)), value: logoUrl }))
    .max(20)
    .optional(),
  /** Sent to the referrer's client users only while news_enabled is on. */
  news: z.array(referrerNewsItem).max(MAX_REFERRER_ITEMS, atMostItems).optional(),
  /** Sent to the referrer's client users only while explore_services_enabled is on. */
  services: z.array(referrerService).max(MAX_REFERRER_ITEMS, atMostItems).optional(),
});
export type WhiteLabelOptions = z.infer<typeof whiteLabelOptions>;

/** The white-label part of a client's referrer, as a client's own users get it. */
export const clientReferrer = z.object({
  /** The referrer's name: the brand its logo shows (the logo's alt text). */
  name: z.string(),
  white_label_enabled: z.boolean(),
  news_enabled: z.boolean(),
  explore_services_enabled: z.boolean(),
  options: whiteLabelOptions,
});
export type ClientReferrer = z.infer<typeof clientReferrer>;

/** A referrer in the shared list (GET /v1/accounts/client-referrers). */
export const clientReferrerDetail = clientReferrer.extend({
  guid,
  name: z.string(),
  created_on: z.string(),
});
export type ClientReferrerDetail = z.infer<typeof clientReferrerDetail>;
export const clientReferrerList = paged(clientReferrerDetail);

const referrerName = z.string().trim().min(1, REQUIRED).max(200, maxChars(200));
export const createClientReferrerRequest = z.strictObject({
  name: referrerName,
  white_label_enabled: z.boolean().default(false),
  news_enabled: z.boolean().default(false),
  explore_services_enabled: z.boolean().default(false),
  options: whiteLabelOptions.default({}),
});
export type CreateClientReferrerRequest = z.input<typeof createClientReferrerRequest>;
/** Only the fields sent are changed. */
export const patchClientReferrerRequest = z.strictObject({
  name: referrerName.optional(),
  white_label_enabled: z.boolean().optional(),
  news_enabled: z.boolean().optional(),
  explore_services_enabled: z.boolean().optional(),
  options: whiteLabelOptions.optional(),
});
export type PatchClientReferrerRequest = z.infer<typeof patchClientReferrerRequest>;

export const clientService = z.enum(CLIENT_SERVICE_VALUES);

/** A client as its own users see it (GET /v1/accounts/clients). `role` is the caller's role on it. */
export const clientSummary = z.object({
  guid,
  name: z.string(),
  created_on: z.string(),
  role: z.string(),
  is_onboarding_completed: z.boolean(),
  has_properties: z.boolean(),
  service: clientService,
  client_referrer: clientReferrer.nullable(),
});
export type ClientSummary = z.infer<typeof clientSummary>;
export const clientSummaryList = paged(clientSummary);

/** A client as its organisation's staff see it. Fees in cents; total_ff_amount = bp + foa. */
export const orgClient = z.object({
  guid,
  name: z.string(),
  created_on: z.string(),
  service: clientService,
  primary_contact: z.string().nullable(),
  is_onboarding_completed: z.boolean(),
  has_properties: z.boolean(),
  bp_ff_amount: z.number().int(),
  foa_ff_amount: z.number().int(),
  total_ff_amount: z.number().int(),
  client_referrer: z.object({ guid, name: z.string() }).nullable(),
  /** When the onboarding invitation was last sent. */
  onboarding_invited_at: z.string().nullable(),
  archived: z.boolean(),
  archived_on: z.string().nullable(),
  /** Lists only: steps done of the onboarding checklist and its status (issue 15). */
  onboarding_progress: onboardingProgress.optional(),
});
export type OrgClient = z.infer<typeof orgClient>;
export const orgClientList = paged(orgClient);

export const ORG_CLIENT_ORDERING_FIELDS = ['name', 'created_on'] as const;

/**
 * `?page&page_size&ordering=name|-name|created_on|-created_on&search=<name>&service=&archived=true`.
 * `service=all-clients` (or none) means every service; `archived=true` lists archived clients only.
 */
export const orgClientQuery = pageQuery.extend({
  service: z.enum([...CLIENT_SERVICE_VALUES, 'all-clients']).optional(),
  archived: z.enum(['true', 'false']).optional(),
  /** Clients whose onboarding is not_started, in_progress or completed; `all-clients` (or none) = every one. */
  onboarding: z.enum([...ONBOARDING_PROGRESS_STATUS_VALUES, 'all-clients']).optional(),
});
export type OrgClientQuery = z.infer<typeof orgClientQuery>;

/** The list's filters, every row, as a file. */
export const clientExportQuery = orgClientQuery.omit({ page: true, page_size: true }).extend({
  format: z.enum(['csv', 'xlsx']).default('csv'),
});
export type ClientExportQuery = z.infer<typeof clientExportQuery>;

/** Largest fee accepted, in cents ($10,000,000,000.00). */
export const MAX_FEE_CENTS = 1_000_000_000_000;
export const feeCents = z
  .number({ error: 'Enter an amount in cents.' })
  .int('Enter a whole number of cents.')
  .min(0, 'Ensure this value is greater than or equal to 0.')
  .max(MAX_FEE_CENTS, `Ensure this value is less than or equal to ${MAX_FEE_CENTS}.`);

const clientName = z.string().trim().min(1, REQUIRED).max(200, maxChars(200));
const primaryContact = z.string().trim().max(200, maxChars(200)).nullable();

export const createClientRequest = z.strictObject({
  name: clientName,
  service: clientService.default('bill_pay'),
  primary_contact: primaryContact.optional(),
  bp_ff_amount: feeCents.default(0),
  foa_ff_amount: feeCents.default(0),
  has_properties: z.boolean().default(false),
  /** A referrer guid, or null for none. */
  client_referrer: guid.nullable().optional(),
  is_onboarding_completed: z.boolean().default(false),
});
export type CreateClientRequest = z.input<typeof createClientRequest>;

/** Only the fields sent are changed (and audited). */
export const patchClientRequest = z.strictObject({
  name: clientName.optional(),
  service: clientService.optional(),
  primary_contact: primaryContact.optional(),
  bp_ff_amount: feeCents.optional(),
  foa_ff_amount: feeCents.optional(),
  has_properties: z.boolean().optional(),
  client_referrer: guid.nullable().optional(),
  is_onboarding_completed: z.boolean().optional(),
});
export type PatchClientRequest = z.infer<typeof patchClientRequest>;

/** POST /v1/accounts/organizations/{orgGuid}/send-onboarding-invite */
export const sendOnboardingInviteRequest = z.strictObject({ client: guid });
export const sendOnboardingInviteResponse = z.object({
  detail: z.string(),
  /** E-mail addresses of the primary client users invited. */
  recipients: z.array(z.string()),
  onboarding_invited_at: z.string(),
});
export type SendOnboardingInviteResponse = z.infer<typeof sendOnboardingInviteResponse>;
