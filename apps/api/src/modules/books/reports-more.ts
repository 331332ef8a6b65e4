import type { IncomeExpense, PeriodComparison, PropertyExpenses } from '@bp/contracts';
import { naturalBalance } from '@bp/domain';
import { and, asc, between, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { invalid } from '../../platform/domain-errors.ts';
import { propertyRows } from '../client-records/index.ts';
import { balanceSheet, booksOver, checkRange, type LedgerScope, profitAndLoss } from './reports.ts';
import { bookAccounts, journalEntries, journalLines } from './tables.ts';
import { BEGINNING } from './totals.ts';

type Account = typeof bookAccounts.$inferSelect;
const refOf = (a: Account) => ({ guid: a.guid, number: a.number, name: a.name, family: a.family });

/**
 * A report for two periods side by side with the difference (first less second) per account and per
 * section: profit and loss over two ranges, or the balance sheet at two dates. Rows are every account
 * with a figure in either period.
 */
export async function comparison(
  db: DbOrTx,
  scope: LedgerScope,
  q: {
    report: 'balance' | 'profit-and-loss';
    from?: string | undefined;
    to: string;
    compare_from?: string | undefined;
    compare_to: string;
  },
): Promise<PeriodComparison> {
  const from = q.from ?? null;
  const compareFrom = q.compare_from ?? null;
  checkRange(from, q.to);
  if (compareFrom !== null && compareFrom > q.compare_to)
    throw invalid('compare_from', 'Enter a start date on or before the end date.');
  type Section = {
    title: string;
    rows: { account: PeriodComparison['sections'][number]['rows'][number]['account']; amount: number }[];
    total: number;
  };
  const pair = async (): Promise<[Section[], Section[], [string, number, number]]> => {
    if (q.report === 'profit-and-loss') {
      const [a, b] = await Promise.all([
        profitAndLoss(db, scope, from, q.to),
        profitAndLoss(db, scope, compareFrom, q.compare_to),
      ]);
      const of = (r: typeof a): Section[] => [
        {
          title: 'Income',
          rows: r.income.rows.map((x) => ({ account: x.account, amount: x.balance })),
          total: r.income.total,
        },
        {
          title: 'Expenses',
          rows: r.expenses.rows.map((x) => ({ account: x.account, amount: x.balance })),
          total: r.expenses.total,
        },
      ];
      return [of(a), of(b), ['Net income', a.net_income, b.net_income]];
    }
    const [a, b] = await Promise.all([balanceSheet(db, scope, q.to), balanceSheet(db, scope, q.compare_to)]);
    const of = (r: typeof a): Section[] => [
      {
        title: 'Assets',
        rows: r.assets.rows.map((x) => ({ account: x.account, amount: x.balance })),
        total: r.assets.total,
      },
      {
        title: 'Liabilities',
        rows: r.liabilities.rows.map((x) => ({ account: x.account, amount: x.balance })),
        total: r.liabilities.total,
      },
      {
        title: 'Equity',
        rows: r.equity.rows.map((x) => ({ account: x.account, amount: x.balance })),
        total: r.equity.total + r.retained_earnings + r.current_earnings,
      },
    ];
    return [
      of(a),
      of(b),
      ['Total liabilities and equity', a.total_liabilities_and_equity, b.total_liabilities_and_equity],
    ];
  };
  const [first, second, [label, amount, compare]] = await pair();
  return {
    report: q.report,
    period: { from: q.report === 'balance' ? null : from, to: q.to },
    compare_period: { from: q.report === 'balance' ? null : compareFrom, to: q.compare_to },
    sections: first.map((section, i) => {
      const other = second[i] as Section;
      const accounts = new Map<string, Section['rows'][number]['account']>();
      for (const r of [...section.rows, ...other.rows]) accounts.set(r.account.guid, r.account);
      const valueIn = (s: Section, guid: string) => s.rows.find((r) => r.account.guid === guid)?.amount ?? 0;
      return {
        title: section.title,
        rows: [...accounts.values()].map((account) => {
          const a = valueIn(section, account.guid);
          const b = valueIn(other, account.guid);
          return { account: { ...account }, amount: a, compare: b, difference: a - b };
        }),
        total: section.total,
        compare: other.total,
        difference: section.total - other.total,
      };
    }),
    bottom_line: { label, amount, compare, difference: amount - compare },
  };
}

/** Months (YYYY-MM) from `from`'s month to `to`'s, at most 24. */
export function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  let [y, m] = from.slice(0, 7).split('-').map(Number) as [number, number];
  const end = to.slice(0, 7);
  for (;;) {
    const key = `${y}-${String(m).padStart(2, '0')}`;
    if (key > end) break;
    months.push(key);
    if (months.length > 24) throw invalid('to', 'Choose at most 24 months.');
    m += 1;
    if (m > 12) {
      y += 1;
      m = 1;
    }
  }
  return months;
}

