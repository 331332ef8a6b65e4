import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAtColumn, guidColumn, idColumn } from '../../platform/columns.ts';
import { bookAccountsPrimaryKey } from '../books/keys.ts';
import { clientInstitutionsPrimaryKey, documentsPrimaryKey } from '../client-records/keys.ts';
import { clientsPrimaryKey } from '../clients/keys.ts';
import { entitiesPrimaryKey } from '../entities/keys.ts';
import { usersPrimaryKey } from '../users/keys.ts';
import { reconciliationsPrimaryKey } from '../workflow/keys.ts';

/**
 * A hosted link session we started (decision 036): the link token names it; completing it reads the
 * session at the aggregator. Kept so only the client and entity that started a link can complete it.
 */
export const bankLinkSessions = pgTable(
  'bank_link_sessions',
  {
    id: idColumn(),
    clientId: bigint('client_id', { mode: 'number' })
      .notNull()
      .references(() => clientsPrimaryKey, { onDelete: 'cascade' }),
    entityId: bigint('entity_id', { mode: 'number' })
      .notNull()
      .references(() => entitiesPrimaryKey, { onDelete: 'cascade' }),
    /** Update mode (repairing a broken login) names the item it repairs. */
    itemId: bigint('item_id', { mode: 'number' }),
    linkToken: text('link_token').notNull(),
    startedByUserId: bigint('started_by_user_id', { mode: 'number' }).references(() => usersPrimaryKey, {
      onDelete: 'set null',
    }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
  },
  (t) => [uniqueIndex('bank_link_sessions_token_key').on(t.linkToken)],
);

/** A link to one bank login (Plaid's Item): its access token sealed, its sync cursor, its health. */
export const bankFeedItems = pgTable(
  'bank_feed_items',
  {
    id: idColumn(),
    guid: guidColumn(),
    clientId: bigint('client_id', { mode: 'number' })
      .notNull()
      .references(() => clientsPrimaryKey, { onDelete: 'cascade' }),
    entityId: bigint('entity_id', { mode: 'number' })
      .notNull()
      .references(() => entitiesPrimaryKey, { onDelete: 'cascade' }),
    /** The aggregator's item_id (not a secret). */
    providerItemId: text('provider_item_id').notNull(),
    /** The access token, sealed (platform/secret-box.ts, purpose 'bank-feeds access token'); null once disconnected. */
    accessTokenSealed: text('access_token_sealed'),
    institutionName: text('institution_name'),
    status: text('status', { enum: ['active', 'login_required', 'disconnected'] })
      .notNull()
      .default('active'),
    errorCode: text('error_code'),
    /** transactions/sync's cursor: where the next sync starts. */
    cursor: text('cursor'),
    lastSyncedAt: timestamp('last_synced_at', { withTimezone: true }),
    /** The job runner's `bank-feeds.first-sync` job bringing the link's history in (decision 037). */
    firstSyncJobId: text('first_sync_job_id'),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex('bank_feed_items_guid_key').on(t.guid),
    uniqueIndex('bank_feed_items_provider_key').on(t.providerItemId),
    index('bank_feed_items_client_idx').on(t.clientId),
  ],
);

/** An account of an item, tied to the client's account (client records) it feeds. */
export const bankFeedAccounts = pgTable(
  'bank_feed_accounts',
  {
    id: idColumn(),
    guid: guidColumn(),
    itemId: bigint('item_id', { mode: 'number' })
      .notNull()
      .references(() => bankFeedItems.id, { onDelete: 'cascade' }),
    clientId: bigint('client_id', { mode: 'number' })
      .notNull()
      .references(() => clientsPrimaryKey, { onDelete: 'cascade' }),
    entityId: bigint('entity_id', { mode: 'number' })
      .notNull()
      .references(() => entitiesPrimaryKey, { onDelete: 'cascade' }),
    clientInstitutionId: bigint('client_institution_id', { mode: 'number' }).references(
      () => clientInstitutionsPrimaryKey,
      { onDelete: 'set null' },
    ),
    providerAccountId: text('provider_account_id').notNull(),
    name: text('name').notNull(),
    officialName: text('official_name'),
    mask: text('mask'),
    type: text('type').notNull(),
    subtype: text('subtype'),
    /** Cents, as the aggregator last reported them. */
    currentBalance: bigint('current_balance', { mode: 'number' }),
    availableBalance: bigint('available_balance', { mode: 'number' }),
    balanceAt: timestamp('balance_at', { withTimezone: true }),
    /** The account the entity's bills are paid from (funding required is computed for it). */
    paysBills: boolean('pays_bills').notNull().default(false),
    /**
     * The entity's books account its lines land in (decision 037): made at the first sync (named from the
     * institution and mask) unless staff tie it to another; one fed account per books account.
     */
    bookAccountId: bigint('book_account_id', { mode: 'number' }).references(() => bookAccountsPrimaryKey, {
      onDelete: 'set null',
    }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex('bank_feed_accounts_guid_key').on(t.guid),
    uniqueIndex('bank_feed_accounts_book_account_key')
      .on(t.bookAccountId)
      .where(sql`${t.bookAccountId} is not null`),
    uniqueIndex('bank_feed_accounts_provider_key').on(t.itemId, t.providerAccountId),
    index('bank_feed_accounts_client_idx').on(t.clientId),
    uniqueIndex('bank_feed_accounts_pays_bills_key').on(t.entityId).where(sql`${t.paysBills}`),
  ],
);

/**
 * A bank line as the aggregator reported it, keyed by its transaction_id: a re-sync or a modification
 * updates the row, a removal marks it, so nothing is ever counted twice. A pending line that posts
 * arrives as a new transaction naming the pending one (pending_transaction_id); the pending one is
 * removed by the same sync.
 */
export const bankFeedTransactions = pgTable(
  'bank_feed_transactions',
  {
    id: idColumn(),
    guid: guidColumn(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => bankFeedAccounts.id, { onDelete: 'cascade' }),
    clientId: bigint('client_id', { mode: 'number' })
      .notNull()
      .references(() => clientsPrimaryKey, { onDelete: 'cascade' }),
    entityId: bigint('entity_id', { mode: 'number' })
      .notNull()
      .references(() => entitiesPrimaryKey, { onDelete: 'cascade' }),
    providerTransactionId: text('provider_transaction_id').notNull(),
    pendingTransactionId: text('pending_transaction_id'),
    /** Signed cents: positive = money out (Plaid's sign). */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    name: text('name').notNull(),
    merchantName: text('merchant_name'),
    checkNumber: text('check_number'),
    pending: boolean('pending').notNull(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bank_feed_transactions_guid_key').on(t.guid),
    uniqueIndex('bank_feed_transactions_provider_key').on(t.providerTransactionId),
    index('bank_feed_transactions_account_date_idx').on(t.accountId, t.date, t.id),
    index('bank_feed_transactions_client_date_idx').on(t.clientId, t.date, t.id),
  ],
);

/** A monthly statement, stored as a client document and tied to the reconciliation of its period. */
export const bankFeedStatements = pgTable(
  'bank_feed_statements',
  {
    id: idColumn(),
    guid: guidColumn(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => bankFeedAccounts.id, { onDelete: 'cascade' }),
    providerStatementId: text('provider_statement_id').notNull(),
    month: integer('month').notNull(),
    year: integer('year').notNull(),
    datePosted: date('date_posted', { mode: 'string' }),
    documentId: bigint('document_id', { mode: 'number' }).references(() => documentsPrimaryKey, {
      onDelete: 'set null',
    }),
    reconciliationId: bigint('reconciliation_id', { mode: 'number' }).references(
      () => reconciliationsPrimaryKey,
      { onDelete: 'set null' },
    ),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex('bank_feed_statements_guid_key').on(t.guid),
    uniqueIndex('bank_feed_statements_provider_key').on(t.accountId, t.providerStatementId),
  ],
);
