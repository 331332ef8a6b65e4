import { periodsDueBy, REPORT_TYPE_LABELS, type ReminderPeriod, reminderDueDate } from '@bp/domain';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../platform/db.ts';
import type { JobQueue } from '../../platform/jobs/index.ts';
import { clientList } from '../clients/index.ts';
import { actionEmail, enqueueEmail, enqueuePush } from '../notifications/index.ts';
import { openWorkflowTask } from '../tasks/index.ts';
import { userList } from '../users/index.ts';
import type { ReminderRow } from './reminder-reads.ts';
import { userIdsOfMemberships } from './staff.ts';
import {
  reconciliationMoves,
  reconciliations,
  reportReminderPeriods,
  reportReminders,
  taskRulePeriods,
  taskRules,
} from './tables.ts';
import type { TaskRuleRow } from './task-rules.ts';

export interface RaiseSummary {
  raised: number;
}

/** The task's title as lists show it: "Cash Flow: Harper Household Q2 2026 report" style, kept plain. */
function titleOf(reminder: ReminderRow, period: ReminderPeriod): string {
  return `${reminder.name} (${REPORT_TYPE_LABELS[reminder.reportType]}) for ${period.start} to ${period.end}`;
}

async function notify(tx: DbOrTx, reminder: ReminderRow, title: string, dueDate: string, clientName: string) {
  const members = [reminder.assigneeOrganizationUserId, reminder.backupOrganizationUserId].filter(
    (id): id is number => id !== null,
  );
  const userIds = await userIdsOfMemberships(tx, members);
  for (const userId of new Set(userIds.values())) {
    const [user] = await tx
      .select({ email: userList.email, isActive: userList.isActive })
      .from(userList)
      .where(eq(userList.id, userId));
    if (!user?.isActive) continue;
    const subject = `Report due ${dueDate}: ${reminder.name}`;
    if (reminder.notifyEmail) {
      const email = actionEmail({
        greeting: 'Hello,',
        lines: [`A report for ${clientName} is due on ${dueDate}.`, title],
        actionLabel: 'Open the reminder',
        actionUrl: `/reports/report-reminder/${reminder.guid}`,
      });
      await enqueueEmail(tx, { userId, to: user.email, subject, text: email.text, html: email.html });
    }
    if (reminder.notifyPush) {
      await enqueuePush(tx, {
        userId,
        title: subject,
        body: title,
        data: { report_reminder: reminder.guid },
      });
    }
  }
}

/**
 * Raises one period's task, in one transaction: the period row goes in first with ON CONFLICT DO NOTHING
 * on (reminder, period start), so when two runners (or a retry) race, the second finds the row taken
 * (PostgreSQL makes it wait for the first to commit) and raises nothing. Answers whether it raised.
 */
export async function raisePeriod(db: Db, reminder: ReminderRow, period: ReminderPeriod, clientName: string) {
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .insert(reportReminderPeriods)
      .values({
        reminderId: reminder.id,
        periodStart: period.start,
        periodEnd: period.end,
        outcome: 'raised',
      })
      .onConflictDoNothing()
      .returning({ id: reportReminderPeriods.id });
    if (!claimed) return false;
    const dueDate = reminderDueDate(period, reminder.dueBusinessDays);
    const title = titleOf(reminder, period);
    const taskId = await openWorkflowTask(tx, {
      organizationId: reminder.organizationId,
      clientId: reminder.clientId,
      type: 'report_reminder',
      title,
      dueDate,
      assignedOrganizationUserId: reminder.assigneeOrganizationUserId,
      backupOrganizationUserId: reminder.backupOrganizationUserId,
    });
    await tx.update(reportReminderPeriods).set({ taskId }).where(eq(reportReminderPeriods.id, claimed.id));
    // A reconciliation reminder of an entity also opens the period in the reconciliation workflow, so the
    // work queue holds it from Open on; a whole-client reminder names no books to reconcile.
    // Staff may have opened the period by hand already: then that one stands (the account-period is unique).
    if (reminder.reportType === 'reconciliation' && reminder.entityId !== null) {
      const [opened] = await tx
        .insert(reconciliations)
        .values({
          organizationId: reminder.organizationId,
          clientId: reminder.clientId,
          entityId: reminder.entityId,
          periodStart: period.start,
          periodEnd: period.end,
          dueDate,
          assigneeOrganizationUserId: reminder.assigneeOrganizationUserId,
        })
        .onConflictDoNothing()
        .returning({ id: reconciliations.id });
      if (opened)
        await tx
          .insert(reconciliationMoves)
          .values({ reconciliationId: opened.id, fromStep: 'Open', toStep: 'Open', direction: 'created' });
    }
    await notify(tx, reminder, title, dueDate, clientName);
    return true;
  });
}

