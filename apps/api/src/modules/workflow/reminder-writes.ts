import type { CreateReportReminderRequest, PatchReportReminderRequest, ReportReminder } from '@bp/contracts';
import { periodContaining, type ReportReminderEvent } from '@bp/domain';
import { and, eq } from 'drizzle-orm';
import type { ClientScope } from '../../platform/access.ts';
import { type AuditActor, recordAudit } from '../../platform/audit/audit.ts';
import type { Db, DbOrTx } from '../../platform/db.ts';
import { ValidationError } from '../../platform/domain-errors.ts';
import { entityIdOf } from '../entities/index.ts';
import { conflict } from './errors.ts';
import { findReminder, presentReminder, type ReminderRow } from './reminder-reads.ts';
import { staffMembershipOf } from './staff.ts';
import { reportReminderEvents, reportReminderPeriods, reportReminders } from './tables.ts';

type Fields = Partial<CreateReportReminderRequest>;

/** The stored columns of the fields sent; guids resolved inside the client's organisation (400 otherwise). */
async function columnsOf(tx: DbOrTx, scope: ClientScope, body: Fields) {
  const out: Partial<typeof reportReminders.$inferInsert> = {};
  if (body.name !== undefined) out.name = body.name;
  if (body.report_type !== undefined) out.reportType = body.report_type;
  if (body.frequency !== undefined) out.frequency = body.frequency;
  if (body.due_business_days !== undefined) out.dueBusinessDays = body.due_business_days;
  if (body.start_date !== undefined) out.startDate = body.start_date;
  if (body.notes !== undefined) out.notes = body.notes;
  if (body.entity !== undefined) {
    if (body.entity === null) out.entityId = null;
    else {
      const id = await entityIdOf(tx, scope.id, body.entity);
      if (id === null) throw new ValidationError({ entity: ['Choose an entity of the client.'] });
      out.entityId = id;
    }
  }
  for (const field of ['assignee', 'backup'] as const) {
    const value = body[field];
    if (value === undefined) continue;
    const id = value === null ? null : await staffMembershipOf(tx, scope.organizationId, value, field);
    if (field === 'assignee') out.assigneeOrganizationUserId = id;
    else out.backupOrganizationUserId = id;
  }
  if (body.channels !== undefined) {
    out.notifyEmail = body.channels.includes('email');
    out.notifyPush = body.channels.includes('push');
  }
  return out;
}

function assertDistinct(row: Pick<ReminderRow, 'assigneeOrganizationUserId' | 'backupOrganizationUserId'>) {
  if (
    row.assigneeOrganizationUserId !== null &&
    row.assigneeOrganizationUserId === row.backupOrganizationUserId
  ) {
    throw new ValidationError({ backup: ['The backup must be someone other than the assignee.'] });
  }
}

async function logEvent(
  tx: DbOrTx,
  actor: AuditActor,
  reminder: ReminderRow,
  event: ReportReminderEvent,
  periodStart: string | null = null,
) {
  await tx
    .insert(reportReminderEvents)
    .values({ reminderId: reminder.id, event, periodStart, userId: actor.actorUserId });
  await recordAudit(tx, actor, {
    action: `report_reminder_${event === 'created' ? 'created' : event.replace('report_', '')}`,
    objectType: 'report_reminder',
    objectGuid: reminder.guid,
    organizationId: reminder.organizationId,
    clientId: reminder.clientId,
    changes: periodStart ? { period_start: { before: null, after: periodStart } } : {},
  });
}

/** A new reminder of the client, with its `created` history event and audit record, in one transaction. */
export async function createReminder(
  db: Db,
  scope: ClientScope,
  actor: AuditActor,
  body: CreateReportReminderRequest,
): Promise<ReportReminder> {
  const row = await db.transaction(async (tx) => {
    const columns = await columnsOf(tx, scope, { channels: ['email'], ...body });
    const values = {
      organizationId: scope.organizationId,
      clientId: scope.id,
      name: body.name,
      reportType: body.report_type,
      frequency: body.frequency,
      dueBusinessDays: body.due_business_days,
      startDate: body.start_date,
      ...columns,
    };
    assertDistinct({
      assigneeOrganizationUserId: values.assigneeOrganizationUserId ?? null,
      backupOrganizationUserId: values.backupOrganizationUserId ?? null,
    });
    const [created] = await tx.insert(reportReminders).values(values).returning();
    if (!created) throw new Error('reminder insert returned nothing');
    await logEvent(tx, actor, created, 'created');
    return created;
  });
  return presentReminder(db, row);
}

