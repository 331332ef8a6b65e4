import type { ApprovalStep } from '@bp/domain';
import {
  APPROVAL_RESULT_VALUES,
  APPROVAL_STEP_KIND_VALUES,
  BILL_EVENT_VALUES,
  BILL_STATUS_VALUES,
  INVOICE_SOURCE_VALUES,
  PAYMENT_METHOD_VALUES,
} from '@bp/domain';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAtColumn, guidColumn, idColumn } from '../../platform/columns.ts';
import { clientInstitutionsPrimaryKey } from '../client-records/keys.ts';
import { clientsPrimaryKey } from '../clients/keys.ts';
import {
  accountsPrimaryKey,
  divisionsPrimaryKey,
  entitiesPrimaryKey,
  vendorsPrimaryKey,
} from '../entities/keys.ts';
import { organizationsPrimaryKey } from '../organizations/keys.ts';
import { usersPrimaryKey } from '../users/keys.ts';

const id = idColumn;
const guid = guidColumn;
const createdAt = createdAtColumn;
const userRef = (name: string) =>
  bigint(name, { mode: 'number' }).references(() => usersPrimaryKey, { onDelete: 'set null' });
const billRef = () =>
  bigint('bill_id', { mode: 'number' })
    .notNull()
    .references(() => bills.id, { onDelete: 'cascade' });

/**
 * A bill an organisation pays for a client's entity. `organization_id` and `client_id` are copies of
 * what the entity implies, kept on the row so queues and searches filter on one index.
 * `plan` is the approval plan (DESIGN §6) made when the bill was entered or last edited; `round`
 * counts those plans, and only approvals of the current round count. `version` grows with every
 * write and is checked by workflow transitions (optimistic lock beside the row lock).
 */
