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
