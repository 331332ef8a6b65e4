import { z } from 'zod';
import { guid, paged, pageQuery } from './common.ts';

/**
 * GET /v1/accounts/organizations/{orgGuid}/event-logs. Dates are calendar days, inclusive, in the
 * caller's `X-Timezone` (UTC without it). `client=all-clients` means no filter.
 */
export const eventLogQuery = pageQuery.omit({ ordering: true, search: true }).extend({
  user: guid.optional(),
  object_type: z.string().trim().max(64).optional(),
  client: z.union([guid, z.literal('all-clients')]).optional(),
  date_from: z.iso.date('Enter a date as YYYY-MM-DD.').optional(),
  date_to: z.iso.date('Enter a date as YYYY-MM-DD.').optional(),
});
export type EventLogQuery = z.infer<typeof eventLogQuery>;

/** One audit record: who did what to which object, as whom, and the fields it changed. */
export const eventLog = z.object({
  guid,
  created_on: z.string(),
  action: z.string(),
  object_type: z.string(),
  object_guid: z.string().nullable(),
  actor: z.object({ guid, name: z.string(), email: z.string() }).nullable(),
  masked_by: z.object({ guid, name: z.string() }).nullable(),
  client: z.object({ guid, name: z.string() }).nullable(),
  changes: z.record(z.string(), z.object({ before: z.unknown(), after: z.unknown() })),
});
export type EventLog = z.infer<typeof eventLog>;
export const eventLogList = paged(eventLog);
