import { bigint, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { usersPrimaryKey } from '../users/keys.ts';

/** Refresh tokens that may no longer be used: rotated (used once) or revoked. */
export const refreshTokenBlacklist = pgTable('refresh_token_blacklist', {
  jti: uuid('jti').primaryKey(),
  userId: bigint('user_id', { mode: 'number' })
    .notNull()
    .references(() => usersPrimaryKey, { onDelete: 'cascade' }),
  /** After this moment the row may be purged: the token has expired anyway. */
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Reset and invite tokens. Only a SHA-256 of the token is stored. */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tokenHash: text('token_hash').notNull(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => usersPrimaryKey, { onDelete: 'cascade' }),
    type: text('type', { enum: ['reset', 'invite'] }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('one_time_tokens_hash_key').on(t.tokenHash),
    index('one_time_tokens_user_idx').on(t.userId),
  ],
);

/** Failed or counted attempts (sign-in, reset) per key, for throttling across instances. */
export const authAttempts = pgTable(
  'auth_attempts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** e.g. `login:account:<email>`, `login:address:<ip>` */
    key: text('key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('auth_attempts_key_created_idx').on(t.key, t.createdAt)],
);

/**
 * Sessions ended one at a time (sign-out, unmask): their access and refresh tokens are refused from
 * then on, not at expiry. A row may be purged after `expires_at`, when every token of the session has
 * expired anyway.
 */
export const revokedSessions = pgTable(
  'revoked_sessions',
  {
    sid: uuid('sid').primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => usersPrimaryKey, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('revoked_sessions_expires_idx').on(t.expiresAt)],
);
