import type { ByPaidDate, SummaryMetrics } from '@bp/contracts';
import {
  addDays,
  BILL_STATUS_VALUES,
  type BillStatus,
  calendarDateOf,
  parseIsoDate,
  toDayNumber,
  toIsoDate,
} from '@bp/domain';
import { and, asc, gte, inArray, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { invalid } from '../../platform/domain-errors.ts';
import { billList } from '../bill-core/index.ts';
import { type BillScope, scopeConditions } from './scope.ts';

/**
 * Statuses that wait on someone's approval: every step before payment_pending, but not a draft
 * (pre_bill), a bill sent back for changes or one already decided (paid, rejected).
 */
export const AWAITING_APPROVAL_STATUSES: readonly BillStatus[] = [
  'client_pre_approval',
  'org_approval',
  'ofac_approval',
  'client_approval',
  'verbal_approval',
  'needs_2nd_approval',
  'poa_approval',
];

/** Due-soon and overdue count only bills still to be paid: every status but paid and rejected. */
export const UNPAID_STATUSES: readonly BillStatus[] = BILL_STATUS_VALUES.filter(
  (s) => s !== 'paid' && s !== 'rejected',
);

/** "Due in the next 7 days" is today and the six days after it. */
export const DUE_SOON_DAYS = 7;

/** Longest by-paid-date range, in days counting both ends (a leap year). */
export const MAX_PAID_DATE_RANGE_DAYS = 366;

/** Today's calendar date where the caller is (`X-Timezone`; UTC when missing or unknown). */
export function todayIn(now: Date, timeZone: string | null): string {
  return toIsoDate(calendarDateOf(now, timeZone ?? 'UTC'));
}

const cents = (column: SQL | typeof billList.amount) =>
  sql<number>`coalesce(sum(${column}), 0)`.mapWith(Number);
const rowCount = () => sql<number>`count(*)`.mapWith(Number);
/** Literal so a plan can prove the partial paid-date indexes (`WHERE status = 'paid'`) apply. */
const isPaid = sql`${billList.status} = 'paid'`;

/**
 * The queries behind summary metrics, exposed so the plan test can EXPLAIN exactly these. `waitingOn`
 * (a client user's: bill-workflow's `waitingOnClientUserConditions`) adds the query of the bills waiting
 * on that user; without it, awaiting approval is every bill in an {@link AWAITING_APPROVAL_STATUSES}.
 */
export function metricsQueries(db: DbOrTx, scope: BillScope, today: string, waitingOn: SQL[] | null = null) {
  const where = scopeConditions(scope);
  const todayDate = parseIsoDate(today);
  if (!todayDate) throw new Error(`not a date: ${today}`);
  const dueSoonEnd = toIsoDate(addDays(todayDate, DUE_SOON_DAYS));
  const monthStart = toIsoDate({ ...todayDate, day: 1 });
  const nextMonthStart = toIsoDate(
    todayDate.month === 12
      ? { year: todayDate.year + 1, month: 1, day: 1 }
      : { year: todayDate.year, month: todayDate.month + 1, day: 1 },
  );
  const overdue = sql`${billList.dueDate} < ${today}`;
  return {
    // (organization_id | client_id, status, ...) indexes: one range per tenant, grouped by status.
    byStatus: db
      .select({ status: billList.status, count: rowCount(), amount: cents(billList.amount) })
      .from(billList)
      .where(and(...where))
      .groupBy(billList.status),
    // status = ANY(unpaid) AND due_date < end: ranges of the (…, status, due_date) indexes.
    dueAndOverdue: db
      .select({
        overdueCount: sql<number>`count(*) filter (where ${overdue})`.mapWith(Number),
        overdueAmount: sql<number>`coalesce(sum(${billList.amount}) filter (where ${overdue}), 0)`.mapWith(
          Number,
        ),
        dueSoonCount: sql<number>`count(*) filter (where not (${overdue}))`.mapWith(Number),
        dueSoonAmount:
          sql<number>`coalesce(sum(${billList.amount}) filter (where not (${overdue})), 0)`.mapWith(Number),
      })
      .from(billList)
      .where(and(...where, inArray(billList.status, [...UNPAID_STATUSES]), lt(billList.dueDate, dueSoonEnd))),
    paidThisMonth: db
      .select({ count: rowCount(), amount: cents(billList.amount) })
      .from(billList)
      .where(
        and(...where, isPaid, gte(billList.paidDate, monthStart), lt(billList.paidDate, nextMonthStart)),
      ),
    waitingOnCaller:
      waitingOn === null
        ? null
        : db
            .select({ count: rowCount(), amount: cents(billList.amount) })
            .from(billList)
            .where(and(...where, ...waitingOn)),
  };
}

/**
 * Counts and totals per status, awaiting approval, due in the next 7 days, overdue, paid this month.
 * For a client user (`waitingOn` given) awaiting approval is "awaiting your approval": only the bills
 * whose current step that user may approve, not those still with the organisation's own review.
 */
export async function summaryMetricsOf(
  db: DbOrTx,
  scope: BillScope,
  today: string,
  waitingOn: SQL[] | null = null,
): Promise<SummaryMetrics> {
  const queries = metricsQueries(db, scope, today, waitingOn);
  const byStatus = await queries.byStatus;
  const [due] = await queries.dueAndOverdue;
  const [paid] = await queries.paidThisMonth;
  const [mine] = queries.waitingOnCaller ? await queries.waitingOnCaller : [];
  const found = new Map(byStatus.map((row) => [row.status, row]));
  // Every status is listed, zero when it has no bills, in the workflow's order.
  const by_status = BILL_STATUS_VALUES.map((status) => ({
    status,
    count: found.get(status)?.count ?? 0,
    amount: found.get(status)?.amount ?? 0,
  }));
  const awaiting = by_status.filter((s) => AWAITING_APPROVAL_STATUSES.includes(s.status));
  return {
    by_status,
    awaiting_approval: queries.waitingOnCaller
      ? { count: mine?.count ?? 0, amount: mine?.amount ?? 0 }
      : {
          count: awaiting.reduce((n, s) => n + s.count, 0),
          amount: awaiting.reduce((n, s) => n + s.amount, 0),
        },
    due_next_7_days: { count: due?.dueSoonCount ?? 0, amount: due?.dueSoonAmount ?? 0 },
    overdue: { count: due?.overdueCount ?? 0, amount: due?.overdueAmount ?? 0 },
    paid_this_month: { count: paid?.count ?? 0, amount: paid?.amount ?? 0 },
  };
}

/** 400 unless date_from ≤ date_to and the range spans at most {@link MAX_PAID_DATE_RANGE_DAYS} days. */
export function assertPaidDateRange(dateFrom: string, dateTo: string): void {
  const from = parseIsoDate(dateFrom);
  const to = parseIsoDate(dateTo);
  if (!from || !to) return; // the schema already refused malformed dates
  const days = toDayNumber(to) - toDayNumber(from) + 1;
  if (days < 1) throw invalid('date_to', 'The end date must not be before the start date.');
  if (days > MAX_PAID_DATE_RANGE_DAYS)
    throw invalid('date_to', `Choose a range of at most ${MAX_PAID_DATE_RANGE_DAYS} days.`);
}

/** Paid bills per paid day between two dates (both included); days without a payment are left out. */
export function byPaidDateQuery(db: DbOrTx, scope: BillScope, dateFrom: string, dateTo: string) {
  return db
    .select({ date: billList.paidDate, count: rowCount(), amount: cents(billList.amount) })
    .from(billList)
    .where(
      and(
        ...scopeConditions(scope),
        isPaid,
        gte(billList.paidDate, dateFrom),
        lte(billList.paidDate, dateTo),
      ),
    )
    .groupBy(billList.paidDate)
    .orderBy(asc(billList.paidDate));
}

export async function byPaidDateOf(
  db: DbOrTx,
  scope: BillScope,
  dateFrom: string,
  dateTo: string,
): Promise<ByPaidDate> {
  const rows = await byPaidDateQuery(db, scope, dateFrom, dateTo);
  return {
    results: rows.flatMap((r) => (r.date ? [{ date: r.date, count: r.count, amount: r.amount }] : [])),
  };
}
