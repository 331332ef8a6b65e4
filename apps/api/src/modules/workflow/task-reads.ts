import type { WorkflowTask } from '@bp/contracts';
import { TASK_KIND_LABELS, type TaskStatus, type TaskType } from '@bp/domain';
import { and, asc, count, eq, isNotNull, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { ClientScope } from '../../platform/access.ts';
import type { DbOrTx } from '../../platform/db.ts';
import { pageWindow } from '../../platform/pagination.ts';
import { containsAny } from '../../platform/search.ts';
import { billList, clientUserBillConditions } from '../bill-core/index.ts';
import { clientList } from '../clients/index.ts';
import { designatedEntityCondition } from '../entities/index.ts';
import { taskColumns, taskList } from '../tasks/index.ts';
import { type DueFilter, dueCondition } from './due-filter.ts';
import { peopleOfMemberships, staffMembershipOf } from './staff.ts';
import { reportReminderPeriods, reportReminders } from './tables.ts';

export interface TaskQuery {
  page: number;
  page_size: number;
  type?: TaskType | 'bill';
  status?: TaskStatus;
  open?: boolean;
  assignee?: string;
  assignment?: 'assigned' | 'backup';
  due?: DueFilter;
  search?: string;
  client?: string;
}

function selectTasks(db: DbOrTx) {
  return db
    .select({
      task: taskColumns,
      client: { guid: clientList.guid, name: clientList.name },
      bill: billList.guid,
      period: { start: reportReminderPeriods.periodStart, end: reportReminderPeriods.periodEnd },
      reminder: reportReminders.guid,
    })
    .from(taskList)
    .innerJoin(clientList, eq(clientList.id, taskList.clientId))
    .leftJoin(billList, eq(billList.id, taskList.billId))
    .leftJoin(reportReminderPeriods, eq(reportReminderPeriods.taskId, taskList.id))
    .leftJoin(reportReminders, eq(reportReminders.id, reportReminderPeriods.reminderId));
}

type Row = Awaited<ReturnType<ReturnType<typeof selectTasks>['where']>>[number];

/** Tasks as the API answers them; a bill task's title is its step's label. */
export async function presentTasks(db: DbOrTx, rows: Row[], today: string): Promise<WorkflowTask[]> {
  const people = await peopleOfMemberships(
    db,
    rows.flatMap((r) => [r.task.assignedOrganizationUserId, r.task.backupOrganizationUserId]),
  );
  return rows.map(({ task, client, bill, period, reminder }) => {
    const open = task.status !== 'completed' && task.status !== 'cancelled';
    return {
      guid: task.guid,
      type: task.type,
      kind: task.kind,
      bill: bill ?? null,
      // A cancelled bill task is over as far as the lists go.
      status: task.status === 'cancelled' ? 'completed' : task.status,
      title: task.title ?? (task.kind ? TASK_KIND_LABELS[task.kind] : ''),
      client,
      reminder,
      period_start: period?.start ?? null,
      period_end: period?.end ?? null,
      due_date: task.dueDate,
      is_overdue: open && task.dueDate !== null && task.dueDate < today,
      assignee: task.assignedOrganizationUserId
        ? (people.get(task.assignedOrganizationUserId) ?? null)
        : null,
      backup: task.backupOrganizationUserId ? (people.get(task.backupOrganizationUserId) ?? null) : null,
      created_on: task.createdAt.toISOString(),
      completed_on: task.completedAt?.toISOString() ?? null,
    };
  });
}

/** One task of the organisation by guid, as answered, or null. */
export async function taskOf(db: DbOrTx, organizationId: number, guid: string, today: string) {
  const rows = await selectTasks(db).where(
    and(eq(taskList.organizationId, organizationId), eq(taskList.guid, guid)),
  );
  const [one] = await presentTasks(db, rows, today);
  return one ?? null;
}

/**
 * What a client user may see of its client's tasks (DESIGN §5), as conditions on the task list joined to
 * its bills: a bill step's task only when the user may see the bill (excluded vendors, drafts and, for a
 * designee, entities outside its designation stay hidden); a workflow task names no entity, so a designee
 * limited to designated entities sees none of them. Staff see every task: no condition.
 */
async function clientUserTaskCondition(db: DbOrTx, client: ClientScope): Promise<SQL | undefined> {
  if (client.via !== 'client' || client.clientUserId === null) return undefined;
  const billConditions = await clientUserBillConditions(db, client, billList);
  const limited =
    client.clientRole === 'designee' &&
    (await designatedEntityCondition(db, client.clientUserId, billList.entityId)) !== null;
  const visibleBill = and(isNotNull(taskList.billId), ...billConditions);
  return limited ? visibleBill : or(isNull(taskList.billId), visibleBill);
}

/**
 * The task list's filters as SQL, for the organisation's tasks or one client's (a client user seeing only
 * what DESIGN §5 lets it): the dashboard's figures count with the very same conditions. The conditions
 * may name the task's client (`clientList`) and bill (`billList`): a query using them joins both.
 */
export async function taskConditionOf(
  db: DbOrTx,
  scope: { organizationId: number; client?: ClientScope },
  query: Omit<TaskQuery, 'page' | 'page_size'>,
  today: string,
) {
  const { organizationId } = scope;
  const where: (SQL | undefined)[] = [eq(taskList.organizationId, organizationId)];
  if (scope.client) {
    where.push(eq(taskList.clientId, scope.client.id));
    where.push(await clientUserTaskCondition(db, scope.client));
  } else if (query.client && query.client !== 'all-clients') {
    where.push(eq(clientList.guid, query.client));
  }
  if (query.type === 'bill') where.push(isNull(taskList.type));
  else if (query.type) where.push(eq(taskList.type, query.type));
  if (query.status) where.push(eq(taskList.status, query.status));
  if (query.open) where.push(and(ne(taskList.status, 'completed'), ne(taskList.status, 'cancelled')));
  if (query.assignee) {
    const member = await staffMembershipOf(db, organizationId, query.assignee, 'assignee').catch(() => 0);
    where.push(
      query.assignment === 'backup'
        ? eq(taskList.backupOrganizationUserId, member)
        : query.assignment === 'assigned'
          ? eq(taskList.assignedOrganizationUserId, member)
          : or(
              eq(taskList.assignedOrganizationUserId, member),
              eq(taskList.backupOrganizationUserId, member),
            ),
    );
  }
  where.push(dueCondition(taskList.dueDate, query.due, today));
  where.push(containsAny(query.search, [taskList.title]));
  return and(...where);
}

/**
 * Every task of the organisation (workflow and bill steps), or of one client of it, soonest due first,
 * then oldest.
 */
export async function listTasks(
  db: DbOrTx,
  scope: { organizationId: number; client?: ClientScope },
  query: TaskQuery,
  today: string,
) {
  const condition = await taskConditionOf(db, scope, query, today);
  const { limit, offset } = pageWindow(query);
  // The count joins what the conditions may name (the client, the bill).
  const [total] = await db
    .select({ n: count() })
    .from(taskList)
    .innerJoin(clientList, eq(clientList.id, taskList.clientId))
    .leftJoin(billList, eq(billList.id, taskList.billId))
    .where(condition);
  const rows = await selectTasks(db)
    .where(condition)
    .orderBy(sql`${taskList.dueDate} asc nulls last`, asc(taskList.createdAt), asc(taskList.id))
    .limit(limit)
    .offset(offset);
  return { count: total?.n ?? 0, results: await presentTasks(db, rows, today) };
}
