import {
  REPORT_REMINDER_EVENT_VALUES,
  REPORT_REMINDER_FREQUENCY_VALUES,
  REPORT_TYPE_VALUES,
} from '@bp/domain';
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
import { clientsPrimaryKey } from '../clients/keys.ts';
import { entitiesPrimaryKey } from '../entities/keys.ts';
import { organizationsPrimaryKey, organizationUsersPrimaryKey } from '../organizations/keys.ts';
import { tasksPrimaryKey } from '../tasks/keys.ts';
import { usersPrimaryKey } from '../users/keys.ts';

/**
 * Report reminders (issue 14): a report of a client (or one of its entities) due every week, month,
 * quarter or year, N business days after the period ends. The job raises one task per period.
 */
export const reportReminders = pgTable(
  'report_reminders',
  {
    id: idColumn(),
    guid: guidColumn(),
    organizationId: bigint('organization_id', { mode: 'number' })
      .notNull()
      .references(() => organizationsPrimaryKey),
    clientId: bigint('client_id', { mode: 'number' })
      .notNull()
      .references(() => clientsPrimaryKey, { onDelete: 'cascade' }),
    entityId: bigint('entity_id', { mode: 'number' }).references(() => entitiesPrimaryKey, {
      onDelete: 'cascade',
    }),
    name: text('name').notNull(),
    reportType: text('report_type', { enum: REPORT_TYPE_VALUES }).notNull(),
    frequency: text('frequency', { enum: REPORT_REMINDER_FREQUENCY_VALUES }).notNull(),
    dueBusinessDays: integer('due_business_days').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    assigneeOrganizationUserId: bigint('assignee_organization_user_id', { mode: 'number' }).references(
      () => organizationUsersPrimaryKey,
      { onDelete: 'set null' },
    ),
    backupOrganizationUserId: bigint('backup_organization_user_id', { mode: 'number' }).references(
      () => organizationUsersPrimaryKey,
      { onDelete: 'set null' },
    ),
    notifyEmail: boolean('notify_email').notNull().default(true),
    notifyPush: boolean('notify_push').notNull().default(false),
    notes: text('notes'),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex('report_reminders_guid_key').on(t.guid),
    index('report_reminders_org_idx').on(t.organizationId, t.archivedAt),
    index('report_reminders_client_idx').on(t.clientId),
  ],
);

/**
 * Each period of a reminder that was dealt with: raised (its task) or skipped. The unique key on
 * (reminder, period start) is what makes raising happen once: a raise inserts with ON CONFLICT DO
 * NOTHING and opens the task only when its row went in, so two runners never raise a period twice.
 */
export const reportReminderPeriods = pgTable(
  'report_reminder_periods',
  {
    id: idColumn(),
    reminderId: bigint('reminder_id', { mode: 'number' })
      .notNull()
      .references(() => reportReminders.id, { onDelete: 'cascade' }),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    periodEnd: date('period_end', { mode: 'string' }).notNull(),
    outcome: text('outcome', { enum: ['raised', 'skipped'] }).notNull(),
    taskId: bigint('task_id', { mode: 'number' }).references(() => tasksPrimaryKey, { onDelete: 'set null' }),
    createdAt: createdAtColumn(),
  },
  (t) => [uniqueIndex('report_reminder_periods_key').on(t.reminderId, t.periodStart)],
);

/** A reminder's history: created, report_archived, report_unarchived, report_skipped. */
export const reportReminderEvents = pgTable(
  'report_reminder_events',
  {
    id: idColumn(),
    reminderId: bigint('reminder_id', { mode: 'number' })
      .notNull()
      .references(() => reportReminders.id, { onDelete: 'cascade' }),
    event: text('event', { enum: REPORT_REMINDER_EVENT_VALUES }).notNull(),
    periodStart: date('period_start', { mode: 'string' }),
    userId: bigint('user_id', { mode: 'number' }).references(() => usersPrimaryKey, { onDelete: 'set null' }),
    createdAt: createdAtColumn(),
  },
  (t) => [index('report_reminder_events_reminder_idx').on(t.reminderId, t.createdAt)],
);
