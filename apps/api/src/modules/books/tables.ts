import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAtColumn, guidColumn, idColumn } from '../../platform/columns.ts';
import { propertiesPrimaryKey } from '../client-records/keys.ts';
import { clientsPrimaryKey } from '../clients/keys.ts';
import {
  accountsPrimaryKey,
  divisionsPrimaryKey,
  entitiesPrimaryKey,
  vendorsPrimaryKey,
} from '../entities/keys.ts';
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
    source: text('source', {
      enum: ['manual', 'bill', 'feeder_rule', 'import', 'template', 'bank_match'],
    }).notNull(),
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
    /**
     * The client's property the amount is for (the property-expenses report, decision 034). No `set
     * null` on delete: a posted line never changes, so a property the ledger names cannot be deleted.
     */
    propertyId: bigint('property_id', { mode: 'number' }).references(() => propertiesPrimaryKey),
    memo: text('memo'),
  },
  (t) => [
    uniqueIndex('journal_lines_entry_line_key').on(t.entryId, t.lineNo),
    index('journal_lines_account_idx').on(t.accountId, t.entryId),
    index('journal_lines_property_idx').on(t.propertyId).where(sql`${t.propertyId} IS NOT NULL`),
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

/**
 * A bank or credit-card transaction of a book account (decision 034), fed by `receiveBankLines` (a CSV
 * import on the account today, the bank-data aggregator later). `amount` is signed as the bank shows it:
 * money in positive, money out negative, which is also the bank account's side of the entry it posts.
 * Idempotent by (account, external id): a re-sent line updates while pending, never doubles.
 */
export const bookBankLines = pgTable(
  'book_bank_lines',
  {
    id: idColumn(),
    guid: guidColumn(),
    entityId: entityRef(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => bookAccounts.id, { onDelete: 'cascade' }),
    externalId: text('external_id').notNull(),
    lineDate: date('line_date').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    description: text('description').notNull(),
    counterparty: text('counterparty'),
    checkNumber: text('check_number'),
    pending: boolean('pending').notNull().default(false),
    /** How it was categorised: by a feeder rule (in a batch), by a user, or as the other side of a transfer. */
    categorizedBy: text('categorized_by', { enum: ['rule', 'manual', 'transfer_match', 'match'] }),
    ruleId: bigint('rule_id', { mode: 'number' }).references((): AnyPgColumn => bookFeederRules.id, {
      onDelete: 'set null',
    }),
    batchId: bigint('batch_id', { mode: 'number' }).references((): AnyPgColumn => bookFeederBatches.id),
    /** The posted entry of the categorisation (shared by both lines of a matched transfer). */
    entryId: bigint('entry_id', { mode: 'number' }).references(() => journalEntries.id),
    /** The action applied, in the rule's action shape (accounts and divisions by guid), for display and rules. */
    action: jsonb('action'),
    vendorId: bigint('vendor_id', { mode: 'number' }).references(() => vendorsPrimaryKey, {
      onDelete: 'set null',
    }),
    /** How many times it was categorised: part of its entries' source id, so each is unique. */
    categorizations: integer('categorizations').notNull().default(0),
    createdAt: createdAtColumn(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('book_bank_lines_guid_key').on(t.guid),
    uniqueIndex('book_bank_lines_account_external_key').on(t.accountId, t.externalId),
    index('book_bank_lines_entity_date_idx').on(t.entityId, t.lineDate),
    index('book_bank_lines_batch_idx').on(t.batchId).where(sql`${t.batchId} IS NOT NULL`),
  ],
);

/**
 * A feeder rule: filters and one action, applied in `priority` order (lowest first; the first rule that
 * matches a line categorises it). Filters and action are JSON in the contracts' shapes (decision 034).
 */
export const bookFeederRules = pgTable(
  'book_feeder_rules',
  {
    id: idColumn(),
    guid: guidColumn(),
    entityId: entityRef(),
    name: text('name').notNull(),
    priority: integer('priority').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    filters: jsonb('filters').notNull(),
    action: jsonb('action').notNull(),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => usersPrimaryKey, {
      onDelete: 'set null',
    }),
    createdAt: createdAtColumn(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('book_feeder_rules_guid_key').on(t.guid),
    index('book_feeder_rules_entity_idx').on(t.entityId, t.priority),
  ],
);

/** One application of rules: the lines it categorised can be undone together (reversals). */
export const bookFeederBatches = pgTable(
  'book_feeder_batches',
  {
    id: idColumn(),
    guid: guidColumn(),
    entityId: entityRef(),
    /** The rule applied alone, or null when every active rule (or a pipeline) ran. */
    ruleId: bigint('rule_id', { mode: 'number' }).references((): AnyPgColumn => bookFeederRules.id, {
      onDelete: 'set null',
    }),
    lineCount: integer('line_count').notNull(),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => usersPrimaryKey, {
      onDelete: 'set null',
    }),
    createdAt: createdAtColumn(),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
    undoneBy: bigint('undone_by', { mode: 'number' }).references(() => usersPrimaryKey, {
      onDelete: 'set null',
    }),
  },
  (t) => [
    uniqueIndex('book_feeder_batches_guid_key').on(t.guid),
    index('book_feeder_batches_entity_idx').on(t.entityId, t.createdAt),
  ],
);

/** A named group of templates run together (e.g. "Month end"). */
export const bookTemplateGroups = pgTable(
  'book_template_groups',
  {
    id: idColumn(),
    guid: guidColumn(),
    entityId: entityRef(),
    name: text('name').notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [uniqueIndex('book_template_groups_guid_key').on(t.guid)],
);

/**
 * A recurring journal pattern: lines of fixed cents or percentages of a base amount. Run for a month it
 * posts one entry whose source id is the template and month, so it posts exactly once per period.
 */
export const bookTemplates = pgTable(
  'book_templates',
  {
    id: idColumn(),
    guid: guidColumn(),
    entityId: entityRef(),
    groupId: bigint('group_id', { mode: 'number' }).references(() => bookTemplateGroups.id, {
      onDelete: 'set null',
    }),
    name: text('name').notNull(),
    memo: text('memo'),
    /** The base the percentage lines take their share of (cents); a run may give another. */
    baseAmount: bigint('base_amount', { mode: 'number' }),
    /** Day of the month the entry is dated (1–28), or null for the month's last day. */
    dayOfMonth: integer('day_of_month'),
    lines: jsonb('lines').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAtColumn(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('book_templates_guid_key').on(t.guid),
    index('book_templates_entity_idx').on(t.entityId, t.name),
  ],
);

/** An ordered set of feeder rules and templates run for an entity each period. */
export const bookPipelines = pgTable(
  'book_pipelines',
  {
    id: idColumn(),
    guid: guidColumn(),
    entityId: entityRef(),
    name: text('name').notNull(),
    /** [{ kind: 'rules' | 'rule' | 'template' | 'template_group', guid? }] in run order. */
    steps: jsonb('steps').notNull(),
    createdAt: createdAtColumn(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('book_pipelines_guid_key').on(t.guid)],
);

/** A run of a pipeline for a month, with the result of each step. */
export const bookPipelineRuns = pgTable(
  'book_pipeline_runs',
  {
    id: idColumn(),
    guid: guidColumn(),
    pipelineId: bigint('pipeline_id', { mode: 'number' })
      .notNull()
      .references(() => bookPipelines.id, { onDelete: 'cascade' }),
    month: date('month').notNull(),
    status: text('status', { enum: ['running', 'succeeded', 'failed'] }).notNull(),
    results: jsonb('results').notNull(),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => usersPrimaryKey, {
      onDelete: 'set null',
    }),
    createdAt: createdAtColumn(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('book_pipeline_runs_guid_key').on(t.guid),
    index('book_pipeline_runs_pipeline_idx').on(t.pipelineId, t.createdAt),
  ],
);