export const bills = pgTable(
  'bills',
  {
    id: id(),
    guid: guid(),
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
    /** Cents. Equals the sum of the lines. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    dueDate: date('due_date').notNull(),
    invoiceNumber: text('invoice_number'),
    invoiceDate: date('invoice_date'),
    paymentMethod: text('payment_method', { enum: PAYMENT_METHOD_VALUES }).notNull(),
    invoiceSource: text('invoice_source', { enum: INVOICE_SOURCE_VALUES }).notNull(),
    /** Id of the bill in the accounting software it came from or went to. */
    extBillId: text('ext_bill_id'),
    status: text('status', { enum: BILL_STATUS_VALUES }).notNull(),
    version: integer('version').notNull().default(1),
    round: integer('round').notNull().default(1),
    plan: jsonb('plan').$type<ApprovalStep[]>().notNull().default([]),
    /** Facts routing depends on, fixed when the plan is made. */
    underPowerOfAttorney: boolean('under_power_of_attorney').notNull().default(false),
    vendorIsNewToEntity: boolean('vendor_is_new_to_entity').notNull().default(false),
    sanctionsMatch: boolean('sanctions_match').notNull().default(false),
    /** The sanctions list entry the payee matched, for the compliance reviewer. */
    sanctionsEntryId: bigint('sanctions_entry_id', { mode: 'number' }),
    /** Commitments (issue 6): the commitment the bill pays and the amount it expected, in cents. */
    commitmentId: bigint('commitment_id', { mode: 'number' }),
    expectedAmount: bigint('expected_amount', { mode: 'number' }),
    rejectReason: text('reject_reason'),
    rejectOtherDescription: text('reject_other_description'),
    /** The client's change request when the bill was sent back with revise. */
    reviseReason: text('revise_reason'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** Calendar day the payment was made (in the organisation's time zone), for by-paid-date. */
    paidDate: date('paid_date'),
    /**
     * Record payment (decision 015): the client's bank account the money left (one of its institutions;
     * kept null if that record is later deleted, the event keeps its name) and the method's reference
     * (check number, ACH trace or batch, wire confirmation).
     */
    paidFromInstitutionId: bigint('paid_from_institution_id', { mode: 'number' }).references(
      () => clientInstitutionsPrimaryKey,
      { onDelete: 'set null' },
    ),
    paymentReference: text('payment_reference'),
    createdByUserId: userRef('created_by_user_id'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bills_guid_key').on(t.guid),
    // Queues: one organisation, one status, ordered by due date / creation / amount, then id.
    index('bills_org_status_due_idx').on(t.organizationId, t.status, t.dueDate, t.id),
    index('bills_org_status_created_idx').on(t.organizationId, t.status, t.createdAt, t.id),
    index('bills_org_status_amount_idx').on(t.organizationId, t.status, t.amount, t.id),
    // A client's lists (and the queues filtered by client).
    index('bills_client_status_due_idx').on(t.clientId, t.status, t.dueDate, t.id),
    index('bills_client_created_idx').on(t.clientId, t.createdAt, t.id),
    index('bills_entity_status_due_idx').on(t.entityId, t.status, t.dueDate, t.id),
    index('bills_vendor_idx').on(t.vendorId, t.status),
    index('bills_org_paid_date_idx').on(t.organizationId, t.paidDate, t.id).where(sql`${t.status} = 'paid'`),
    index('bills_client_paid_date_idx').on(t.clientId, t.paidDate, t.id).where(sql`${t.status} = 'paid'`),
    index('bills_org_amount_idx').on(t.organizationId, t.amount, t.id),
    index('bills_org_due_idx').on(t.organizationId, t.dueDate, t.id),
    // Advanced search's default order (newest first) without a status filter.
    index('bills_org_created_idx').on(t.organizationId, t.createdAt, t.id),
    index('bills_invoice_number_trgm_idx').using('gin', t.invoiceNumber.op('gin_trgm_ops')),
    index('bills_commitment_idx').on(t.commitmentId),
  ],
);

/** A stored bill: the one row type every module that reads bills uses. */
export type BillRow = typeof bills.$inferSelect;

/**
 * A bill's split across accounts (and divisions); the lines sum to the bill's amount.
 * `organization_id` is the bill's, copied so the memo search starts inside the tenant: the trigram index
 * leads with it (btree_gin), and a term common across the platform no longer reads every organisation's
 * lines (docs/decisions/021-keyset-paging.md). Set by every insert (insertBillLines); rows older than it
 * were filled in by migration 0015, and 0018 makes it NOT NULL, so a writer that forgets it fails at once
 * instead of hiding its lines from the memo search.
 */

export const billLines = pgTable(
  'bill_lines',
  {
    id: id(),
    guid: guid(),
    billId: billRef(),
    organizationId: bigint('organization_id', { mode: 'number' })
      .notNull()
      .references(() => organizationsPrimaryKey),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accountsPrimaryKey),
    divisionId: bigint('division_id', { mode: 'number' }).references(() => divisionsPrimaryKey),
    memo: text('memo').notNull().default(''),
    /** Cents. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    position: integer('position').notNull(),
  },
  (t) => [
    uniqueIndex('bill_lines_guid_key').on(t.guid),
    uniqueIndex('bill_lines_bill_position_key').on(t.billId, t.position),
    index('bill_lines_org_memo_trgm_idx').using('gin', t.organizationId, t.memo.op('gin_trgm_ops')),
  ],
);

/**
 * Approvals given on a bill's steps. Only the current `round` counts (an edit re-plans). One row per
 * step and round: the unique key is what makes a second approval of the same step fail.
 * A verbal approval (staff recording a client's phone approval) waits for `confirmed_by_user_id`.
 */
export const billApprovals = pgTable(
  'bill_approvals',
  {
    id: id(),
    billId: billRef(),
    round: integer('round').notNull(),
    step: text('step', { enum: APPROVAL_STEP_KIND_VALUES }).notNull(),
    userId: userRef('user_id'),
    maskedByUserId: bigint('masked_by_user_id', { mode: 'number' }),
    result: text('result', { enum: APPROVAL_RESULT_VALUES }).notNull(),
    verbal: boolean('verbal').notNull().default(false),
    confirmedByUserId: userRef('confirmed_by_user_id'),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('bill_approvals_bill_round_step_key').on(t.billId, t.round, t.step)],
);

/** A bill's history as shown on its timeline. */
export const billEvents = pgTable(
  'bill_events',
  {
    id: id(),
    guid: guid(),
    billId: billRef(),
    kind: text('kind', { enum: BILL_EVENT_VALUES }).notNull(),
    userId: userRef('user_id'),
    maskedByUserId: bigint('masked_by_user_id', { mode: 'number' }),
    fromStatus: text('from_status', { enum: BILL_STATUS_VALUES }),
    toStatus: text('to_status', { enum: BILL_STATUS_VALUES }),
    /** What else the timeline shows: the action, reason, step, changed fields, file name. */
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('bill_events_guid_key').on(t.guid),
    index('bill_events_bill_created_idx').on(t.billId, t.createdAt, t.id),
  ],
);

/** Staff notes on a bill (not shown to client users). */
export const billNotes = pgTable(
  'bill_notes',
  {
    id: id(),
    guid: guid(),
    billId: billRef(),
    userId: userRef('user_id'),
    body: text('body').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bill_notes_guid_key').on(t.guid),
    index('bill_notes_bill_created_idx').on(t.billId, t.createdAt),
  ],
);

/** Invoices and other files on a bill, checked by content on upload. */
export const billAttachments = pgTable(
  'bill_attachments',
  {
    id: id(),
    guid: guid(),
    billId: billRef(),
    fileKey: text('file_key').notNull(),
    originalName: text('original_name').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    uploadedByUserId: userRef('uploaded_by_user_id'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('bill_attachments_guid_key').on(t.guid),
    index('bill_attachments_bill_idx').on(t.billId, t.createdAt),
  ],
);
