// Its own module: bill messages (on every signed-in page) name their author without the bill schemas.
import { z } from 'zod';
import { guid } from './common.ts';

/** Someone shown on a bill (creator, approver, message author). */
export const personRef = z.object({
  guid,
  first_name: z.string(),
  last_name: z.string(),
  avatar: z.string().nullable(),
});
export type PersonRef = z.infer<typeof personRef>;
