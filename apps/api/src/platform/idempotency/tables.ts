import { bigint, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn } from '../columns.ts';

/**
 * Answers to writes sent with an `Idempotency-Key` (DESIGN §4). The row is inserted in the write's own
 * transaction, so a concurrent request with the same key waits on the unique key and then replays the
 * stored answer; a key reused for a different request (method, path or body) is refused.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: idColumn(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    key: text('key').notNull(),
    /** SHA-256 of method, path and body. */
    requestHash: text('request_hash').notNull(),
    /** Null only inside the transaction that is still answering. */
    statusCode: integer('status_code'),
    responseBody: jsonb('response_body'),
    /** Keys may be purged after this moment. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [uniqueIndex('idempotency_keys_user_key').on(t.userId, t.key)],
);
