// Bill messages: their own module (re-exported by bills.ts) so that the messages drawer of every
// signed-in page pulls these schemas only, not the bills' and entities' (with phone validation).
import { MESSAGE_CONTENT_TYPE_VALUES } from '@bp/domain';
import { z } from 'zod';
import { guid, paged, pageQuery } from './common.ts';
import { choice, requiredText } from './fields.ts';
import { personRef } from './person-ref.ts';

export const message = z.object({
  guid,
  body: z.string(),
  content_type: z.enum(MESSAGE_CONTENT_TYPE_VALUES),
  created_on: z.string(),
  unread: z.boolean(),
  bill: z.object({ guid, ext_bill_id: z.string().nullable(), client: guid }),
  from_user: personRef.nullable(),
});
export type Message = z.infer<typeof message>;
export const messageList = paged(message);
export const messageListQuery = pageQuery.extend({ unread: z.enum(['true', 'false']).optional() });
export const MESSAGE_MAX_LENGTH = 10_000;
export const createMessageRequest = z
  .object({
    body: requiredText(MESSAGE_MAX_LENGTH),
    content_type: choice(MESSAGE_CONTENT_TYPE_VALUES).optional(),
  })
  .strict();
export type CreateMessageRequest = z.infer<typeof createMessageRequest>;
