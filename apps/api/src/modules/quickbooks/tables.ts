import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAtColumn, guidColumn, idColumn } from '../../platform/columns.ts';
import { billsPrimaryKey } from '../bill-core/keys.ts';
import { entitiesPrimaryKey } from '../entities/keys.ts';
import { usersPrimaryKey } from '../users/keys.ts';

const id = idColumn;
const guid = guidColumn;
const createdAt = createdAtColumn;
const at = (name: string) => timestamp(name, { withTimezone: true });
const entityRef = () =>
  bigint('entity_id', { mode: 'number' })
    .notNull()
    .references(() => entitiesPrimaryKey, { onDelete: 'cascade' });
const userRef = (name: string) => bigint(name, { mode: 'number' }).references(() => usersPrimaryKey);

/**
 * An entity's QuickBooks Online company (decision 035). The tokens are kept only sealed
 * (platform/secret-box.ts, purpose 'quickbooks-online tokens'). `status` turns `revoked` when Intuit
 * refuses the refresh token (the user disconnected us there, or it expired): staff reconnect.
 */
export const qboConnections = pgTable(
  'qbo_connections',
  {
    id: id(),
    guid: guid(),
    entityId: entityRef(),
    realmId: text('realm_id').notNull(),
    companyName: text('company_name'),
    status: text('status', { enum: ['connected', 'revoked', 'disconnected'] }).notNull(),
    /** Sealed JSON {access_token, refresh_token}. Null once disconnected. */
    sealedTokens: text('sealed_tokens'),
    accessExpiresAt: at('access_expires_at'),
    refreshExpiresAt: at('refresh_expires_at'),
    /** Why the connection stopped working, in words for staff. */
    lastError: text('last_error'),
    /** The QuickBooks bank account bill payments are drawn from, and its book balance (cents). */
    paymentAccountQboId: text('payment_account_qbo_id'),
    bookBalance: bigint('book_balance', { mode: 'number' }),
    bookBalanceAt: at('book_balance_at'),
    /** Change-data-capture watermark: objects changed since this instant are pulled next. */
    changedSince: at('changed_since'),
    connectedByUserId: userRef('connected_by_user_id'),
    connectedAt: at('connected_at').notNull(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('qbo_connections_guid_key').on(t.guid),
    uniqueIndex('qbo_connections_entity_key').on(t.entityId),
  ],
);

/** An OAuth authorisation under way: the state (stored hashed) is bound to the user and the entity. */
export const qboOauthStates = pgTable(
  'qbo_oauth_states',
  {
    id: id(),
    stateHash: text('state_hash').notNull(),
    entityId: entityRef(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => usersPrimaryKey, { onDelete: 'cascade' }),
    /** PKCE code verifier (RFC 7636), sealed like the tokens. */
    sealedVerifier: text('sealed_verifier').notNull(),
    expiresAt: at('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('qbo_oauth_states_hash_key').on(t.stateHash)],
);

/** QuickBooks object id ↔ our row, per entity and kind (vendor, account, class, term, customer). */
export const qboLinks = pgTable(
  'qbo_links',
  {
    id: id(),
    entityId: entityRef(),
    kind: text('kind', { enum: ['vendor', 'account', 'class', 'term', 'customer'] }).notNull(),
    qboId: text('qbo_id').notNull(),
    localId: bigint('local_id', { mode: 'number' }).notNull(),
    /** QuickBooks' own account type for accounts (Bank, Expense, …), and the balance it reported. */
    qboType: text('qbo_type'),
    balance: bigint('balance', { mode: 'number' }),
    syncToken: text('sync_token'),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('qbo_links_object_key').on(t.entityId, t.kind, t.qboId),
    index('qbo_links_local_idx').on(t.entityId, t.kind, t.localId),
  ],
);

export type SyncResultAction = 'created' | 'updated' | 'skipped' | 'failed';
export interface SyncResultItem {
  object: string;
  qbo_id: string | null;
  name: string;
  action: SyncResultAction;
  message: string | null;
}

/** One sync of an entity (a job of the runner): its progress lives in job_progress, its results here. */
export const qboSyncs = pgTable(
  'qbo_syncs',
  {
    id: id(),
    guid: guid(),
    entityId: entityRef(),
    jobId: text('job_id'),
    kind: text('kind', { enum: ['full', 'incremental', 'webhook', 'export'] }).notNull(),
    status: text('status', { enum: ['queued', 'running', 'succeeded', 'failed'] }).notNull(),
    requestedByUserId: userRef('requested_by_user_id'),
    counts: jsonb('counts').$type<Record<SyncResultAction, number>>(),
    results: jsonb('results').$type<SyncResultItem[]>().notNull().default([]),
    error: text('error'),
    startedAt: at('started_at'),
    finishedAt: at('finished_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('qbo_syncs_guid_key').on(t.guid),
    index('qbo_syncs_entity_idx').on(t.entityId, t.createdAt),
  ],
);

/**
 * A bill (or its payment) sent to QuickBooks: one row per (bill, round, kind, ordinal), written in the workflow
 * transition's transaction. The unique key makes a retried or doubled export impossible to record twice,
 * and `request_id` (derived from this row's guid) is the `requestid` QuickBooks de-duplicates by.
 */
export const qboBillExports = pgTable(
  'qbo_bill_exports',
  {
    id: id(),
    guid: guid(),
    entityId: entityRef(),
    billId: bigint('bill_id', { mode: 'number' })
      .notNull()
      .references(() => billsPrimaryKey, { onDelete: 'cascade' }),
    round: integer('round').notNull(),
    kind: text('kind', { enum: ['bill', 'bill_payment'] }).notNull(),
    /** 1 for the bill; the payment's ordinal for payments (a reversed payment recorded again is a second). */
    ordinal: integer('ordinal').notNull().default(1),
    status: text('status', { enum: ['pending', 'exporting', 'exported', 'failed'] }).notNull(),
    /** While `exporting`: a worker holds it until then; a worker that died lets it go by itself. */
    leaseUntil: at('lease_until'),
    qboId: text('qbo_id'),
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
    exportedAt: at('exported_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('qbo_bill_exports_guid_key').on(t.guid),
    uniqueIndex('qbo_bill_exports_once_key').on(t.billId, t.round, t.kind, t.ordinal),
    index('qbo_bill_exports_pending_idx').on(t.entityId, t.status),
  ],
);

/** A QuickBooks Desktop company file served through the Web Connector, with its own login. */
export const qbdCompanyFiles = pgTable(
  'qbd_company_files',
  {
    id: id(),
    guid: guid(),
    entityId: entityRef(),
    name: text('name').notNull(),
    /** The Web Connector's user name (unique) and the password's argon2id hash. */
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    /** The .qwc file's OwnerID and FileID (GUIDs the Web Connector keeps per application). */
    ownerId: text('owner_id').notNull(),
    fileId: text('file_id').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('qbd_company_files_guid_key').on(t.guid),
    uniqueIndex('qbd_company_files_user_key').on(t.username),
  ],
);

export interface QbdSessionError {
  request: string;
  status_code: string;
  severity: string;
  message: string;
}

/** One Web Connector session: its ticket (hashed), where it has got to, and what went wrong. */
export const qbdSessions = pgTable(
  'qbd_sessions',
  {
    id: id(),
    guid: guid(),
    companyFileId: bigint('company_file_id', { mode: 'number' })
      .notNull()
      .references(() => qbdCompanyFiles.id, { onDelete: 'cascade' }),
    ticketHash: text('ticket_hash').notNull(),
    status: text('status', { enum: ['open', 'done', 'failed'] }).notNull(),
    /** The step now running: an index into the session's plan, and the iterator of that step. */
    step: integer('step').notNull().default(0),
    iteratorId: text('iterator_id'),
    /** The request last sent (its XML), so receiveResponseXML knows what it answers. */
    pending: jsonb('pending').$type<{ step: number; requestId: string; billIds?: number[] } | null>(),
    counts: jsonb('counts').$type<Record<string, number>>().notNull().default({}),
    errors: jsonb('errors').$type<QbdSessionError[]>().notNull().default([]),
    lastError: text('last_error'),
    startedAt: at('started_at').notNull(),
    finishedAt: at('finished_at'),
  },
  (t) => [
    uniqueIndex('qbd_sessions_guid_key').on(t.guid),
    uniqueIndex('qbd_sessions_ticket_key').on(t.ticketHash),
    index('qbd_sessions_file_idx').on(t.companyFileId, t.startedAt),
  ],
);

/**
 * Bills of a company file: those read from it (BillQueryRq) and ours added to it (BillAddRq). Ours carry
 * our bill's guid in the bill's Memo/RefNumber-independent `ExternalGUID`, so a repeated run adds nothing twice.
 */
export const qbdBills = pgTable(
  'qbd_bills',
  {
    id: id(),
    guid: guid(),
    companyFileId: bigint('company_file_id', { mode: 'number' })
      .notNull()
      .references(() => qbdCompanyFiles.id, { onDelete: 'cascade' }),
    txnId: text('txn_id'),
    billId: bigint('bill_id', { mode: 'number' }).references(() => billsPrimaryKey, { onDelete: 'set null' }),
    vendorName: text('vendor_name'),
    refNumber: text('ref_number'),
    txnDate: text('txn_date'),
    dueDate: text('due_date'),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    isPaid: boolean('is_paid'),
    status: text('status', { enum: ['in_file', 'to_add', 'added', 'failed'] }).notNull(),
    error: text('error'),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('qbd_bills_guid_key').on(t.guid),
    uniqueIndex('qbd_bills_txn_key').on(t.companyFileId, t.txnId),
    uniqueIndex('qbd_bills_bill_key').on(t.companyFileId, t.billId),
  ],
);

/** Vendors, accounts and classes read from a company file (ListID ↔ our row, like qbo_links). */
export const qbdLinks = pgTable(
  'qbd_links',
  {
    id: id(),
    companyFileId: bigint('company_file_id', { mode: 'number' })
      .notNull()
      .references(() => qbdCompanyFiles.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['vendor', 'account', 'class'] }).notNull(),
    listId: text('list_id').notNull(),
    localId: bigint('local_id', { mode: 'number' }).notNull(),
    name: text('name').notNull(),
  },
  (t) => [uniqueIndex('qbd_links_object_key').on(t.companyFileId, t.kind, t.listId)],
);
