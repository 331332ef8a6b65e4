import type { WorkflowTask } from '@bp/contracts';
import type { TaskStatus } from '@bp/domain';
import { and, asc, count, eq, isNotNull, ne, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { pageWindow } from '../../platform/pagination.ts';
import { containsAny } from '../../platform/search.ts';
import { clientList } from '../clients/index.ts';
import { taskColumns, taskList } from '../tasks/index.ts';
import { peopleOfMemberships } from './staff.ts';
import { reportReminderPeriods, reportReminders } from './tables.ts';

interface TaskQuery {
  page: number;
  page_size: number;
  status?: TaskStatus;
  open?: boolean;
  search?: string;
}

/** The organisation's report-reminder tasks, soonest due first; `today` marks the overdue ones. */
export async function listReminderTasks(db: DbOrTx, organizationId: number, query: TaskQuery, today: string) {
  const where: (SQL | undefined)[] = [
    eq(taskList.organizationId, organizationId),
    eq(taskList.type, 'report_reminder'),
    isNotNull(taskList.title),
  ];
  if (query.status) where.push(eq(taskList.status, query.status));
  if (query.open) where.push(and(ne(taskList.status, 'completed'), ne(taskList.status, 'cancelled')));
  where.push(containsAny(query.search, [taskList.title]));
  const condition = and(...where);
  const { limit, offset } = pageWindow(query);
  const [total] = await db.select({ n: count() }).from(taskList).where(condition);
  const rows = await db
    .select({
      task: taskColumns,
      client: { guid: clientList.guid, name: clientList.name },
      period: { start: reportReminderPeriods.periodStart, end: reportReminderPeriods.periodEnd },
      reminder: reportReminders.guid,
    })
    .from(taskList)
    .innerJoin(clientList, eq(clientList.id, taskList.clientId))
    .leftJoin(reportReminderPeriods, eq(reportReminderPeriods.taskId, taskList.id))
    .leftJoin(reportReminders, eq(reportReminders.id, reportReminderPeriods.reminderId))
    .where(condition)
    .orderBy(asc(taskList.dueDate), asc(taskList.id))
    .limit(limit)
    .offset(offset);
  const people = await peopleOfMemberships(
    db,
    rows.flatMap((r) => [r.task.assignedOrganizationUserId, r.task.backupOrganizationUserId]),
  );
  const results: WorkflowTask[] = rows.map(({ task, client, period, reminder }) => {
    const open = task.status !== 'completed' && task.status !== 'cancelled';
    return {
      guid: task.guid,
      type: task.type ?? 'report_reminder',
      status: task.status === 'cancelled' ? 'completed' : task.status,
      title: task.title ?? '',
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
    };
  });
  return { count: total?.n ?? 0, results };
}
