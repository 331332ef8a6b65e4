import type { BillTask } from '@bp/contracts';
import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { personColumns, personOf } from '../bill-core/index.ts';
import { organizationUsers } from '../organizations/tables.ts';
import { users } from '../users/tables.ts';
import { tasks } from './tables.ts';

/** A bill's tasks, oldest first, with the staff member each is assigned to. */
export async function billTasksOf(db: DbOrTx, billId: number): Promise<BillTask[]> {
  const rows = await db
    .select({ task: tasks, assignee: personColumns })
    .from(tasks)
    .leftJoin(organizationUsers, eq(organizationUsers.id, tasks.assignedOrganizationUserId))
    .leftJoin(users, eq(users.id, organizationUsers.userId))
    .where(eq(tasks.billId, billId))
    .orderBy(asc(tasks.createdAt), asc(tasks.id));
  return rows.map(({ task, assignee }) => ({
    guid: task.guid,
    kind: task.kind,
    status: task.status,
    step: task.step,
    permission: task.permission,
    assigned_to: assignee?.guid ? personOf(assignee) : null,
    created_on: task.createdAt.toISOString(),
    completed_on: task.completedAt?.toISOString() ?? null,
  }));
}