/** Changes some fields; periods already raised or skipped stay as they were. */
export async function patchReminder(
  db: Db,
  scope: ClientScope,
  actor: AuditActor,
  guid: string,
  body: PatchReportReminderRequest,
): Promise<ReportReminder> {
  const row = await db.transaction(async (tx) => {
    const before = await findReminder(tx, { clientId: scope.id }, guid);
    const columns = await columnsOf(tx, scope, body);
    assertDistinct({ ...before, ...columns });
    const [after] = await tx
      .update(reportReminders)
      .set(columns)
      .where(eq(reportReminders.id, before.id))
      .returning();
    if (!after) throw new Error('reminder vanished');
    const changes: Record<string, { before: unknown; after: unknown }> = {};
    for (const key of Object.keys(columns) as (keyof typeof columns)[]) {
      const was = before[key as keyof ReminderRow];
      const now = after[key as keyof ReminderRow];
      if (String(was) !== String(now)) changes[key] = { before: was, after: now };
    }
    await recordAudit(tx, actor, {
      action: 'report_reminder_updated',
      objectType: 'report_reminder',
      objectGuid: after.guid,
      organizationId: after.organizationId,
      clientId: after.clientId,
      changes,
    });
    return after;
  });
  return presentReminder(db, row);
}

/** Archive (stop raising) or unarchive; 409 when it already is in that state. */
export async function setArchived(
  db: Db,
  scope: ClientScope,
  actor: AuditActor,
  guid: string,
  archived: boolean,
  now: Date,
): Promise<ReportReminder> {
  const row = await db.transaction(async (tx) => {
    const before = await findReminder(tx, { clientId: scope.id }, guid);
    if ((before.archivedAt !== null) === archived) {
      throw conflict(
        archived ? 'The reminder is already archived.' : 'The reminder is not archived.',
        archived ? 'already_archived' : 'not_archived',
      );
    }
    const [after] = await tx
      .update(reportReminders)
      .set({ archivedAt: archived ? now : null })
      .where(eq(reportReminders.id, before.id))
      .returning();
    if (!after) throw new Error('reminder vanished');
    await logEvent(tx, actor, after, archived ? 'report_archived' : 'report_unarchived');
    return after;
  });
  return presentReminder(db, row);
}

/** Skips the period containing `day`: the job will not raise it. 409 when raised or skipped already. */
export async function skipPeriod(
  db: Db,
  scope: ClientScope,
  actor: AuditActor,
  guid: string,
  day: string,
): Promise<ReportReminder> {
  const row = await db.transaction(async (tx) => {
    const reminder = await findReminder(tx, { clientId: scope.id }, guid);
    const period = periodContaining(reminder.frequency, day);
    if (period.end < periodContaining(reminder.frequency, reminder.startDate).start) {
      throw new ValidationError({ period_date: ['The reminder starts after this period.'] });
    }
    const inserted = await tx
      .insert(reportReminderPeriods)
      .values({
        reminderId: reminder.id,
        periodStart: period.start,
        periodEnd: period.end,
        outcome: 'skipped',
      })
      .onConflictDoNothing()
      .returning({ id: reportReminderPeriods.id });
    if (inserted.length === 0) {
      const [existing] = await tx
        .select({ outcome: reportReminderPeriods.outcome })
        .from(reportReminderPeriods)
        .where(
          and(
            eq(reportReminderPeriods.reminderId, reminder.id),
            eq(reportReminderPeriods.periodStart, period.start),
          ),
        );
      throw existing?.outcome === 'raised'
        ? conflict("This period's task was already raised.", 'period_raised')
        : conflict('This period is already skipped.', 'period_skipped');
    }
    await logEvent(tx, actor, reminder, 'report_skipped', period.start);
    return reminder;
  });
  return presentReminder(db, row);
}
