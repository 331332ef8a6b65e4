import { bigint, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAtColumn, guidColumn, idColumn } from '../../platform/columns.ts';
import { clientsPrimaryKey } from '../clients/keys.ts';
import { inboxEmailsPrimaryKey } from '../inbox/keys.ts';
import { organizationsPrimaryKey } from '../organizations/keys.ts';

/** An organisation's mail-scan account: its API key sealed (purpose 'mail-scan api key'). */
export const mailScanConnections = pgTable(
  'mail_scan_connections',
  {
    id: idColumn(),
    organizationId: bigint('organization_id', { mode: 'number' })
      .notNull()
      .references(() => organizationsPrimaryKey, { onDelete: 'cascade' }),
    apiKeySealed: text('api_key_sealed').notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [uniqueIndex('mail_scan_connections_org_key').on(t.organizationId)],
);

/** A mailbox of the service (Earth Class Mail's inbox) and the client its mail is filed for. */
export const mailScanMailboxes = pgTable(
  'mail_scan_mailboxes',
  {
    id: idColumn(),
    guid: guidColumn(),
    organizationId: bigint('organization_id', { mode: 'number' })
      .notNull()
      .references(() => organizationsPrimaryKey, { onDelete: 'cascade' }),
    providerMailboxId: text('provider_mailbox_id').notNull(),
    name: text('name').notNull(),
    clientId: bigint('client_id', { mode: 'number' }).references(() => clientsPrimaryKey, {
      onDelete: 'set null',
    }),
    lastPolledAt: timestamp('last_polled_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
  },
  (t) => [uniqueIndex('mail_scan_mailboxes_provider_key').on(t.organizationId, t.providerMailboxId)],
);

/** A scanned piece received once (by webhook or poll), and the pre-bill it became. */
export const mailScanPieces = pgTable(
  'mail_scan_pieces',
  {
    id: idColumn(),
    mailboxId: bigint('mailbox_id', { mode: 'number' })
      .notNull()
      .references(() => mailScanMailboxes.id, { onDelete: 'cascade' }),
    providerPieceId: text('provider_piece_id').notNull(),
    clientId: bigint('client_id', { mode: 'number' })
      .notNull()
      .references(() => clientsPrimaryKey, { onDelete: 'cascade' }),
    inboxEmailId: bigint('inbox_email_id', { mode: 'number' }).references(() => inboxEmailsPrimaryKey, {
      onDelete: 'set null',
    }),
    senderName: text('sender_name'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [uniqueIndex('mail_scan_pieces_provider_key').on(t.mailboxId, t.providerPieceId)],
);
