import {
  RECONCILIATION_STEP_VALUES,
  REPORT_REMINDER_EVENT_VALUES,
  REPORT_REMINDER_FREQUENCY_VALUES,
  REPORT_TYPE_VALUES,
  TASK_TYPE_VALUES,
} from '@bp/domain';
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
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAtColumn, guidColumn, idColumn } from '../../platform/columns.ts';
import { clientsPrimaryKey } from '../clients/keys.ts';
import { accountsPrimaryKey, entitiesPrimaryKey } from '../entities/keys.ts';
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
  (t) => [
    uniqueIndex('report_reminder_periods_key').on(t.reminderId, t.periodStart),
    // The task list joins each task to its period (decision 026): one row per raised period, so it grows
    // with the tasks and a page's join must not scan it.
    index('report_reminder_periods_task_idx').on(t.taskId).where(sql`${t.taskId} IS NOT NULL`),
  ],
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

/**
 * The reconciliation workflow (issue 14): one account-period (or an entity's books for a period) moving
 * through the thirteen steps of SPEC §3. `preparerUserId` is who moved it past Reconcile: the four-eyes
 * rule keeps them from moving any review step on.
 */
export const reconciliations = pgTable(
  'reconciliations',
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
      .references(() => entitiesPrimaryKey, { onDelete: 'cascade' }),
    accountId: bigint('account_id', { mode: 'number' }).references(() => accountsPrimaryKey, {
      onDelete: 'cascade',
    }),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    periodEnd: date('period_end', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    step: text('step', { enum: RECONCILIATION_STEP_VALUES }).notNull().default('Open'),
    assigneeOrganizationUserId: bigint('assignee_organization_user_id', { mode: 'number' }).references(
      () => organizationUsersPrimaryKey,
      { onDelete: 'set null' },
    ),
    preparerUserId: bigint('preparer_user_id', { mode: 'number' }).references(() => usersPrimaryKey, {
      onDelete: 'set null',
    }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex('reconciliations_guid_key').on(t.guid),
    index('reconciliations_org_step_due_idx').on(t.organizationId, t.step, t.dueDate),
    index('reconciliations_client_idx').on(t.clientId),
    // One reconciliation per account-period (an entity's books: account null, counted as one value).
    unique('reconciliations_account_period_key')
      .on(t.entityId, t.accountId, t.periodStart, t.periodEnd)
      .nullsNotDistinct(),
  ],
);

/** Every move of a reconciliation (forward, back with its reason) and every assignment. */
export const reconciliationMoves = pgTable(
  'reconciliation_moves',
  {
    id: idColumn(),
    reconciliationId: bigint('reconciliation_id', { mode: 'number' })
      .notNull()
      .references(() => reconciliations.id, { onDelete: 'cascade' }),
    fromStep: text('from_step', { enum: RECONCILIATION_STEP_VALUES }).notNull(),
    toStep: text('to_step', { enum: RECONCILIATION_STEP_VALUES }).notNull(),
    /** created: opened at Open (to_step = from_step = Open); forward, back, assigned: as named. */
    direction: text('direction', { enum: ['created', 'forward', 'back', 'assigned'] }).notNull(),
    reason: text('reason'),
    userId: bigint('user_id', { mode: 'number' }).references(() => usersPrimaryKey, { onDelete: 'set null' }),
    createdAt: createdAtColumn(),
  },
  (t) => [index('reconciliation_moves_rec_idx').on(t.reconciliationId, t.createdAt)],
);

/**
 * Task rules (issue 14): a task of a type raised every period for a scope (the client, an entity, one
 * account), due N business days after the period ends. Raised once per period, as reminders are.
 */
export const taskRules = pgTable(
  'task_rules',
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
    accountId: bigint('account_id', { mode: 'number' }).references(() => accountsPrimaryKey, {
      onDelete: 'cascade',
    }),
    name: text('name').notNull(),
    taskType: text('task_type', { enum: TASK_TYPE_VALUES }).notNull(),
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
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
  },
  (t) => [uniqueIndex('task_rules_guid_key').on(t.guid), index('task_rules_client_idx').on(t.clientId)],
);

/** The periods a task rule raised: unique per (rule, period start), so a period's task is raised once. */
export const taskRulePeriods = pgTable(
  'task_rule_periods',
  {
    id: idColumn(),
    ruleId: bigint('rule_id', { mode: 'number' })
      .notNull()
      .references(() => taskRules.id, { onDelete: 'cascade' }),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    taskId: bigint('task_id', { mode: 'number' }).references(() => tasksPrimaryKey, { onDelete: 'set null' }),
    createdAt: createdAtColumn(),
  },
  (t) => [uniqueIndex('task_rule_periods_key').on(t.ruleId, t.periodStart)],
);
