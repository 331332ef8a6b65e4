import type { PatchWorkflowTaskRequest, WorkflowTask } from '@bp/contracts';
import { and, asc, count, eq } from 'drizzle-orm';
import { type AuditActor, recordAudit } from '../../platform/audit/audit.ts';
import type { Db, DbOrTx } from '../../platform/db.ts';
import { pageWindow } from '../../platform/pagination.ts';
import { personOf } from '../bill-core/index.ts';
import {
  addTaskComment,
  changeWorkflowTask,
  taskCommentList,
  taskList,
  type WorkflowTaskChange,
} from '../tasks/index.ts';
import { userList } from '../users/index.ts';
import { conflict, notFound } from './errors.ts';
import { staffMembershipOf } from './staff.ts';
import { taskOf } from './task-reads.ts';

async function taskRow(db: DbOrTx, organizationId: number, guid: string) {
  const [row] = await db
    .select({ id: taskList.id, guid: taskList.guid, type: taskList.type, clientId: taskList.clientId })
    .from(taskList)
    .where(and(eq(taskList.organizationId, organizationId), eq(taskList.guid, guid)));
  if (!row) throw notFound('Task not found.');
  return row;
}

/** Changes a workflow task's status, people or due date, with its audit record, in one transaction. */
export async function patchTask(
  db: Db,
  organizationId: number,
  actor: AuditActor,
  guid: string,
  body: PatchWorkflowTaskRequest,
  now: Date,
  today: string,
): Promise<WorkflowTask> {
  await db.transaction(async (tx) => {
    const task = await taskRow(tx, organizationId, guid);
    if (task.type === null) throw conflict("A bill step's task follows its bill.", 'bill_task');
    const change: WorkflowTaskChange = {};
    if (body.status !== undefined) change.status = body.status;
    if (body.due_date !== undefined) change.dueDate = body.due_date;
    if (body.assignee !== undefined) {
      change.assignedOrganizationUserId = body.assignee
        ? await staffMembershipOf(tx, organizationId, body.assignee, 'assignee')
        : null;
    }
    if (body.backup !== undefined) {
      change.backupOrganizationUserId = body.backup
        ? await staffMembershipOf(tx, organizationId, body.backup, 'backup')
        : null;
    }
    const changed = await changeWorkflowTask(tx, task.id, change, { userId: actor.actorUserId, now });
    if (!changed) throw notFound('Task not found.');
    const diff: Record<string, { before: unknown; after: unknown }> = {};
    for (const key of Object.keys(change) as (keyof WorkflowTaskChange)[]) {
      if (changed.before[key] !== changed.after[key])
        diff[key] = { before: changed.before[key], after: changed.after[key] };
    }
    await recordAudit(tx, actor, {
      action: 'task_updated',
      objectType: 'task',
      objectGuid: task.guid,
      organizationId,
      clientId: task.clientId,
      changes: diff,
    });
  });
  const task = await taskOf(db, organizationId, guid, today);
  if (!task) throw new Error('task vanished');
  return task;
}

function commentOf(row: {
  comment: { guid: string; body: string; createdAt: Date };
  user: {
    guid: string | null;
    firstName: string | null;
    lastName: string | null;
    avatarKey: string | null;
  } | null;
}) {
  const user = row.user?.guid
    ? personOf({
        guid: row.user.guid,
        firstName: row.user.firstName ?? '',
        lastName: row.user.lastName ?? '',
        avatarKey: row.user.avatarKey,
      })
    : null;
  return {
    guid: row.comment.guid,
    body: row.comment.body,
    user,
    created_on: row.comment.createdAt.toISOString(),
  };
}

function selectComments(db: DbOrTx) {
  return db
    .select({
      comment: {
        guid: taskCommentList.guid,
        body: taskCommentList.body,
        createdAt: taskCommentList.createdAt,
      },
      user: {
        guid: userList.guid,
        firstName: userList.firstName,
        lastName: userList.lastName,
        avatarKey: userList.avatarKey,
      },
    })
    .from(taskCommentList)
    .leftJoin(userList, eq(userList.id, taskCommentList.userId));
}

/** A task's comments, oldest first (bill tasks too: anyone working a task may note something). */
export async function listComments(
  db: DbOrTx,
  organizationId: number,
  guid: string,
  query: { page: number; page_size: number },
) {
  const task = await taskRow(db, organizationId, guid);
  const where = eq(taskCommentList.taskId, task.id);
  const { limit, offset } = pageWindow(query);
  const [total] = await db.select({ n: count() }).from(taskCommentList).where(where);
  const rows = await selectComments(db)
    .where(where)
    .orderBy(asc(taskCommentList.createdAt), asc(taskCommentList.id))
    .limit(limit)
    .offset(offset);
  return { count: total?.n ?? 0, results: rows.map(commentOf) };
}

/** Adds a comment with its audit record, in one transaction. */
export async function addComment(
  db: Db,
  organizationId: number,
  actor: AuditActor,
  guid: string,
  body: string,
) {
  const id = await db.transaction(async (tx) => {
    const task = await taskRow(tx, organizationId, guid);
    const comment = await addTaskComment(tx, task.id, actor.actorUserId, body);
    await recordAudit(tx, actor, {
      action: 'task_comment_created',
      objectType: 'task',
      objectGuid: task.guid,
      organizationId,
      clientId: task.clientId,
      changes: { comment: { before: null, after: comment.guid } },
    });
    return comment.id;
  });
  const [row] = await selectComments(db).where(eq(taskCommentList.id, id));
  if (!row) throw new Error('comment vanished');
  return commentOf(row);
}
