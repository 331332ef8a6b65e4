import { COMMITMENT_CATEGORY_VALUES, COMMITMENT_FREQUENCY_VALUES, PAYMENT_METHOD_VALUES } from '@bp/domain';
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
import { billsPrimaryKey } from '../bill-core/keys.ts';
import { clientsPrimaryKey } from '../clients/keys.ts';
import {
  accountsPrimaryKey,
  divisionsPrimaryKey,
  entitiesPrimaryKey,
  vendorsPrimaryKey,
} from '../entities/keys.ts';
import { organizationsPrimaryKey } from '../organizations/keys.ts';
import { usersPrimaryKey } from '../users/keys.ts';

/**
 * A recurring obligation of a client's entity that the organisation pays on a schedule. Its numeric
 * `id` is public (SPEC routes use commitmentId). The schedule: `frequency` with an anchor —
 * weekly/bi_weekly: `start_date` fixes the weekday (and, for bi_weekly, the fortnight);
 * monthly: `due_day` 1..31 (clamped to the month's last day); yearly: `due_month` + `due_day`.
 * A due date on a weekend or US public holiday moves to the previous business day.
 */
export const commitments = pgTable(
  'commitments',
  {
    id: idColumn(),
    guid: guidColumn(),
    organizationId: bigint('organization_id', { mode: 'number' })
      .notNull()
      .references(() => organizationsPrimaryKey),
    clientId: bigint('client_id', { mode: 'number' })
      .notNull()
      .references(() => clientsPrimaryKey, { onDelete: 'cascade' }),
    entityId: bigint('entity_id', { mode: 'number' })
      .notNull()
      .references(() => entitiesPrimaryKey),
    vendorId: bigint('vendor_id', { mode: 'number' })
      .notNull()
      .references(() => vendorsPrimaryKey),
    category: text('category', { enum: COMMITMENT_CATEGORY_VALUES }).notNull(),
    frequency: text('frequency', { enum: COMMITMENT_FREQUENCY_VALUES }).notNull(),
    /** Cents; null when the amount varies (is_variable). */
    expectedAmount: bigint('expected_amount', { mode: 'number' }),
    isVariable: boolean('is_variable').notNull().default(false),
    dueDay: integer('due_day'),
    dueMonth: integer('due_month'),
    startDate: date('start_date').notNull(),
    endDate: date('end_date'),
    paymentMethod: text('payment_method', { enum: PAYMENT_METHOD_VALUES }).notNull(),
    accountId: bigint('account_id', { mode: 'number' }).references(() => accountsPrimaryKey),
    divisionId: bigint('division_id', { mode: 'number' }).references(() => divisionsPrimaryKey),
    memo: text('memo').notNull().default(''),
    /** Paid by the vendor's autopay: tracked, never paid by staff. */
    autopay: boolean('autopay').notNull().default(false),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdByUserId: bigint('created_by_user_id', { mode: 'number' }).references(() => usersPrimaryKey, {
      onDelete: 'set null',
    }),
    version: integer('version').notNull().default(1),
    createdAt: createdAtColumn(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('commitments_guid_key').on(t.guid),
    index('commitments_org_active_idx')
      .on(t.organizationId, t.createdAt, t.id)
      .where(sql`${t.archivedAt} IS NULL`),
    index('commitments_client_idx').on(t.clientId, t.entityId),
    index('commitments_vendor_idx').on(t.vendorId),
  ],
);

/**
 * One occurrence of a commitment. `scheduled_date` is the schedule's date before the business-day
 * rule, `due_date` after it. The unique (commitment, scheduled_date) key makes generation idempotent:
 * a second run, or a second worker at the same time, inserts nothing twice (ON CONFLICT DO NOTHING).
 */
export const commitmentInstances = pgTable(
  'commitment_instances',
  {
    id: idColumn(),
    guid: guidColumn(),
    commitmentId: bigint('commitment_id', { mode: 'number' })
      .notNull()
      .references(() => commitments.id, { onDelete: 'cascade' }),
    scheduledDate: date('scheduled_date').notNull(),
    dueDate: date('due_date').notNull(),
    /** Cents expected for this occurrence (the commitment's at generation time); null when variable. */
    expectedAmount: bigint('expected_amount', { mode: 'number' }),
    /** The bill that pays it, once entered. */
    billId: bigint('bill_id', { mode: 'number' }).references(() => billsPrimaryKey, { onDelete: 'set null' }),
    /** Skipped by staff (not owed this time). */
    skippedAt: timestamp('skipped_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex('commitment_instances_guid_key').on(t.guid),
    uniqueIndex('commitment_instances_schedule_key').on(t.commitmentId, t.scheduledDate),
    index('commitment_instances_due_idx').on(t.dueDate),
    uniqueIndex('commitment_instances_bill_key').on(t.billId).where(sql`${t.billId} IS NOT NULL`),
  ],
);

/** Staff notes on a commitment. */
export const commitmentNotes = pgTable(
  'commitment_notes',
  {
    id: idColumn(),
    guid: guidColumn(),
    commitmentId: bigint('commitment_id', { mode: 'number' })
      .notNull()
      .references(() => commitments.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' }).references(() => usersPrimaryKey, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex('commitment_notes_guid_key').on(t.guid),
    index('commitment_notes_commitment_idx').on(t.commitmentId, t.createdAt),
  ],
);
