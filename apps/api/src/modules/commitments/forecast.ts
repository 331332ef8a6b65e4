import type { CashOutflow, CommitmentInstanceStatus, MonthlyOverview } from '@bp/contracts';
import {
  COMMITMENT_CATEGORY_VALUES,
  type CommitmentCategory,
  filterValue,
  instanceStatus,
  scheduleOccurrences,
} from '@bp/domain';
import { and, eq, gte, isNotNull, isNull, lte, notInArray, sql } from 'drizzle-orm';
import type { ClientScope } from '../../platform/access.ts';
import type { DbOrTx } from '../../platform/db.ts';
import { billList } from '../bill-core/index.ts';
import { clientUserVendorEntityConditions, entityList } from '../entities/index.ts';
import { scheduleOf } from './commitment-presenter.ts';
import { clientUserCommitmentConditions } from './commitment-visibility.ts';
import { notFound } from './errors.ts';
import { addMonths, generationStart } from './instance-generation.ts';
import { instancesWithBills } from './instance-reads.ts';
import { commitments } from './tables.ts';

/** The forecast covers the current month and the 11 after it. */
export const FORECAST_MONTHS = 12;

/** One occurrence of an active commitment in the window: a generated instance, or one still to come. */
interface Occurrence {
  month: string;
  category: CommitmentCategory;
  expected: number | null;
  status: CommitmentInstanceStatus;
}

interface MonthFigures {
  committed: number;
  variableCount: number;
  paid: number;
  pending: number;
  byCategory: Map<CommitmentCategory, { committed: number; count: number; variable: number }>;
  statuses: Map<CommitmentInstanceStatus, number>;
}

