import type { Portfolio, PortfolioClient } from '@bp/contracts';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { ClientScope } from '../../platform/access.ts';
import type { DbOrTx } from '../../platform/db.ts';
import { fundingOverview } from '../bank-feeds/index.ts';
import { billList } from '../bill-core/index.ts';
import { clientList, clientUserList } from '../clients/index.ts';
import { cashOutflowOf } from '../commitments/index.ts';
import { investmentTotalsOf } from '../investments/index.ts';
import { reportList } from '../reports/index.ts';
import { type PortfolioMode, RELATION_OF_MODE } from './mode.ts';
import { onboardingProgressOf } from './onboarding-progress.ts';

/** Statuses waiting on the family's own approval (the client steps of DESIGN §6). */
export const WAITING_ON_FAMILY = ['client_pre_approval', 'client_approval', 'needs_2nd_approval'] as const;

/** "Cash outflow of the next 3 months": the current month and the two after it. */
export const OUTFLOW_MONTHS = 3;

const rowCount = (filter: ReturnType<typeof sql>) =>
  sql<number>`count(*) filter (where ${filter})`.mapWith(Number);
const rowSum = (filter: ReturnType<typeof sql>) =>
  sql<number>`coalesce(sum(${billList.amount}) filter (where ${filter}), 0)`.mapWith(Number);

/**
 * The clients `userId` serves in `mode`: its client-user links with the mode's relation (wealth_manager,
 * family_office), active clients only, by name. The link row is also the caller's way into each client,
 * so the figures below are read as the caller would read that client's own pages.
 */
async function linkedClients(db: DbOrTx, userId: number, mode: PortfolioMode) {
  return db
    .select({
      id: clientList.id,
      guid: clientList.guid,
      name: clientList.name,
      organizationId: clientList.organizationId,
      service: clientList.service,
      isOnboardingCompleted: clientList.isOnboardingCompleted,
      clientUserId: clientUserList.id,
      clientRole: clientUserList.role,
    })
    .from(clientUserList)
    .innerJoin(clientList, eq(clientList.id, clientUserList.clientId))
    .where(
      and(
        eq(clientUserList.userId, userId),
        eq(clientUserList.clientRelation, RELATION_OF_MODE[mode]),
        isNull(clientList.archivedAt),
      ),
    )
    .orderBy(asc(clientList.name), asc(clientList.id));
}

/** Bills waiting on the family and the overdue ones among them, per client, in one statement. */
async function billFigures(db: DbOrTx, clientIds: number[], today: string) {
  if (clientIds.length === 0)
    return new Map<number, Pick<PortfolioClient, 'bills_waiting' | 'approvals_overdue'>>();
  const overdue = sql`${billList.dueDate} < ${today}`;
  const rows = await db
    .select({
      clientId: billList.clientId,
      waitingCount: rowCount(sql`true`),
      waitingAmount: rowSum(sql`true`),
      overdueCount: rowCount(overdue),
      overdueAmount: rowSum(overdue),
    })
    .from(billList)
    .where(and(inArray(billList.clientId, clientIds), inArray(billList.status, [...WAITING_ON_FAMILY])))
    .groupBy(billList.clientId);
  return new Map(
    rows.map((r) => [
      r.clientId,
      {
        bills_waiting: { count: r.waitingCount, amount: r.waitingAmount },
        approvals_overdue: { count: r.overdueCount, amount: r.overdueAmount },
      },
    ]),
  );
}

async function reportCounts(db: DbOrTx, clientIds: number[]) {
  if (clientIds.length === 0) return new Map<number, number>();
  const rows = await db
    .select({ clientId: reportList.clientId, n: sql<number>`count(*)`.mapWith(Number) })
    .from(reportList)
    .where(inArray(reportList.clientId, clientIds))
    .groupBy(reportList.clientId);
  return new Map(rows.map((r) => [r.clientId, r.n]));
}

/**
 * The portfolio of an advisor or a family office (SPEC §1, §7): bills and reports aggregated in SQL across
 * every linked client at once; the commitments outflow comes from the commitments forecast (decision 013),
 * which expands schedules in code, so it is read per client — the figure the client's own cash-outflow
 * chart shows for the same months.
 */
export async function portfolioOf(
  db: DbOrTx,
  userId: number,
  mode: PortfolioMode,
  today: string,
): Promise<Portfolio> {
  const clients = await linkedClients(db, userId, mode);
  const ids = clients.map((c) => c.id);
  const [bills, reports, progress, investments] = [
    await billFigures(db, ids, today),
    await reportCounts(db, ids),
    await onboardingProgressOf(db, ids),
    await investmentTotalsOf(db, ids),
  ];
  const results: PortfolioClient[] = [];
  for (const c of clients) {
    const scope: ClientScope = {
      id: c.id,
      guid: c.guid,
      name: c.name,
      organizationId: c.organizationId,
      archived: false,
      via: 'client',
      organization: null,
      clientUserId: c.clientUserId,
      clientRole: c.clientRole,
    };
    const outflow = await cashOutflowOf(db, scope, undefined, today);
    const figures = bills.get(c.id);
    results.push({
      guid: c.guid,
      name: c.name,
      service: c.service,
      is_onboarding_completed: c.isOnboardingCompleted,
      onboarding_progress: progress.get(c.id) ?? null,
      bills_waiting: figures?.bills_waiting ?? { count: 0, amount: 0 },
      approvals_overdue: figures?.approvals_overdue ?? { count: 0, amount: 0 },
      cash_outflow_next_3_months: outflow.months
        .slice(0, OUTFLOW_MONTHS)
        .reduce((sum, m) => sum + m.committed, 0),
      reports_count: reports.get(c.id) ?? 0,
      investments_total: investments.get(c.id) ?? 0,
      funding_required: (await fundingOverview(db, c.id)).results.reduce(
        (n, a) => n + a.funding.amount_to_move,
        0,
      ),
    });
  }
  const sum = (pick: (c: PortfolioClient) => number) => results.reduce((n, c) => n + pick(c), 0);
  return {
    today,
    results,
    totals: {
      clients: results.length,
      onboarding_not_completed: results.filter((c) => !c.is_onboarding_completed).length,
      bills_waiting: { count: sum((c) => c.bills_waiting.count), amount: sum((c) => c.bills_waiting.amount) },
      approvals_overdue: {
        count: sum((c) => c.approvals_overdue.count),
        amount: sum((c) => c.approvals_overdue.amount),
      },
      cash_outflow_next_3_months: sum((c) => c.cash_outflow_next_3_months),
      investments_total: sum((c) => c.investments_total),
      funding_required: sum((c) => c.funding_required),
    },
  };
}