const monthEnd = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
};

/** Income and expense accounts month by month (the first and last month cut to the range). */
export async function incomeExpense(
  db: DbOrTx,
  scope: LedgerScope,
  from: string,
  to: string,
): Promise<IncomeExpense> {
  checkRange(from, to);
  const months = monthsBetween(from, to);
  const ranges = months.map((month, i): [string, string] => [
    i === 0 ? from : `${month}-01`,
    i === months.length - 1 ? to : monthEnd(month),
  ]);
  const { accounts, totals } = await booksOver(db, scope, ranges);
  const section = (family: 'income' | 'expense') => {
    const rows = accounts
      .filter((a) => a.family === family)
      .map((a) => {
        const amounts = totals.map((t) => naturalBalance(a.family, t.get(a.id) ?? 0));
        return { account: refOf(a), amounts, total: amounts.reduce((s, x) => s + x, 0) };
      })
      .filter((r) => r.amounts.some((x) => x !== 0));
    const monthTotals = months.map((_, i) => rows.reduce((s, r) => s + (r.amounts[i] ?? 0), 0));
    return { rows, totals: monthTotals, total: monthTotals.reduce((s, x) => s + x, 0) };
  };
  const income = section('income');
  const expenses = section('expense');
  const net = months.map((_, i) => (income.totals[i] ?? 0) - (expenses.totals[i] ?? 0));
  return { from, to, months, income, expenses, net, net_total: income.total - expenses.total };
}

/**
 * Expenses per property: posted lines of expense accounts that name one of the client's properties, by
 * property and account, over the range; a property with nothing booked is left out.
 */
export async function propertyExpenses(
  db: DbOrTx,
  scope: LedgerScope & { clientId: number },
  from: string | null,
  to: string,
  propertyGuid: string | null,
): Promise<PropertyExpenses> {
  checkRange(from, to);
  const entityIds = 'entityIds' in scope ? scope.entityIds : [scope.entityId];
  const props = await db
    .select({
      id: propertyRows.id,
      guid: propertyRows.guid,
      name: propertyRows.name,
      kind: propertyRows.kind,
    })
    .from(propertyRows)
    .where(eq(propertyRows.clientId, scope.clientId))
    .orderBy(asc(propertyRows.name));
  const wanted = props.filter((p) => propertyGuid === null || p.guid === propertyGuid);
  if (propertyGuid !== null && wanted.length === 0)
    throw invalid('property', 'Choose a property of this client.');
  if (entityIds.length === 0 || wanted.length === 0) return { from, to, properties: [], total: 0 };
  const sums = await db
    .select({
      propertyId: journalLines.propertyId,
      accountId: journalLines.accountId,
      amount: sql<string>`sum(${journalLines.amount})`,
    })
    .from(journalLines)
    .innerJoin(journalEntries, eq(journalEntries.id, journalLines.entryId))
    .innerJoin(bookAccounts, eq(bookAccounts.id, journalLines.accountId))
    .where(
      and(
        inArray(journalEntries.entityId, entityIds),
        eq(journalEntries.status, 'posted'),
        between(journalEntries.entryDate, from ?? BEGINNING, to),
        isNotNull(journalLines.propertyId),
        inArray(
          journalLines.propertyId,
          wanted.map((p) => p.id),
        ),
        eq(bookAccounts.family, 'expense'),
      ),
    )
    .groupBy(journalLines.propertyId, journalLines.accountId);
  const accounts = await db
    .select()
    .from(bookAccounts)
    .where(inArray(bookAccounts.id, [...new Set(sums.map((s) => s.accountId)), 0]));
  const accountOf = new Map(accounts.map((a) => [a.id, a]));
  const properties = wanted
    .map((p) => {
      const rows = sums
        .filter((s) => s.propertyId === p.id && Number(s.amount) !== 0)
        .map((s) => ({ account: accountOf.get(s.accountId) as Account, amount: Number(s.amount) }))
        .sort(
          (a, b) =>
            (a.account.number ?? '\uffff').localeCompare(b.account.number ?? '\uffff') ||
            a.account.name.localeCompare(b.account.name),
        )
        .map((r) => ({ account: refOf(r.account), amount: r.amount }));
      return {
        property: { guid: p.guid, name: p.name, kind: p.kind },
        rows,
        total: rows.reduce((s, r) => s + r.amount, 0),
      };
    })
    .filter((p) => p.rows.length > 0);
  return { from, to, properties, total: properties.reduce((s, p) => s + p.total, 0) };
}
