import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { usersPrimaryKey } from '../users/keys.ts';

/**
 * Every outgoing message is written here first, in the transaction that caused it,
 * and delivered afterwards by the job runner (issue 5), so none is lost.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    guid: uuid('guid').notNull().defaultRandom(),
    userId: bigint('user_id', { mode: 'number' }).references(() => usersPrimaryKey, { onDelete: 'set null' }),
    channel: text('channel', { enum: ['email', 'sms', 'push'] }).notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull().default(''),
    bodyText: text('body_text').notNull(),
    bodyHtml: text('body_html'),
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** A worker that took the row holds it until then; a crashed worker's rows come back after. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** The notification type (preferences), or null for messages that are always sent (codes, resets). */
    notificationType: text('notification_type'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('outbox_guid_key').on(t.guid),
    index('outbox_status_next_idx').on(t.status, t.nextAttemptAt),
    index('outbox_user_created_idx').on(t.userId, t.createdAt),
  ],
);

/** Per user and notification type, whether e-mail and push may be sent (absent row = both on). */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => usersPrimaryKey, { onDelete: 'cascade' }),
    notificationType: text('notification_type').notNull(),
    email: boolean('email').notNull().default(true),
    push: boolean('push').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('notification_preferences_user_type_key').on(t.userId, t.notificationType)],
);

/** Expo push tokens of a user's mobile devices. */
export const pushDevices = pgTable(
  'push_devices',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    guid: uuid('guid').notNull().defaultRandom(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => usersPrimaryKey, { onDelete: 'cascade' }),
    token: text('token').notNull(),
    platform: text('platform', { enum: ['ios', 'android'] }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('push_devices_token_key').on(t.token), index('push_devices_user_idx').on(t.userId)],
);
