import { APPROVAL_STEP_KIND_VALUES, TASK_KIND_VALUES, TASK_STATUS_VALUES } from '@bp/domain';
import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAtColumn, guidColumn, idColumn } from '../../platform/columns.ts';
import { billsPrimaryKey } from '../bill-core/keys.ts';
import { clientsPrimaryKey } from '../clients/keys.ts';
import { organizationsPrimaryKey, organizationUsersPrimaryKey } from '../organizations/keys.ts';
import { usersPrimaryKey } from '../users/keys.ts';

/**
 * Work for staff. Bill tasks (approve_org_approval, approve_ach, ...) are created when a bill starts
 * waiting on a step and completed (or cancelled) when it moves on; later modules add reconciliation and
 * review tasks to the same table.
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
    kind: text('kind', { enum: TASK_KIND_VALUES }).notNull(),
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
  ],
);
