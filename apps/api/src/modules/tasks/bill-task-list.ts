import type { BillTask } from '@bp/contracts';
import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { personColumns, personOf } from '../bill-core/index.ts';
import { memberships } from '../organizations/index.ts';
import { userList } from '../users/index.ts';
import { tasks } from './tables.ts';

/** A bill's tasks, oldest first, with the staff member each is assigned to. */
export async function billTasksOf(db: DbOrTx, billId: number): Promise<BillTask[]> {
  const rows = await db
    .select({ task: tasks, assignee: personColumns })
    .from(tasks)
    .leftJoin(memberships, eq(memberships.id, tasks.assignedOrganizationUserId))
    .leftJoin(userList, eq(userList.id, memberships.userId))
    .where(eq(tasks.billId, billId))
    .orderBy(asc(tasks.createdAt), asc(tasks.id));
  // Bill tasks always carry their step's kind; the guard keeps the type honest.
  return rows.flatMap(({ task, assignee }) =>
    task.kind === null
      ? []
      : [
          {
            guid: task.guid,
            kind: task.kind,
            status: task.status,
            step: task.step,
            permission: task.permission,
            assigned_to: assignee?.guid ? personOf(assignee) : null,
            created_on: task.createdAt.toISOString(),
            completed_on: task.completedAt?.toISOString() ?? null,
          },
        ],
  );
}
