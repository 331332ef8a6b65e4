/**
 * The staff dashboards' workflow figures (decision 026). Each is one GROUP BY over the list it links to,
 * built from that list's own filter code (taskConditionOf, the reconciliation queue's conditionOf), so a
 * figure and the list behind its link count the same rows. Nothing is loaded to be counted in JS.
 */
import {
  BILL_AGE_BUCKETS,
  type DashboardBillFigures,
  type DashboardReconciliationFigures,
  type DashboardReportFigures,
  type DashboardTaskFigures,
  WAITING_QUEUES,
} from '@bp/contracts';
import { BILLING_QUEUE_STATUS, type ReconciliationStep } from '@bp/domain';
import { and, asc, count, eq, inArray, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { billList } from '../bill-core/index.ts';
import { clientList } from '../clients/index.ts';
import { taskList } from '../tasks/index.ts';
import { dueCondition } from './due-filter.ts';
import { conditionOf } from './reconciliation-reads.ts';
import { peopleOfMemberships } from './staff.ts';
import { reconciliations } from './tables.ts';
import { taskConditionOf } from './task-reads.ts';

/** `count(*) filter (where …)`, so several figures come from one scan. */
const countWhere = (condition: SQL | undefined) =>
  sql<number>`count(*) filter (where ${condition ?? sql`true`})`.mapWith(Number);

/**
 * Open tasks per assignee: what the task list shows with open=true, assignee=X, assignment=assigned and
 * each due filter. `assignee` narrows to one person (the associate dashboard).
 */
export async function taskFigures(
  db: DbOrTx,
  organizationId: number,
  assignee: string | undefined,
  today: string,
): Promise<DashboardTaskFigures> {
  const condition = await taskConditionOf(
    db,
    { organizationId },
    { open: true, assignee, assignment: 'assigned' },
    today,
  );
  const member = taskList.assignedOrganizationUserId;
  const rows = await db
    .select({
      member,
      open: count(),
      overdue: countWhere(dueCondition(taskList.dueDate, 'overdue', today)),
      dueToday: countWhere(dueCondition(taskList.dueDate, 'today', today)),
      dueWeek: countWhere(dueCondition(taskList.dueDate, 'week', today)),
    })
    .from(taskList)
    .where(and(condition, isNotNull(member)))
    .groupBy(member);
  const people = await peopleOfMemberships(
    db,
    rows.map((r) => r.member),
  );
  const figures = rows.flatMap((r) => {
    const person = r.member === null ? undefined : people.get(r.member);
    if (!person) return [];
    return [{ person, open: r.open, overdue: r.overdue, due_today: r.dueToday, due_week: r.dueWeek }];
  });
  // Most overdue first, then by name, so the people who need help lead the chart.
  figures.sort(
    (a, b) =>
      b.overdue - a.overdue ||
      b.due_week - a.due_week ||
      `${a.person.first_name} ${a.person.last_name}`.localeCompare(
        `${b.person.first_name} ${b.person.last_name}`,
      ),
  );
  return { today, people: figures };
}

/**
 * The month's reconciliations per client and step: the queue with period=month (and assignee), in
 * progress and back to Active alike, each a GROUP BY of the queue's own conditions.
 */
export async function reconciliationFigures(
  db: DbOrTx,
  organizationId: number,
  query: { assignee?: string | undefined; period: string },
  today: string,
): Promise<DashboardReconciliationFigures> {
  const filters = { assignee: query.assignee, period: query.period };
  const inProgress = await conditionOf(db, organizationId, filters, today, true);
  const finished = await conditionOf(db, organizationId, { ...filters, inactive: true }, today, true);
  const rows = await db
    .select({
      guid: clientList.guid,
      name: clientList.name,
      step: reconciliations.step,
      n: count(),
    })
    .from(reconciliations)
    .innerJoin(clientList, eq(clientList.id, reconciliations.clientId))
    .where(or(inProgress, finished))
    .groupBy(clientList.guid, clientList.name, reconciliations.step)
    .orderBy(asc(clientList.name), asc(clientList.guid));
  const byClient = new Map<string, DashboardReconciliationFigures['clients'][number]>();
  for (const row of rows) {
    const entry = byClient.get(row.guid) ?? {
      client: { guid: row.guid, name: row.name },
      total: 0,
      by_step: {} as Partial<Record<ReconciliationStep, number>>,
    };
    entry.total += row.n;
    entry.by_step[row.step] = row.n;
    byClient.set(row.guid, entry);
  }
  return { period: query.period, clients: [...byClient.values()] };
}

/** Report reminder tasks open and due within 7 days: the task list with type=report_reminder, open, due=week. */
export async function reportFigures(
  db: DbOrTx,
  organizationId: number,
  assignee: string | undefined,
  today: string,
): Promise<DashboardReportFigures> {
  const condition = await taskConditionOf(
    db,
    { organizationId },
    { type: 'report_reminder', open: true, due: 'week', assignee },
    today,
  );
  const rows = await db
    .select({ date: taskList.dueDate, n: count() })
    .from(taskList)
    .where(condition)
    .groupBy(taskList.dueDate)
    .orderBy(asc(taskList.dueDate));
  const byDay = rows.flatMap((r) => (r.date === null ? [] : [{ date: r.date, count: r.n }]));
  return {
    today,
    total: byDay.reduce((sum, d) => sum + d.count, 0),
    overdue: byDay.filter((d) => d.date < today).reduce((sum, d) => sum + d.count, 0),
    by_day: byDay,
  };
}

/**
 * Bills waiting in each billing queue: the queue's own condition (organisation and the queue's status,
 * as bills' queue lists filter), with their amount and age in whole days since the bill was created.
 */
export async function billFigures(
  db: DbOrTx,
  organizationId: number,
  today: string,
): Promise<DashboardBillFigures> {
  const statuses = WAITING_QUEUES.map((q) => BILLING_QUEUE_STATUS[q]);
  const age = sql`(${today}::date - (${billList.createdAt} at time zone 'UTC')::date)`;
  const [b0, b1, b2, b3] = BILL_AGE_BUCKETS;
  const rows = await db
    .select({
      status: billList.status,
      n: count(),
      amount: sql<number>`coalesce(sum(${billList.amount}), 0)`.mapWith(Number),
      a0: countWhere(sql`${age} <= ${b0.to}`),
      a1: countWhere(sql`${age} between ${b1.from} and ${b1.to}`),
      a2: countWhere(sql`${age} between ${b2.from} and ${b2.to}`),
      a3: countWhere(sql`${age} >= ${b3.from}`),
    })
    .from(billList)
    .where(and(eq(billList.organizationId, organizationId), inArray(billList.status, statuses)))
    .groupBy(billList.status);
  const byStatus = new Map(rows.map((r) => [r.status, r]));
  return {
    today,
    queues: WAITING_QUEUES.map((queue) => {
      const r = byStatus.get(BILLING_QUEUE_STATUS[queue]);
      return {
        queue,
        count: r?.n ?? 0,
        amount: r?.amount ?? 0,
        ages: {
          days_0_7: r?.a0 ?? 0,
          days_8_30: r?.a1 ?? 0,
          days_31_60: r?.a2 ?? 0,
          days_61_plus: r?.a3 ?? 0,
        },
      };
    }),
  };
}
