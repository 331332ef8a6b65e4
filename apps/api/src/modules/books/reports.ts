import type { BalanceSheet, GeneralLedger, ProfitAndLoss, TrialBalance } from '@bp/contracts';
import { ACCOUNT_FAMILY_VALUES, type AccountFamily, naturalBalance } from '@bp/domain';
import { and, asc, between, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { invalid } from '../../platform/domain-errors.ts';
import { readTogether } from '../../platform/read-together.ts';
import type { BooksScope } from './scope.ts';
import { bookAccounts, journalEntries, journalLines } from './tables.ts';
import { accountTotals, BEGINNING, dayBefore } from './totals.ts';

type Account = typeof bookAccounts.$inferSelect;
type Row = TrialBalance['rows'][number];

const familyOrder = (f: AccountFamily) => ACCOUNT_FAMILY_VALUES.indexOf(f);

/** The books a report reads: one entity's, or a client's entities combined (decision 034). */
export type LedgerScope = { entityId: number } | { entityIds: number[] };
const idsOf = (scope: LedgerScope) => ('entityIds' in scope ? scope.entityIds : [scope.entityId]);

/**
 * Accounts of the books, sorted. Combined, the accounts of several entities with the same family, number
 * and name are one row (each entity keeps "6100 Utilities"), so a client sees one line per account.
 */
export async function accountsOf(db: DbOrTx, scope: LedgerScope): Promise<Account[]> {
  const ids = idsOf(scope);
  if (ids.length === 0) return [];
  const rows = await db.select().from(bookAccounts).where(inArray(bookAccounts.entityId, ids));
  return rows.sort(
    (a, b) =>
      familyOrder(a.family) - familyOrder(b.family) ||
      (a.number ?? '\uffff').localeCompare(b.number ?? '\uffff') ||
      a.name.localeCompare(b.name),
  );
}

/** Net per account over the range, summed over the scope's entities (account ids are unique). */
export async function totalsOf(db: DbOrTx, scope: LedgerScope, from: string | null, to: string) {
  const maps = await readTogether(
    db,
    idsOf(scope).map((id) => () => accountTotals(db, id, from, to)),
  );
  return new Map(maps.flatMap((m) => [...m]));
}

/** Combined books: accounts sharing family, number and name become one (the first's row), totals summed. */
export function combine(accounts: Account[], totals: Map<number, number>[]) {
  const first = new Map<string, Account>();
  const merged = totals.map(() => new Map<number, number>());
  for (const a of accounts) {
    const key = `${a.family}|${a.number ?? ''}|${a.name.toLowerCase()}`;
    const into = first.get(key) ?? a;
    first.set(key, into);
    totals.forEach((t, i) => {
      const m = merged[i] as Map<number, number>;
      m.set(into.id, (m.get(into.id) ?? 0) + (t.get(a.id) ?? 0));
    });
  }
  return { accounts: [...first.values()], totals: merged };
}

/** Accounts and totals of the ranges, combined when the scope is several entities. */
export async function booksOver(db: DbOrTx, scope: LedgerScope, ranges: [from: string | null, to: string][]) {
  const [accounts, ...totals] = await readTogether(db, [
    () => accountsOf(db, scope),
    ...ranges.map(
      ([from, to]) =>
        () =>
          totalsOf(db, scope, from, to),
    ),
  ]);
  return 'entityIds' in scope ? combine(accounts, totals) : { accounts, totals };
}

function rowOf(account: Account, net: number): Row {
  return {
    account: {
      guid: account.guid,
      number: account.number,
      name: account.name,
      family: account.family,
      subtype: account.subtypeCode,
    },
    debit: Math.max(net, 0),
    credit: Math.max(-net, 0),
    balance: naturalBalance(account.family, net),
  };
}

export function checkRange(from: string | null, to: string) {
  if (from !== null && from > to) throw invalid('from', 'Enter a start date on or before the end date.');
}

/** Every account with a balance over the range, in debit or credit, and the column totals. */
export async function trialBalance(
  db: DbOrTx,
  scope: LedgerScope,
  from: string | null,
  to: string,
): Promise<TrialBalance> {
  checkRange(from, to);
  const {
    accounts,
    totals: [totals = new Map()],
  } = await booksOver(db, scope, [[from, to]]);
  const rows = accounts
    .filter((a) => (totals.get(a.id) ?? 0) !== 0)
    .map((a) => rowOf(a, totals.get(a.id) ?? 0));
  return {
    from,
    to,
    rows,
    total_debit: rows.reduce((s, r) => s + r.debit, 0),
    total_credit: rows.reduce((s, r) => s + r.credit, 0),
  };
}

function sectionOf(accounts: Account[], totals: Map<number, number>, families: AccountFamily[]) {
  const rows = accounts
    .filter((a) => families.includes(a.family) && (totals.get(a.id) ?? 0) !== 0)
    .map((a) => rowOf(a, totals.get(a.id) ?? 0));
  return { rows, total: rows.reduce((s, r) => s + r.balance, 0) };
}

/** Net income (income less expenses, as a positive figure when earned) of the totals. */
function netIncome(accounts: Account[], totals: Map<number, number>): number {
  return -accounts
    .filter((a) => a.family === 'income' || a.family === 'expense')
    .reduce((s, a) => s + (totals.get(a.id) ?? 0), 0);
}

/**
 * Assets = liabilities + equity as of `to`. Equity includes the net income of `to`'s calendar year
 * (current earnings) and of the years before (retained earnings), so the sheet balances without a
 * year-end closing entry.
 */
export async function balanceSheet(db: DbOrTx, scope: LedgerScope, to: string): Promise<BalanceSheet> {
  const yearStart = `${to.slice(0, 4)}-01-01`;
  const {
    accounts,
    totals: [all = new Map(), year = new Map()],
  } = await booksOver(db, scope, [
    [null, to],
    [yearStart, to],
  ]);
  const assets = sectionOf(accounts, all, ['asset']);
  const liabilities = sectionOf(accounts, all, ['liability']);
  const equity = sectionOf(accounts, all, ['equity']);
  const currentEarnings = netIncome(accounts, year);
  const retainedEarnings = netIncome(accounts, all) - currentEarnings;
  return {
    to,
    assets,
    liabilities,
    equity,
    current_earnings: currentEarnings,
    retained_earnings: retainedEarnings,
    total_liabilities_and_equity: liabilities.total + equity.total + currentEarnings + retainedEarnings,
  };
}

export async function profitAndLoss(
  db: DbOrTx,
  scope: LedgerScope,
  from: string | null,
  to: string,
): Promise<ProfitAndLoss> {
  checkRange(from, to);
  const {
    accounts,
    totals: [totals = new Map()],
  } = await booksOver(db, scope, [[from, to]]);
  const income = sectionOf(accounts, totals, ['income']);
  const expenses = sectionOf(accounts, totals, ['expense']);
  return { from, to, income, expenses, net_income: income.total - expenses.total };
}

/** Most lines a general ledger answers at once; narrow the range or pick an account beyond it. */
export const GENERAL_LEDGER_MAX_LINES = 5000;

/**
 * Per account: the opening balance (from period balances), every posted line of the range naming its
 * entry (the drill-down), running and closing balances on the account's normal side.
 */
export async function generalLedger(
  db: DbOrTx,
  scope: BooksScope,
  from: string | null,
  to: string,
  accountGuid: string | null,
): Promise<GeneralLedger> {
  checkRange(from, to);
  const start = from ?? BEGINNING;
  const accounts = (await accountsOf(db, scope)).filter(
    (a) => accountGuid === null || a.guid === accountGuid,
  );
  if (accountGuid !== null && accounts.length === 0)
    throw invalid('account', 'Choose an account of this entity.');
  const ids = accounts.map((a) => a.id);
  const [opening, lines] = await readTogether(db, [
    () => accountTotals(db, scope.entityId, null, dayBefore(start)),
    () =>
      ids.length === 0
        ? Promise.resolve([])
        : db
            .select({
              accountId: journalLines.accountId,
              amount: journalLines.amount,
              entry: journalEntries.guid,
              date: journalEntries.entryDate,
              memo: journalEntries.memo,
              source: journalEntries.source,
            })
            .from(journalLines)
            .innerJoin(journalEntries, eq(journalEntries.id, journalLines.entryId))
            .where(
              and(
                eq(journalEntries.entityId, scope.entityId),
                eq(journalEntries.status, 'posted'),
                between(journalEntries.entryDate, start, to),
                inArray(journalLines.accountId, ids),
              ),
            )
            .orderBy(asc(journalEntries.entryDate), asc(journalEntries.id), asc(journalLines.lineNo))
            .limit(GENERAL_LEDGER_MAX_LINES + 1),
  ]);
  if (lines.length > GENERAL_LEDGER_MAX_LINES)
    throw invalid(
      'to',
      `More than ${GENERAL_LEDGER_MAX_LINES} lines: choose a shorter range or one account.`,
    );
  const result: GeneralLedger['accounts'] = [];
  for (const account of accounts) {
    const own = lines.filter((l) => l.accountId === account.id);
    const openingNet = opening.get(account.id) ?? 0;
    if (own.length === 0 && openingNet === 0) continue;
    let running = naturalBalance(account.family, openingNet);
    result.push({
      account: { guid: account.guid, number: account.number, name: account.name, family: account.family },
      opening: running,
      lines: own.map((l) => {
        running += naturalBalance(account.family, l.amount);
        return {
          entry: l.entry,
          date: l.date,
          memo: l.memo,
          source: l.source,
          debit: Math.max(l.amount, 0),
          credit: Math.max(-l.amount, 0),
          running,
        };
      }),
      closing: running,
    });
  }
  return { from, to, accounts: result };
}
