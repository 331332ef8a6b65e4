import { MFA_METHOD_VALUES } from '@bp/domain';
import { bigint, boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAtColumn, guidColumn, idColumn } from '../../platform/columns.ts';
import { usersPrimaryKey } from '../users/keys.ts';

const userRef = () =>
  bigint('user_id', { mode: 'number' })
    .notNull()
    .references(() => usersPrimaryKey, { onDelete: 'cascade' });

/** A user's two-factor methods; a method counts once confirmed. One is primary. */
export const mfaMethods = pgTable(
  'mfa_methods',
  {
    id: idColumn(),
    userId: userRef(),
    method: text('method', { enum: MFA_METHOD_VALUES }).notNull(),
    /** Phone number (E.164) or e-mail address the codes go to. */
    value: text('value').notNull(),
    isPrimary: boolean('is_primary').notNull().default(false),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
  },
  (t) => [uniqueIndex('mfa_methods_user_method_key').on(t.userId, t.method)],
);

/**
 * One issued code and what it is for. Only hashes are stored: of the code and of the ephemeral token
 * that binds a sign-in challenge. A challenge is locked after 5 wrong codes and used once.
 */
export const mfaChallenges = pgTable(
  'mfa_challenges',
  {
    id: idColumn(),
    guid: guidColumn(),
    userId: userRef(),
    purpose: text('purpose', { enum: ['login', 'activate', 'deactivate', 'change_primary'] }).notNull(),
    method: text('method', { enum: MFA_METHOD_VALUES }).notNull(),
    /** Where the code was sent (for activation: the value being confirmed). */
    value: text('value').notNull(),
    /** SHA-256 of the ephemeral token (sign-in challenges only). */
    tokenHash: text('token_hash'),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    sendCount: integer('send_count').notNull().default(1),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex('mfa_challenges_guid_key').on(t.guid),
    uniqueIndex('mfa_challenges_token_key').on(t.tokenHash),
    index('mfa_challenges_user_created_idx').on(t.userId, t.createdAt),
  ],
);
