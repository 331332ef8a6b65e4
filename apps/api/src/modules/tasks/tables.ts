import {
  APPROVAL_STEP_KIND_VALUES,
  TASK_KIND_VALUES,
  TASK_STATUS_VALUES,
  TASK_TYPE_VALUES,
} from '@bp/domain';
import { sql } from 'drizzle-orm';
import { bigint, date, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAtColumn, guidColumn, idColumn } from '../../platform/columns.ts';
import { billsPrimaryKey } from '../bill-core/keys.ts';
import { clientsPrimaryKey } from '../clients/keys.ts';
import { organizationsPrimaryKey, organizationUsersPrimaryKey } from '../organizations/keys.ts';
import { usersPrimaryKey } from '../users/keys.ts';

/**
 * Work for staff. Bill tasks (approve_org_approval, approve_ach, ...) are created when a bill starts
 * waiting on a step and completed (or cancelled) when it moves on. Workflow tasks (issue 14: type
 * report_reminder, reconciliation, review) live in the same table so one list shows everyone's work:
 * they carry a type, a title, a due date and a backup, and no bill kind.
 */
export const tasks = pgTable(
  'tasks',
  {
    id: idColumn(),
    guid: guidColumn(),
    organizationId: bigint('organization_id', { mode: 'number' })
      .notNull()
      .references(() => organizationsPrimaryKey),
    clientId: bigint('client_id', { mode: 'number' }).references(() => clientsPrimaryKey, {
      onDelete: 'cascade',
    }),
    billId: bigint('bill_id', { mode: 'number' }).references(() => billsPrimaryKey, { onDelete: 'cascade' }),
    /** The bill step's kind (bill tasks) or a workflow kind; null for a report-reminder task. */
    kind: text('kind', { enum: TASK_KIND_VALUES }),
    /** Workflow tasks' type; null for bill tasks. */
    type: text('type', { enum: TASK_TYPE_VALUES }),
    /** What a workflow task asks for, as lists show it. */
    title: text('title'),
    /** A workflow task's due date (a bill task follows its bill's due date). */
    dueDate: date('due_date', { mode: 'string' }),
    status: text('status', { enum: [...TASK_STATUS_VALUES, 'cancelled'] as const })
      .notNull()
      .default('ready'),
    /** The approval step a bill task belongs to. */
    step: text('step', { enum: APPROVAL_STEP_KIND_VALUES }),
    /** Staff permission needed to complete the task. */
    permission: text('permission'),
    /** Whom it is assigned to: a staff member assigned to the client who holds the permission, if any. */
    assignedOrganizationUserId: bigint('assigned_organization_user_id', { mode: 'number' }).references(
      () => organizationUsersPrimaryKey,
      { onDelete: 'set null' },
    ),
    /** The backup when the assignee is away (assignment kind backup). */
    backupOrganizationUserId: bigint('backup_organization_user_id', { mode: 'number' }).references(
      () => organizationUsersPrimaryKey,
      { onDelete: 'set null' },
    ),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    completedByUserId: bigint('completed_by_user_id', { mode: 'number' }).references(() => usersPrimaryKey, {
      onDelete: 'set null',
    }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex('tasks_guid_key').on(t.guid),
    index('tasks_org_status_kind_idx').on(t.organizationId, t.status, t.kind, t.createdAt),
    index('tasks_assignee_status_idx').on(t.assignedOrganizationUserId, t.status),
    index('tasks_bill_idx').on(t.billId).where(sql`${t.billId} IS NOT NULL`),
    // The task list's order (due date, nulls last, then oldest) within one organisation: page 1 reads the
    // first rows of this range instead of sorting every task of the organisation (decision 026).
    index('tasks_org_due_created_idx').on(t.organizationId, t.dueDate, t.createdAt, t.id),
    index('tasks_org_type_due_idx').on(t.organizationId, t.type, t.dueDate).where(sql`${t.type} IS NOT NULL`),
  ],
);

/** Comments on a task (issue 14): staff's notes while working it, oldest first. */
export const taskComments = pgTable(
  'task_comments',
  {
    id: idColumn(),
    guid: guidColumn(),
    taskId: bigint('task_id', { mode: 'number' })
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' }).references(() => usersPrimaryKey, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex('task_comments_guid_key').on(t.guid),
    index('task_comments_task_idx').on(t.taskId, t.createdAt),
  ],
);
