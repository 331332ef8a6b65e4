import type { TaskType } from '@bp/domain';
import { getTableColumns } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../platform/db.ts';
import { tasks } from './tables.ts';

/** A workflow task to open (issue 14): report reminder, reconciliation or review. */
export interface NewWorkflowTask {
  organizationId: number;
  clientId: number;
  type: TaskType;
  title: string;
  dueDate: string | null;
  assignedOrganizationUserId: number | null;
  backupOrganizationUserId: number | null;
}

/** Opens a workflow task in the caller's transaction; answers its id. */
export async function openWorkflowTask(tx: DbOrTx, task: NewWorkflowTask): Promise<number> {
  const [row] = await tx
    .insert(tasks)
    .values({ ...task, status: 'ready' })
    .returning({ id: tasks.id });
  if (!row) throw new Error('task insert returned nothing');
  return row.id;
}

// Tasks as other modules read them: a subquery, so a read stays one statement without the table leaving this module.
const qb = new QueryBuilder();
export const taskList = qb.select(getTableColumns(tasks)).from(tasks).as('task_list');

type TaskRow = typeof tasks.$inferSelect;
type TaskColumns = { [K in keyof TaskRow]: (typeof taskList)[K] };

/** Every column of `taskList`, to select a whole task beside other rows. */
export const taskColumns = Object.fromEntries(
  Object.keys(getTableColumns(tasks)).map((key) => [key, taskList[key as keyof TaskColumns]]),
) as TaskColumns;
