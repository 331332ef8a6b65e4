import { and, desc, eq, inArray, isNull, like } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../platform/db.ts';
import { accountList } from '../entities/index.ts';
import { type EntryRow, insertEntry, insertReversal } from './entries.ts';
import { ledgerPostingOn } from './settings.ts';
import { bookAccounts, journalEntries } from './tables.ts';

/**
 * A bill's transition that moves money in the books (issue 17, the ledger-posting feature), as
 * bill-workflow hands it over inside the transition's own transaction (DESIGN §2: the module that made
 * the change calls books, never a hidden subscriber):
 * - `approved`: the bill reached payment_pending; debit each line's expense, credit accounts payable;
 * - `paid`: debit accounts payable, credit bill-pay cash;
 * - `payment_reversed`: the reversal of the bill's latest payment entry.
 */
export interface BillPosting {
  event: 'approved' | 'paid' | 'payment_reversed';
  clientId: number;
  entityId: number;
  billGuid: string;
  /** Bills are re-planned on an edit (a new round): each round's approval posts once. */
  round: number;
  date: string;
  memo: string;
  amount: number;
  /** The bill's lines: their chart account (entities' accounts), cents and division. */
  lines: { chartAccountId: number; amount: number; divisionId: number | null }[];
  userId: number | null;
  now: Date;
}

type SystemRole = 'accounts_payable' | 'bill_pay_cash' | 'uncategorized_expense';
const SYSTEM_ACCOUNTS: Record<
  SystemRole,
  { name: string; family: 'asset' | 'liability' | 'expense'; subtype: string; detail: string | null }
> = {
  accounts_payable: {
    name: 'Accounts Payable (A/P)',
    family: 'liability',
    subtype: 'accounts_payable',
    detail: 'accounts_payable',
  },
  bill_pay_cash: { name: 'Bill Pay Cash', family: 'asset', subtype: 'bank', detail: 'checking' },
  uncategorized_expense: {
    name: 'Uncategorized Expense',
    family: 'expense',
    subtype: 'expense',
    detail: null,
  },
};

/** The entity's account of a system role, made on first use (one per entity: a unique index). */
export async function systemAccount(tx: DbOrTx, entityId: number, role: SystemRole): Promise<number> {
  const spec = SYSTEM_ACCOUNTS[role];
  await tx
    .insert(bookAccounts)
    .values({
      entityId,
      name: spec.name,
      family: spec.family,
      subtypeCode: spec.subtype,
      detailTypeCode: spec.detail,
      systemRole: role,
    })
    .onConflictDoNothing();
  const [row] = await tx
    .select({ id: bookAccounts.id })
    .from(bookAccounts)
    .where(and(eq(bookAccounts.entityId, entityId), eq(bookAccounts.systemRole, role)));
  if (!row) throw new Error(`no ${role} account`);
  return row.id;
}

/** The ledger accounts booking these chart accounts, made (as expenses) on first use. */
async function expenseAccounts(
  tx: DbOrTx,
  entityId: number,
  chartIds: number[],
): Promise<Map<number, number>> {
  const wanted = [...new Set(chartIds)];
  if (wanted.length === 0) return new Map();
  const charts = await tx
    .select({ id: accountList.id, name: accountList.name, number: accountList.number })
    .from(accountList)
    .where(and(eq(accountList.entityId, entityId), inArray(accountList.id, wanted)));
  if (charts.length > 0) {
    await tx
      .insert(bookAccounts)
      .values(
        charts.map((c) => ({
          entityId,
          name: c.name,
          family: 'expense' as const,
          subtypeCode: 'expense',
          chartAccountId: c.id,
        })),
      )
      .onConflictDoNothing();
  }
  const rows = await tx
    .select({ id: bookAccounts.id, chart: bookAccounts.chartAccountId })
    .from(bookAccounts)
    .where(and(eq(bookAccounts.entityId, entityId), inArray(bookAccounts.chartAccountId, wanted)));
  return new Map(rows.flatMap((r) => (r.chart === null ? [] : [[r.chart, r.id] as const])));
}

