import type { InboxEmailSource, InboxEmailType } from '@bp/contracts';
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAtColumn, guidColumn, idColumn } from '../../platform/columns.ts';
import { billsPrimaryKey } from '../bill-core/keys.ts';
import { clientsPrimaryKey } from '../clients/keys.ts';
import { entitiesPrimaryKey } from '../entities/keys.ts';
import { usersPrimaryKey } from '../users/keys.ts';

/**
 * A client's inbox address: `<localPart>@<INBOUND_MAIL_DOMAIN>`. Regenerating one retires it
 * (`retiredAt`), so mail to the old address is refused from then on; one address is live per client.
 */
export const clientInboxAddresses = pgTable(
  'client_inbox_addresses',
  {
    id: idColumn(),
    clientId: bigint('client_id', { mode: 'number' })
      .notNull()
      .references(() => clientsPrimaryKey, { onDelete: 'cascade' }),
    localPart: text('local_part').notNull(),
    createdAt: createdAtColumn(),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('client_inbox_addresses_local_part_key').on(t.localPart),
    uniqueIndex('client_inbox_addresses_live_key').on(t.clientId).where(sql`${t.retiredAt} is null`),
  ],
);

export type InboundParseState = 'pending' | 'parsed' | 'failed';

/**
 * A message as it arrived, stored (raw bytes in file storage) before the sender is told 250: nothing
 * accepted is lost. Parsing into inbox e-mails happens afterwards; a message still `pending` at start-up
 * (a crash between store and parse) is parsed then.
 */
export const inboundMessages = pgTable(
  'inbound_messages',
  {
    id: idColumn(),
    guid: guidColumn(),
    /** smtp: our receiver; webhook: an inbound-mail provider's HTTP post. */
    source: text('source').$type<'smtp' | 'webhook'>().notNull(),
    envelopeFrom: text('envelope_from'),
    /** The accepted recipients' clients, in the order they were given. */
    clientIds: bigint('client_ids', { mode: 'number' }).array().notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    storageKey: text('storage_key').notNull(),
    parseState: text('parse_state').$type<InboundParseState>().notNull().default('pending'),
    /** Why parsing failed (for staff to look at; the raw message stays). */
    parseError: text('parse_error'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    parsedAt: timestamp('parsed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('inbound_messages_guid_key').on(t.guid),
    index('inbound_messages_pending_idx').on(t.id).where(sql`${t.parseState} = 'pending'`),
  ],
);

/** One e-mail in one client's pre-bill inbox (a message to two clients' addresses is two). */
export const inboxEmails = pgTable(
  'inbox_emails',
  {
    id: idColumn(),
    guid: guidColumn(),
    clientId: bigint('client_id', { mode: 'number' })
      .notNull()
      .references(() => clientsPrimaryKey, { onDelete: 'cascade' }),
    inboundMessageId: bigint('inbound_message_id', { mode: 'number' }).references(() => inboundMessages.id),
    /** By mail, or uploaded by hand (a scanned letter, a client's upload). */
    source: text('source').$type<InboxEmailSource>().notNull().default('email'),
    /** The entity the e-mail is for, once known (null: the client's, not yet tied to one). */
    entityId: bigint('entity_id', { mode: 'number' }).references(() => entitiesPrimaryKey, {
      onDelete: 'set null',
    }),
    /** What the e-mail is for, once someone has said so (recurring, client_approval); the lists filter on it. */
    type: text('type').$type<InboxEmailType>(),
    fromAddress: text('from_address'),
    fromName: text('from_name'),
    subject: text('subject').notNull().default(''),
    /** The plain-text body, cut to a length a list and a preview need. */
    textBody: text('text_body').notNull().default(''),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    archivedByUserId: bigint('archived_by_user_id', { mode: 'number' }).references(() => usersPrimaryKey, {
      onDelete: 'set null',
    }),
    /** The bill it was converted into (decision 023); deleting the bill leaves the e-mail archived. */
    billId: bigint('bill_id', { mode: 'number' }).references(() => billsPrimaryKey, { onDelete: 'set null' }),
    /** Who uploaded it by hand (null for mail). */
    uploadedByUserId: bigint('uploaded_by_user_id', { mode: 'number' }).references(() => usersPrimaryKey, {
      onDelete: 'set null',
    }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex('inbox_emails_guid_key').on(t.guid),
    uniqueIndex('inbox_emails_message_client_key').on(t.inboundMessageId, t.clientId),
    index('inbox_emails_client_received_idx').on(t.clientId, t.receivedAt),
    index('inbox_emails_bill_idx').on(t.billId),
    // The organisation's inbox, newest first across its clients: the first page walks this backwards
    // instead of sorting every live e-mail (bench:inbox, docs/performance.md).
    index('inbox_emails_live_received_idx').on(t.receivedAt, t.id).where(sql`${t.archivedAt} is null`),
  ],
);

/** A file of an inbox e-mail. Only accepted types (SPEC.md §5, by content) may become a bill's attachment. */
export const inboxEmailAttachments = pgTable(
  'inbox_email_attachments',
  {
    id: idColumn(),
    guid: guidColumn(),
    emailId: bigint('email_id', { mode: 'number' })
      .notNull()
      .references(() => inboxEmails.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    /** The type read from the bytes when accepted; otherwise the type the message declared. */
    mimeType: text('mime_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    storageKey: text('storage_key').notNull(),
    convertible: boolean('convertible').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [
    uniqueIndex('inbox_email_attachments_guid_key').on(t.guid),
    index('inbox_email_attachments_email_idx').on(t.emailId),
  ],
);