/** Raises one period of a task rule, once (the same ON CONFLICT DO NOTHING claim as reminders). */
export async function raiseRulePeriod(db: Db, rule: TaskRuleRow, period: ReminderPeriod) {
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .insert(taskRulePeriods)
      .values({ ruleId: rule.id, periodStart: period.start })
      .onConflictDoNothing()
      .returning({ id: taskRulePeriods.id });
    if (!claimed) return false;
    const taskId = await openWorkflowTask(tx, {
      organizationId: rule.organizationId,
      clientId: rule.clientId,
      type: rule.taskType,
      title: `${rule.name} for ${period.start} to ${period.end}`,
      dueDate: reminderDueDate(period, rule.dueBusinessDays),
      assignedOrganizationUserId: rule.assigneeOrganizationUserId,
      backupOrganizationUserId: rule.backupOrganizationUserId,
    });
    await tx.update(taskRulePeriods).set({ taskId }).where(eq(taskRulePeriods.id, claimed.id));
    return true;
  });
}

async function raiseDueRules(db: Db, today: string, organizationId?: number): Promise<number> {
  const rules = await db
    .select({ rule: taskRules })
    .from(taskRules)
    .innerJoin(clientList, eq(clientList.id, taskRules.clientId))
    .where(
      and(
        isNull(taskRules.archivedAt),
        isNull(clientList.archivedAt),
        organizationId === undefined ? undefined : eq(taskRules.organizationId, organizationId),
      ),
    );
  if (rules.length === 0) return 0;
  const dealt = await db
    .select({ ruleId: taskRulePeriods.ruleId, start: taskRulePeriods.periodStart })
    .from(taskRulePeriods)
    .where(
      inArray(
        taskRulePeriods.ruleId,
        rules.map((r) => r.rule.id),
      ),
    );
  const done = new Set(dealt.map((d) => `${d.ruleId}:${d.start}`));
  let raised = 0;
  for (const { rule } of rules) {
    for (const period of periodsDueBy(rule.frequency, rule.startDate, today)) {
      if (done.has(`${rule.id}:${period.start}`)) continue;
      if (await raiseRulePeriod(db, rule, period)) raised += 1;
    }
  }
  return raised;
}

/**
 * Every active reminder's and task rule's ended periods that were neither raised nor skipped get their
 * task; `organizationId` limits it to one organisation's (staff's "raise now").
 */
export async function raiseDueReminders(
  db: Db,
  options: { now: Date; organizationId?: number },
): Promise<RaiseSummary> {
  const today = options.now.toISOString().slice(0, 10);
  const { organizationId } = options;
  const reminders = await db
    .select({ reminder: reportReminders, clientName: clientList.name })
    .from(reportReminders)
    .innerJoin(clientList, eq(clientList.id, reportReminders.clientId))
    .where(
      and(
        isNull(reportReminders.archivedAt),
        isNull(clientList.archivedAt),
        organizationId === undefined ? undefined : eq(reportReminders.organizationId, organizationId),
      ),
    );
  const fromRules = await raiseDueRules(db, today, organizationId);
  if (reminders.length === 0) return { raised: fromRules };
  const dealt = await db
    .select({ reminderId: reportReminderPeriods.reminderId, start: reportReminderPeriods.periodStart })
    .from(reportReminderPeriods)
    .where(
      inArray(
        reportReminderPeriods.reminderId,
        reminders.map((r) => r.reminder.id),
      ),
    );
  const done = new Set(dealt.map((d) => `${d.reminderId}:${d.start}`));
  let raised = fromRules;
  for (const { reminder, clientName } of reminders) {
    for (const period of periodsDueBy(reminder.frequency, reminder.startDate, today)) {
      if (done.has(`${reminder.id}:${period.start}`)) continue;
      if (await raisePeriod(db, reminder, period, clientName)) raised += 1;
    }
  }
  return { raised };
}

/** Every hour, at a quarter past (UTC): a period's task is wanted on the day after it ends, not to the minute. */
export const REMINDER_RAISE_CRON = '15 * * * *';

export interface ReminderJob {
  queue: JobQueue<Record<string, never>>;
  runOnce(): Promise<RaiseSummary>;
}

/** The reminder job on the job runner (decision 017), as commitments' instance generation is. */
export function createReminderJob(options: {
  db: Db;
  now: () => Date;
  log?: { info(details: object, message: string): void };
}): ReminderJob {
  async function runOnce() {
    const summary = await raiseDueReminders(options.db, { now: options.now() });
    if (summary.raised > 0) options.log?.info(summary, 'report reminder tasks raised');
    return summary;
  }
  return {
    queue: {
      name: 'workflow.raise-report-reminders',
      cron: REMINDER_RAISE_CRON,
      policy: 'short',
      retry: { limit: 3, delaySeconds: 60, backoff: true },
      handler: () => runOnce(),
    },
    runOnce,
  };
}
