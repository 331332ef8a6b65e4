import type { ReportReminder, ReportReminderFilters } from '@bp/contracts';
import { nextPeriod, periodContaining, reminderDueDate } from '@bp/domain';
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, ne, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { pageWindow, parseOrdering } from '../../platform/pagination.ts';
import { containsAny } from '../../platform/search.ts';
import { personOf } from '../bill-core/index.ts';
import { clientList } from '../clients/index.ts';
import { entityList } from '../entities/index.ts';
import { userList } from '../users/index.ts';
import { notFound } from './errors.ts';
import { peopleOfMemberships, staffMembershipOf } from './staff.ts';
import { reportReminderEvents, reportReminderPeriods, reportReminders } from './tables.ts';

export type ReminderRow = typeof reportReminders.$inferSelect;

/** A reminder of the client, or 404 (another client's reminder does not exist for the caller). */
export async function findReminder(
  db: DbOrTx,
  where: { clientId?: number; organizationId?: number },
  guid: string,
) {
  const conditions = [eq(reportReminders.guid, guid)];
  if (where.clientId !== undefined) conditions.push(eq(reportReminders.clientId, where.clientId));
  if (where.organizationId !== undefined)
    conditions.push(eq(reportReminders.organizationId, where.organizationId));
  const [row] = await db
    .select()
    .from(reportReminders)
    .where(and(...conditions));
  if (!row) throw notFound('Report reminder not found.');
  return row;
}

/** The first period from the start that was neither raised nor skipped: what the reminder waits on next. */
async function nextOpenPeriods(db: DbOrTx, rows: ReminderRow[]) {
  const dealt = rows.length
    ? await db
        .select({ reminderId: reportReminderPeriods.reminderId, start: reportReminderPeriods.periodStart })
        .from(reportReminderPeriods)
        .where(
          inArray(
            reportReminderPeriods.reminderId,
            rows.map((r) => r.id),
          ),
        )
    : [];
  const done = new Set(dealt.map((d) => `${d.reminderId}:${d.start}`));
  const out = new Map<number, { start: string; end: string; due_date: string }>();
  for (const r of rows) {
    let period = periodContaining(r.frequency, r.startDate);
    while (done.has(`${r.id}:${period.start}`)) period = nextPeriod(r.frequency, period);
    out.set(r.id, { ...period, due_date: reminderDueDate(period, r.dueBusinessDays) });
  }
  return out;
}

/** Reminders as the API answers them, in the order given. */
export async function presentReminders(db: DbOrTx, rows: ReminderRow[]): Promise<ReportReminder[]> {
  if (rows.length === 0) return [];
  const clients = await db
    .select({ id: clientList.id, guid: clientList.guid, name: clientList.name })
    .from(clientList)
    .where(inArray(clientList.id, [...new Set(rows.map((r) => r.clientId))]));
  const entityIds = rows.map((r) => r.entityId).filter((id): id is number => id !== null);
  const entities = entityIds.length
    ? await db
        .select({ id: entityList.id, guid: entityList.guid, name: entityList.nickname })
        .from(entityList)
        .where(inArray(entityList.id, entityIds))
    : [];
  const people = await peopleOfMemberships(
    db,
    rows.flatMap((r) => [r.assigneeOrganizationUserId, r.backupOrganizationUserId]),
  );
  const next = await nextOpenPeriods(db, rows);
  return rows.map((r) => {
    const client = clients.find((c) => c.id === r.clientId);
    const entity = entities.find((e) => e.id === r.entityId);
    const period = next.get(r.id);
    if (!client || !period) throw new Error('reminder without its client');
    return {
      guid: r.guid,
      client: { guid: client.guid, name: client.name },
      entity: entity ? { guid: entity.guid, name: entity.name } : null,
      name: r.name,
      report_type: r.reportType,
      frequency: r.frequency,
      due_business_days: r.dueBusinessDays,
      start_date: r.startDate,
      assignee: r.assigneeOrganizationUserId ? (people.get(r.assigneeOrganizationUserId) ?? null) : null,
      backup: r.backupOrganizationUserId ? (people.get(r.backupOrganizationUserId) ?? null) : null,
      channels: [
        ...(r.notifyEmail ? (['email'] as const) : []),
        ...(r.notifyPush ? (['push'] as const) : []),
      ],
      notes: r.notes,
      is_archived: r.archivedAt !== null,
      next_period: period,
      created_on: r.createdAt.toISOString(),
    };
  });
}