const monthOf = (date: string) => date.slice(0, 7);
const plusDays = (date: string, days: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/** The window's months: YYYY-MM from today's month, and its first and last day. */
function windowOf(today: string) {
  const first = `${monthOf(today)}-01`;
  const months = Array.from({ length: FORECAST_MONTHS }, (_, i) => monthOf(addMonths(first, i)));
  const lastMonth = months[months.length - 1] ?? monthOf(today);
  return { first, last: plusDays(addMonths(`${lastMonth}-01`, 1), -1), months };
}

/**
 * The figures a client checks against its accounts, month by month (decision 013):
 * - committed: the expected amounts of active commitments' occurrences due that month, generated
 *   instances as stored (skipped ones left out) and, past the generated horizon, the schedule's;
 *   variable amounts count 0 and are counted apart;
 * - paid: bills linked to commitments paid that month (paid date);
 * - pending: bills linked to commitments neither paid, rejected nor drafts, by due date, overdue
 *   ones in the first month.
 * Client users see what their bills lists show (excluded vendors, a designee's entities).
 */
async function figures(db: DbOrTx, scope: ClientScope, entityFilter: string | undefined, today: string) {
  const { first, last, months } = windowOf(today);
  let entityId: number | null = null;
  const entityGuid = filterValue(entityFilter);
  if (entityGuid) {
    const [entity] = await db
      .select({ id: entityList.id })
      .from(entityList)
      .where(and(eq(entityList.guid, entityGuid), eq(entityList.clientId, scope.id)));
    if (!entity) throw notFound();
    entityId = entity.id;
  }
  const limits = await clientUserCommitmentConditions(db, scope);
  const active = await db
    .select()
    .from(commitments)
    .where(
      and(
        eq(commitments.clientId, scope.id),
        isNull(commitments.archivedAt),
        entityId === null ? undefined : eq(commitments.entityId, entityId),
        ...limits,
      ),
    );
  const instances = await instancesWithBills(
    db,
    active.map((c) => c.id),
  );

  const occurrences: Occurrence[] = [];
  for (const commitment of active) {
    const own = instances.filter((i) => i.instance.commitmentId === commitment.id);
    const generated = new Set(own.map((i) => i.instance.scheduledDate));
    for (const { instance, bill } of own) {
      if (instance.dueDate < first || instance.dueDate > last) continue;
      const status = instanceStatus(
        {
          due_date: instance.dueDate,
          skipped: instance.skippedAt !== null,
          bill_status: bill?.status ?? null,
          autopay: commitment.autopay,
        },
        today,
      );
      occurrences.push({
        month: monthOf(instance.dueDate),
        category: commitment.category,
        expected: status === 'skipped' ? 0 : instance.expectedAmount,
        status,
      });
    }
    // Past the generated horizon: what the schedule says. A due date is at most a week before its
    // scheduled date, so dates scheduled in the week after the window may still fall due in it.
    const start = generationStart(commitment);
    const from = start > first ? start : first;
    for (const o of scheduleOccurrences(scheduleOf(commitment), from, plusDays(last, 7))) {
      if (generated.has(o.scheduled_date) || o.due_date > last || o.due_date < first) continue;
      occurrences.push({
        month: monthOf(o.due_date),
        category: commitment.category,
        expected: commitment.isVariable ? null : commitment.expectedAmount,
        status: 'upcoming',
      });
    }
  }

  const billConditions = [
    eq(billList.clientId, scope.id),
    isNotNull(billList.commitmentId),
    entityId === null ? undefined : eq(billList.entityId, entityId),
    // the commitment limits on the bills' own vendor and entity (paid bills are never drafts)
    ...(await clientUserVendorEntityConditions(db, scope, billList)),
  ];
  const paidRows = await db
    .select({
      month: sql<string>`to_char(${billList.paidDate}, 'YYYY-MM')`,
      amount: sql<string>`sum(${billList.amount})`,
    })
    .from(billList)
    .where(
      and(
        ...billConditions,
        eq(billList.status, 'paid'),
        gte(billList.paidDate, first),
        lte(billList.paidDate, last),
      ),
    )
    .groupBy(sql`1`);
  const pendingRows = await db
    .select({
      month: sql<string>`greatest(to_char(${billList.dueDate}, 'YYYY-MM'), ${months[0] ?? ''})`,
      amount: sql<string>`sum(${billList.amount})`,
    })
    .from(billList)
    .where(
      and(
        ...billConditions,
        notInArray(billList.status, ['paid', 'rejected', 'pre_bill']),
        lte(billList.dueDate, last),
      ),
    )
    .groupBy(sql`1`);

  const byMonth = new Map<string, MonthFigures>(
    months.map((m) => [
      m,
      { committed: 0, variableCount: 0, paid: 0, pending: 0, byCategory: new Map(), statuses: new Map() },
    ]),
  );
  for (const o of occurrences) {
    const m = byMonth.get(o.month);
    if (!m) continue;
    m.statuses.set(o.status, (m.statuses.get(o.status) ?? 0) + 1);
    if (o.status === 'skipped') continue;
    const amount = o.expected ?? 0;
    m.committed += amount;
    if (o.expected === null) m.variableCount += 1;
    const c = m.byCategory.get(o.category) ?? { committed: 0, count: 0, variable: 0 };
    c.committed += amount;
    c.count += 1;
    if (o.expected === null) c.variable += 1;
    m.byCategory.set(o.category, c);
  }
  for (const r of paidRows) {
    const m = byMonth.get(r.month);
    if (m) m.paid += Number(r.amount);
  }
  for (const r of pendingRows) {
    const m = byMonth.get(r.month);
    if (m) m.pending += Number(r.amount);
  }
  return { months, byMonth, entity: entityGuid ?? null };
}

export async function cashOutflowOf(
  db: DbOrTx,
  scope: ClientScope,
  entity: string | undefined,
  today: string,
): Promise<CashOutflow> {
  const f = await figures(db, scope, entity, today);
  const months = f.months.map((month) => {
    const m = f.byMonth.get(month);
    if (!m) throw new Error('unreachable: every month has figures');
    return {
      month,
      committed: m.committed,
      variable_count: m.variableCount,
      paid: m.paid,
      pending: m.pending,
      by_category: COMMITMENT_CATEGORY_VALUES.filter((c) => m.byCategory.has(c)).map((category) => {
        const c = m.byCategory.get(category) ?? { committed: 0, count: 0, variable: 0 };
        return { category, committed: c.committed, count: c.count, variable_count: c.variable };
      }),
    };
  });
  const sum = (key: 'committed' | 'paid' | 'pending') => months.reduce((s, m) => s + m[key], 0);
  return {
    today,
    entity: f.entity,
    months,
    totals: { committed: sum('committed'), paid: sum('paid'), pending: sum('pending') },
  };
}

export async function monthlyOverviewOf(
  db: DbOrTx,
  scope: ClientScope,
  entity: string | undefined,
  today: string,
): Promise<MonthlyOverview> {
  const f = await figures(db, scope, entity, today);
  const figuresOf = (month: string) => {
    const m = f.byMonth.get(month);
    if (!m) throw new Error('unreachable: every month has figures');
    return m;
  };
  const categories = COMMITMENT_CATEGORY_VALUES.filter((c) =>
    f.months.some((month) => figuresOf(month).byCategory.has(c)),
  ).map((category) => {
    const committed = f.months.map((month) => figuresOf(month).byCategory.get(category)?.committed ?? 0);
    return { category, committed, total: committed.reduce((s, n) => s + n, 0) };
  });
  return {
    today,
    entity: f.entity,
    months: f.months.map((month) => {
      const m = figuresOf(month);
      return {
        month,
        committed: m.committed,
        paid: m.paid,
        pending: m.pending,
        instances: {
          upcoming: m.statuses.get('upcoming') ?? 0,
          billed: m.statuses.get('billed') ?? 0,
          paid: m.statuses.get('paid') ?? 0,
          late: m.statuses.get('late') ?? 0,
          missed: m.statuses.get('missed') ?? 0,
          skipped: m.statuses.get('skipped') ?? 0,
          autopay: m.statuses.get('autopay') ?? 0,
        },
      };
    }),
    categories,
  };
}
