import { MESSAGE_CONTENT_TYPE_VALUES } from '@bp/domain';
import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAtColumn, guidColumn, idColumn } from '../../platform/columns.ts';
import { billsPrimaryKey } from '../bill-core/keys.ts';
import { clientsPrimaryKey } from '../clients/keys.ts';
import { organizationsPrimaryKey } from '../organizations/keys.ts';
import { usersPrimaryKey } from '../users/keys.ts';

/** A message on a bill between the organisation's staff and the client's users. */
export const billMessages = pgTable(
  'bill_messages',
  {
    id: idColumn(),
    guid: guidColumn(),
    billId: bigint('bill_id', { mode: 'number' })
      .notNull()
      .references(() => billsPrimaryKey, { onDelete: 'cascade' }),
    organizationId: bigint('organization_id', { mode: 'number' })
      .notNull()
      .references(() => organizationsPrimaryKey),
    clientId: bigint('client_id', { mode: 'number' })
      .notNull()
      .references(() => clientsPrimaryKey, { onDelete: 'cascade' }),
    fromUserId: bigint('from_user_id', { mode: 'number' }).references(() => usersPrimaryKey, {
      onDelete: 'set null',
    }),
    maskedByUserId: bigint('masked_by_user_id', { mode: 'number' }),
    /** Plain text, or HTML sanitised on the way in. */
    body: text('body').notNull(),
    contentType: text('content_type', { enum: MESSAGE_CONTENT_TYPE_VALUES }).notNull().default('text'),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex('bill_messages_guid_key').on(t.guid),
    index('bill_messages_bill_created_idx').on(t.billId, t.createdAt, t.id),
    index('bill_messages_org_created_idx').on(t.organizationId, t.createdAt, t.id),
    index('bill_messages_client_created_idx').on(t.clientId, t.createdAt, t.id),
  ],
);

/**
 * One row per message and person it was sent to (the other side of the conversation), so unread
 * counts are an index lookup of the reader's unread rows rather than an anti-join over all messages.
 */
export const billMessageReceipts = pgTable(
  'bill_message_receipts',
  {
    id: idColumn(),
    messageId: bigint('message_id', { mode: 'number' })
      .notNull()
      .references(() => billMessages.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => usersPrimaryKey, { onDelete: 'cascade' }),
    /** Copied from the message: unread counts are per organisation. */
    organizationId: bigint('organization_id', { mode: 'number' }).notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('bill_message_receipts_message_user_key').on(t.messageId, t.userId),
    // The drawer lists all of a reader's receipts in one organisation, newest message first.
    index('bill_message_receipts_reader_idx').on(t.userId, t.organizationId, t.messageId),
    index('bill_message_receipts_unread_idx').on(t.userId, t.organizationId).where(sql`${t.readAt} IS NULL`),
  ],
);
