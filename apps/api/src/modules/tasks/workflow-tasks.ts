import type { TaskStatus, TaskType } from '@bp/domain';
import { and, eq, getTableColumns, isNotNull } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../platform/db.ts';
import { taskComments, tasks } from './tables.ts';

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

/** What staff may change of a workflow task; bill tasks follow their bill and are never changed here. */
export interface WorkflowTaskChange {
  status?: TaskStatus;
  assignedOrganizationUserId?: number | null;
  backupOrganizationUserId?: number | null;
  dueDate?: string | null;
}

/** Changes a workflow task in the caller's transaction; answers the row before and after, or null for no such workflow task. */
export async function changeWorkflowTask(
  tx: DbOrTx,
  taskId: number,
  change: WorkflowTaskChange,
  by: { userId: number | null; now: Date },
) {
  const [before] = await tx
    .select()
    .from(tasks)
    .where(and(eq(tasks.id, taskId), isNotNull(tasks.type)))
    .for('update');
  if (!before) return null;
  const completing = change.status === 'completed' && before.status !== 'completed';
  const reopening = change.status !== undefined && change.status !== 'completed';
  const [after] = await tx
    .update(tasks)
    .set({
      ...change,
      ...(completing ? { completedAt: by.now, completedByUserId: by.userId } : {}),
      ...(reopening ? { completedAt: null, completedByUserId: null } : {}),
    })
    .where(eq(tasks.id, taskId))
    .returning();
  if (!after) throw new Error('task vanished');
  return { before, after };
}

/** Adds a comment to a task in the caller's transaction. */
export async function addTaskComment(tx: DbOrTx, taskId: number, userId: number | null, body: string) {
  const [row] = await tx.insert(taskComments).values({ taskId, userId, body }).returning();
  if (!row) throw new Error('comment insert returned nothing');
  return row;
}

export const taskCommentList = qb
  .select(getTableColumns(taskComments))
  .from(taskComments)
  .as('task_comment_list');
