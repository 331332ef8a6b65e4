import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAtColumn, guidColumn, idColumn } from '../../platform/columns.ts';
import { clientsPrimaryKey } from '../clients/keys.ts';
import { accountsPrimaryKey, divisionsPrimaryKey, entitiesPrimaryKey } from '../entities/keys.ts';
import { usersPrimaryKey } from '../users/keys.ts';

/**
 * Books (issue 17, decision 030). Reference catalogue, per-entity accounts, journal entries and lines,
 * closed periods and period balances. The ledger's invariants (balanced posted entries, immutable posted
 * entries, no posting into a closed period, period balances kept) are enforced by triggers of the custom
 * migration `books_ledger_rules`, not only by this code.
 */

const entityRef = () =>
  bigint('entity_id', { mode: 'number' })
    .notNull()
    .references(() => entitiesPrimaryKey, { onDelete: 'cascade' });

/** Families of accounts (asset, liability, equity, income, expense): seeded by migration. */
export const bookAccountTypes = pgTable('book_account_types', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  sortOrder: integer('sort_order').notNull(),
});

/** Subtypes (bank, credit card, accounts payable, fixed asset, …), each of one family. */
export const bookAccountSubtypes = pgTable('book_account_subtypes', {
  code: text('code').primaryKey(),
  typeCode: text('type_code')
    .notNull()
    .references(() => bookAccountTypes.code),
  name: text('name').notNull(),
  sortOrder: integer('sort_order').notNull(),
});

/** Detailed types (checking, savings, accumulated depreciation, …), each of one subtype. */
export const bookDetailTypes = pgTable('book_detail_types', {
  code: text('code').primaryKey(),
  subtypeCode: text('subtype_code')
    .notNull()
    .references(() => bookAccountSubtypes.code),
  name: text('name').notNull(),
  sortOrder: integer('sort_order').notNull(),
});

/** An entity's ledger account. `family` is the subtype's, kept on the row so reports need no join. */
export const bookAccounts = pgTable(
  'book_accounts',
  {
    id: idColumn(),
    guid: guidColumn(),
    entityId: entityRef(),
    number: text('number'),
    name: text('name').notNull(),
    family: text('family', { enum: ['asset', 'liability', 'equity', 'income', 'expense'] }).notNull(),
    subtypeCode: text('subtype_code')
      .notNull()
      .references(() => bookAccountSubtypes.code),
    detailTypeCode: text('detail_type_code').references(() => bookDetailTypes.code),
    classificationGroup: text('classification_group'),
    /** Accounts the bill posting finds by role: the entity's accounts payable and bill-pay cash. */
    systemRole: text('system_role', { enum: ['accounts_payable', 'bill_pay_cash', 'uncategorized_expense'] }),
    /** The bill-line account (entities' chart) this ledger account books, for bill postings. */
    chartAccountId: bigint('chart_account_id', { mode: 'number' }).references(() => accountsPrimaryKey, {
      onDelete: 'set null',
    }),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex('book_accounts_guid_key').on(t.guid),
    uniqueIndex('book_accounts_entity_number_key')
      .on(t.entityId, t.number)
      .where(sql`${t.number} IS NOT NULL`),
    uniqueIndex('book_accounts_entity_role_key')
      .on(t.entityId, t.systemRole)
      .where(sql`${t.systemRole} IS NOT NULL`),
    uniqueIndex('book_accounts_chart_account_key')
      .on(t.chartAccountId)
      .where(sql`${t.chartAccountId} IS NOT NULL`),
    index('book_accounts_entity_idx').on(t.entityId, t.number, t.name),
  ],
);

/** Accounts a user keeps at hand (pins). */
export const bookPins = pgTable(
  'book_pins',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => usersPrimaryKey, { onDelete: 'cascade' }),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => bookAccounts.id, { onDelete: 'cascade' }),
    createdAt: createdAtColumn(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.accountId] })],
);

/**
 * A journal entry. `source`/`source_id`/`kind` name what wrote it (a bill's approval, its payment…), and
 * their unique key makes a retried or concurrent posting of the same event fail instead of doubling.
 */
export const journalEntries = pgTable(
  'journal_entries',
  {
    id: idColumn(),
    guid: guidColumn(),
    entityId: entityRef(),
    entryDate: date('entry_date').notNull(),
    memo: text('memo'),
    source: text('source', { enum: ['manual', 'bill', 'feeder_rule', 'import', 'template'] }).notNull(),
    sourceId: text('source_id'),
    /** What event of the source this entry books (e.g. `bill_approved`, `bill_paid`); `manual` otherwise. */
    kind: text('kind').notNull().default('manual'),
    status: text('status', { enum: ['draft', 'posted'] }).notNull(),
    /** The posted entry this one reverses; an entry is reversed at most once. */
    reversalOf: bigint('reversal_of', { mode: 'number' }).references((): AnyPgColumn => journalEntries.id),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => usersPrimaryKey, {
      onDelete: 'set null',
    }),
    postedAt: timestamp('posted_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex('journal_entries_guid_key').on(t.guid),
    uniqueIndex('journal_entries_source_key')
      .on(t.source, t.sourceId, t.kind)
      .where(sql`${t.sourceId} IS NOT NULL`),
    uniqueIndex('journal_entries_reversal_of_key').on(t.reversalOf).where(sql`${t.reversalOf} IS NOT NULL`),
    index('journal_entries_entity_date_idx').on(t.entityId, t.entryDate),
  ],
);

/** A line of an entry: one signed amount in cents (debit positive, credit negative). */
export const journalLines = pgTable(
  'journal_lines',
  {
    id: idColumn(),
    entryId: bigint('entry_id', { mode: 'number' })
      .notNull()
      .references(() => journalEntries.id, { onDelete: 'cascade' }),
    lineNo: integer('line_no').notNull(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => bookAccounts.id),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    divisionId: bigint('division_id', { mode: 'number' }).references(() => divisionsPrimaryKey, {
      onDelete: 'set null',
    }),
    memo: text('memo'),
  },
  (t) => [
    uniqueIndex('journal_lines_entry_line_key').on(t.entryId, t.lineNo),
    index('journal_lines_account_idx').on(t.accountId, t.entryId),
  ],
);

/** A closed month of an entity's books (`month` is its first day): nothing posts into it. */
export const bookClosedPeriods = pgTable(
  'book_closed_periods',
  {
    entityId: entityRef(),
    month: date('month').notNull(),
    closedBy: bigint('closed_by', { mode: 'number' }).references(() => usersPrimaryKey, {
      onDelete: 'set null',
    }),
    closedAt: timestamp('closed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.entityId, t.month] })],
);

/**
 * Account × month running totals of posted lines, kept by the `journal_*` triggers as entries post, so a
 * trial balance reads whole months here and only the partial months from the lines.
 */
export const bookPeriodBalances = pgTable(
  'book_period_balances',
  {
    entityId: entityRef(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => bookAccounts.id, { onDelete: 'cascade' }),
    month: date('month').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.month] }),
    index('book_period_balances_entity_month_idx').on(t.entityId, t.month),
  ],
);

/** Books settings of a client: whether bills post to the ledger (the ledger-posting feature). */
export const bookClientSettings = pgTable('book_client_settings', {
  clientId: bigint('client_id', { mode: 'number' })
    .primaryKey()
    .references(() => clientsPrimaryKey, { onDelete: 'cascade' }),
  ledgerPosting: boolean('ledger_posting').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