/** The bill's latest payment entry that no reversal points at yet. */
export async function latestUnreversedPayment(tx: DbOrTx, billGuid: string): Promise<EntryRow | null> {
  const reversal = alias(journalEntries, 'reversal');
  const [row] = await tx
    .select({ entry: journalEntries })
    .from(journalEntries)
    .leftJoin(reversal, eq(reversal.reversalOf, journalEntries.id))
    .where(
      and(
        eq(journalEntries.source, 'bill'),
        like(journalEntries.sourceId, `${billGuid}:%`),
        eq(journalEntries.kind, 'bill_paid'),
        isNull(reversal.id),
      ),
    )
    .orderBy(desc(journalEntries.id))
    .limit(1);
  return row?.entry ?? null;
}

/** How many payment entries the bill's round has had (each payment after a reversal is a new one). */
async function paymentCount(tx: DbOrTx, billGuid: string, round: number): Promise<number> {
  const rows = await tx
    .select({ id: journalEntries.id })
    .from(journalEntries)
    .where(
      and(
        eq(journalEntries.source, 'bill'),
        like(journalEntries.sourceId, `${billGuid}:${round}:%`),
        eq(journalEntries.kind, 'bill_paid'),
      ),
    );
  return rows.length;
}

/**
 * Posts a bill's transition when the client's ledger posting is on; does nothing otherwise. Runs in the
 * transition's transaction, which holds the bill's row lock; the unique key (source, source_id, kind)
 * still refuses a second posting of the same event should two transactions ever get here.
 */
export async function postBillEvent(tx: DbOrTx, posting: BillPosting): Promise<void> {
  if (!(await ledgerPostingOn(tx, posting.clientId))) return;
  const base = {
    entityId: posting.entityId,
    date: posting.date,
    source: 'bill' as const,
    status: 'posted' as const,
    createdBy: posting.userId,
    now: posting.now,
  };
  if (posting.event === 'approved') {
    const ap = await systemAccount(tx, posting.entityId, 'accounts_payable');
    const expenses = await expenseAccounts(
      tx,
      posting.entityId,
      posting.lines.map((l) => l.chartAccountId),
    );
    const debits = posting.lines.filter((l) => l.amount !== 0);
    const lines = [];
    for (const l of debits) {
      const accountId =
        expenses.get(l.chartAccountId) ??
        (await systemAccount(tx, posting.entityId, 'uncategorized_expense'));
      lines.push({ accountId, amount: l.amount, divisionId: l.divisionId, memo: null });
    }
    const total = lines.reduce((s, l) => s + l.amount, 0);
    // A bill without lines (or whose lines do not add up to it) books the difference uncategorised.
    if (total !== posting.amount) {
      const uncategorised = await systemAccount(tx, posting.entityId, 'uncategorized_expense');
      lines.push({ accountId: uncategorised, amount: posting.amount - total, divisionId: null, memo: null });
    }
    lines.push({ accountId: ap, amount: -posting.amount, divisionId: null, memo: null });
    await insertEntry(tx, {
      ...base,
      memo: posting.memo,
      sourceId: `${posting.billGuid}:${posting.round}`,
      kind: 'bill_approved',
      lines: lines.filter((l) => l.amount !== 0),
    });
    return;
  }
  if (posting.event === 'paid') {
    const [ap, cash] = [
      await systemAccount(tx, posting.entityId, 'accounts_payable'),
      await systemAccount(tx, posting.entityId, 'bill_pay_cash'),
    ];
    const n = await paymentCount(tx, posting.billGuid, posting.round);
    await insertEntry(tx, {
      ...base,
      memo: posting.memo,
      sourceId: `${posting.billGuid}:${posting.round}:${n + 1}`,
      kind: 'bill_paid',
      lines: [
        { accountId: ap, amount: posting.amount, divisionId: null, memo: null },
        { accountId: cash, amount: -posting.amount, divisionId: null, memo: null },
      ],
    });
    return;
  }
  const paid = await latestUnreversedPayment(tx, posting.billGuid);
  // Ledger posting was off when the bill was paid: there is nothing to reverse.
  if (!paid) return;
  await insertReversal(tx, paid, {
    date: posting.date,
    memo: posting.memo,
    createdBy: posting.userId,
    now: posting.now,
  });
}