export async function presentReminder(db: DbOrTx, row: ReminderRow): Promise<ReportReminder> {
  const [one] = await presentReminders(db, [row]);
  if (!one) throw new Error('reminder vanished');
  return one;
}

type ListQuery = ReportReminderFilters;

/** Reminders of a client or of the organisation's clients, filtered and paged. */
export async function listReminders(
  db: DbOrTx,
  scope: { organizationId: number; clientId?: number },
  query: ListQuery,
) {
  const where: (SQL | undefined)[] = [eq(reportReminders.organizationId, scope.organizationId)];
  if (scope.clientId !== undefined) where.push(eq(reportReminders.clientId, scope.clientId));
  where.push(query.archived ? isNotNull(reportReminders.archivedAt) : isNull(reportReminders.archivedAt));
  if (query.frequency) where.push(eq(reportReminders.frequency, query.frequency));
  if (query.report_type) where.push(eq(reportReminders.reportType, query.report_type));
  if (query.reconciliation === true) where.push(eq(reportReminders.reportType, 'reconciliation'));
  if (query.reconciliation === false) where.push(ne(reportReminders.reportType, 'reconciliation'));
  if (query.client) {
    const [client] = await db
      .select({ id: clientList.id })
      .from(clientList)
      .where(and(eq(clientList.guid, query.client), eq(clientList.organizationId, scope.organizationId)));
    where.push(eq(reportReminders.clientId, client?.id ?? 0));
  }
  if (query.assignee) {
    const member = await staffMembershipOf(db, scope.organizationId, query.assignee, 'assignee').catch(
      () => 0,
    );
    where.push(eq(reportReminders.assigneeOrganizationUserId, member));
  }
  where.push(containsAny(query.search, [reportReminders.name]));
  const condition = and(...where);
  const order = parseOrdering(query.ordering, ['name', 'created_on'] as const, {
    field: 'name',
    desc: false,
  });
  const column = order.field === 'name' ? reportReminders.name : reportReminders.createdAt;
  const { limit, offset } = pageWindow(query);
  const [total] = await db.select({ n: count() }).from(reportReminders).where(condition);
  const rows = await db
    .select()
    .from(reportReminders)
    .where(condition)
    .orderBy(order.desc ? desc(column) : asc(column), asc(reportReminders.id))
    .limit(limit)
    .offset(offset);
  return { count: total?.n ?? 0, results: await presentReminders(db, rows) };
}

/** A reminder's history, newest first. */
export async function reminderHistory(
  db: DbOrTx,
  reminderId: number,
  query: { page: number; page_size: number },
) {
  const { limit, offset } = pageWindow(query);
  const where = eq(reportReminderEvents.reminderId, reminderId);
  const [total] = await db.select({ n: count() }).from(reportReminderEvents).where(where);
  const rows = await db
    .select({
      event: reportReminderEvents,
      user: {
        guid: userList.guid,
        firstName: userList.firstName,
        lastName: userList.lastName,
        avatarKey: userList.avatarKey,
      },
    })
    .from(reportReminderEvents)
    .leftJoin(userList, eq(userList.id, reportReminderEvents.userId))
    .where(where)
    .orderBy(desc(reportReminderEvents.createdAt), desc(reportReminderEvents.id))
    .limit(limit)
    .offset(offset);
  return {
    count: total?.n ?? 0,
    results: rows.map(({ event, user }) => ({
      event: event.event,
      period_start: event.periodStart,
      user: user?.guid ? personOf(user) : null,
      created_on: event.createdAt.toISOString(),
    })),
  };
}
