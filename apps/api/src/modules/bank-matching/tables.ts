import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAtColumn, guidColumn, idColumn } from '../../platform/columns.ts';
import { bankFeedTransactionsPrimaryKey } from '../bank-feeds/keys.ts';
import { billsPrimaryKey } from '../bill-core/keys.ts';
import { clientsPrimaryKey } from '../clients/keys.ts';
import { tasksPrimaryKey } from '../tasks/keys.ts';
import { usersPrimaryKey } from '../users/keys.ts';

/**
 * A bank line matched to the paid bill it paid (decision 036). Undoing keeps the row (undone_at) so the
 * line is not matched automatically again; a line and a bill each have at most one live match.
 */
export const bankMatches = pgTable(
  'bank_matches',
  {
    id: idColumn(),
    guid: guidColumn(),
    clientId: bigint('client_id', { mode: 'number' })
      .notNull()
      .references(() => clientsPrimaryKey, { onDelete: 'cascade' }),
    transactionId: bigint('transaction_id', { mode: 'number' })
      .notNull()
      .references(() => bankFeedTransactionsPrimaryKey, { onDelete: 'cascade' }),
    billId: bigint('bill_id', { mode: 'number' })
      .notNull()
      .references(() => billsPrimaryKey, { onDelete: 'cascade' }),
    /** 0..100 when matched. */
    score: integer('score').notNull(),
    method: text('method', { enum: ['auto', 'manual'] }).notNull(),
    matchedByUserId: bigint('matched_by_user_id', { mode: 'number' }).references(() => usersPrimaryKey, {
      onDelete: 'set null',
    }),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
    undoneByUserId: bigint('undone_by_user_id', { mode: 'number' }).references(() => usersPrimaryKey, {
      onDelete: 'set null',
    }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex('bank_matches_guid_key').on(t.guid),
    uniqueIndex('bank_matches_live_line_key').on(t.transactionId).where(sql`${t.undoneAt} is null`),
    uniqueIndex('bank_matches_live_bill_key').on(t.billId).where(sql`${t.undoneAt} is null`),
    index('bank_matches_transaction_idx').on(t.transactionId),
    index('bank_matches_client_idx').on(t.clientId),
  ],
);

/** "Request document": the task staff follow and when the client was asked, per bank line. */
export const bankDocumentRequests = pgTable(
  'bank_document_requests',
  {
    id: idColumn(),
    clientId: bigint('client_id', { mode: 'number' })
      .notNull()
      .references(() => clientsPrimaryKey, { onDelete: 'cascade' }),
    transactionId: bigint('transaction_id', { mode: 'number' })
      .notNull()
      .references(() => bankFeedTransactionsPrimaryKey, { onDelete: 'cascade' }),
    taskId: bigint('task_id', { mode: 'number' }).references(() => tasksPrimaryKey, { onDelete: 'set null' }),
    requestedByUserId: bigint('requested_by_user_id', { mode: 'number' }).references(() => usersPrimaryKey, {
      onDelete: 'set null',
    }),
    createdAt: createdAtColumn(),
  },
  (t) => [uniqueIndex('bank_document_requests_line_key').on(t.transactionId)],
);
