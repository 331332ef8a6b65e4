import { CLIENT_SERVICE_VALUES } from '@bp/domain';
import { z } from 'zod';
import { guid, paged } from './common.ts';

export const organization = z.object({
  guid,
  name: z.string(),
  unread_count: z.number().int(),
  role: z.string(),
  team_label: z.string().nullable(),
  client_property_default: z.string(),
});
export type Organization = z.infer<typeof organization>;
export const organizationList = paged(organization);

const mainColour = z.object({ main: z.string() });
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
  typography: z.object({ fontFamily: z.string() }).partial().optional(),
  logos: z.array(z.object({ label: z.string(), value: z.string() })).optional(),
});
export type WhiteLabelOptions = z.infer<typeof whiteLabelOptions>;

export const clientReferrer = z.object({
  white_label_enabled: z.boolean(),
  news_enabled: z.boolean(),
  explore_services_enabled: z.boolean(),
  options: whiteLabelOptions,
});
export type ClientReferrer = z.infer<typeof clientReferrer>;

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

/** A client as its organisation's staff see it (GET /v1/accounts/organizations/{orgGuid}/clients). */
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
  archived: z.boolean(),
});
export type OrgClient = z.infer<typeof orgClient>;
export const orgClientList = paged(orgClient);
