import type { FeederAction } from '@bp/contracts';
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import { ZodError } from 'zod';
import type { AuditActor } from '../../platform/audit/audit.ts';
import type { DbOrTx } from '../../platform/db.ts';
import { ValidationError } from '../../platform/domain-errors.ts';
import { reverseLineEntry } from './bank-lines.ts';
import { latestUnreversedPayment, systemAccount } from './bill-posting.ts';
import { resolveAction } from './categorize.ts';
import { insertEntry, isPeriodClosed } from './entries.ts';
import { applyRulesIn } from './feeder-apply.ts';
import { bankAccountIdOf, filtersOf, rulesToApply } from './feeder-rules.ts';
import { bookBankLines, journalLines } from './tables.ts';

/** A fed line of a books account by the bank's id, locked. */
async function lockFedLine(tx: DbOrTx, bookAccountId: number, externalId: string) {
  const [line] = await tx
    .select()
    .from(bookBankLines)
    .where(and(eq(bookBankLines.accountId, bookAccountId), eq(bookBankLines.externalId, externalId)))
    .for('update');
  return line ?? null;
}

export type ClearOutcome =
  | 'cleared'
  | 'already_cleared'
  | 'not_in_books'
  | 'pending'
  | 'period_closed'
  | 'transfer';

/**
 * A bank line matched to the paid bill it paid (issue 19, decision 037): marked cleared, and its clearing
 * entry posted instead of an expense. The bill's payment already booked A/P against Bill Pay Cash (the
 * ledger posting of `paid`), so the bank line takes the money out of the bank against the account that
 * payment credited; without a payment entry (ledger posting off when it was paid) against accounts
 * payable. A rule's or a user's earlier categorisation of the line is reversed first, so the expense is
 * never booked twice. In the caller's transaction; a line the books cannot clear is answered, not thrown.
 */
export async function clearBankLine(
  tx: DbOrTx,
  input: {
    entityId: number;
    bookAccountId: number;
    externalId: string;
    billGuid: string;
    memo: string;
    userId: number | null;
    now: Date;
    today: string;
  },
): Promise<ClearOutcome> {
  const line = await lockFedLine(tx, input.bookAccountId, input.externalId);
  if (!line || line.entityId !== input.entityId) return 'not_in_books';
  if (line.pending) return 'pending';
  if (line.categorizedBy === 'match') return 'already_cleared';
  if (
    line.categorizedBy === 'transfer_match' ||
    (line.action as { type?: string } | null)?.type === 'transfer'
  )
    return 'transfer';
  if (await isPeriodClosed(tx, line.entityId, line.lineDate)) return 'period_closed';
  if (line.entryId !== null)
    await reverseLineEntry(tx, line.entryId, { now: input.now, today: input.today, userId: input.userId });
  const payment = await latestUnreversedPayment(tx, input.billGuid);
  let target: number;
  const credited = payment
    ? await tx
        .select({ accountId: journalLines.accountId, amount: journalLines.amount })
        .from(journalLines)
        .where(eq(journalLines.entryId, payment.id))
    : [];
  const cash = credited.find((l) => l.amount < 0);
  if (cash) target = cash.accountId;
  else target = await systemAccount(tx, line.entityId, 'accounts_payable');
  const n = line.categorizations + 1;
  const entry = await insertEntry(tx, {
    entityId: line.entityId,
    date: line.lineDate,
    memo: input.memo,
    source: 'bank_match',
    sourceId: `bank-line:${line.guid}:${n}`,
    kind: 'bank_line',
    status: 'posted',
    createdBy: input.userId,
    now: input.now,
    lines: [
      { accountId: line.accountId, amount: line.amount, divisionId: null, memo: null },
      { accountId: target, amount: -line.amount, divisionId: null, memo: null },
    ],
  });
  await tx
    .update(bookBankLines)
    .set({
      categorizedBy: 'match',
      ruleId: null,
      batchId: null,
      entryId: entry.id,
      action: null,
      vendorId: null,
      categorizations: n,
      updatedAt: input.now,
    })
    .where(eq(bookBankLines.id, line.id));
  return 'cleared';
}

/** Undoing a match: the clearing entry reversed, the line back to uncategorised (nothing if it was not cleared). */
export async function unclearBankLine(
  tx: DbOrTx,
  input: { bookAccountId: number; externalId: string; userId: number | null; now: Date; today: string },
): Promise<boolean> {
  const line = await lockFedLine(tx, input.bookAccountId, input.externalId);
  if (line?.categorizedBy !== 'match' || line.entryId === null) return false;
  await reverseLineEntry(tx, line.entryId, { now: input.now, today: input.today, userId: input.userId });
  return true;
}

/**
 * Feeder rules on arrival (the bank feed's LinesArrived port, wired by app.ts): the entity's active rules
 * run over the lines that just arrived posted, as one batch like any application (undoable). A rule that
 * no longer resolves (an account made inactive since) is left out, so the lines it would take wait for
 * the person rather than failing the bank's sync. (Not a savepoint: the ledger's trigger accepts lines
 * only from the transaction that wrote their entry, and a savepoint is a transaction of its own.)
 */
export async function applyRulesToArrivedLines(
  tx: DbOrTx,
  input: {
    clientId: number;
    organizationId: number;
    entityId: number;
    lineIds: number[];
    actor: AuditActor;
    now: Date;
  },
): Promise<number> {
  if (input.lineIds.length === 0) return 0;
  const scope = {
    clientId: input.clientId,
    organizationId: input.organizationId,
    userId: null,
    actor: input.actor,
    entityId: input.entityId,
  };
  const rules = [];
  for (const rule of await rulesToApply(tx, scope, undefined)) {
    try {
      await bankAccountIdOf(tx, scope.entityId, filtersOf(rule));
      await resolveAction(tx, scope, rule.action as FeederAction);
      rules.push(rule);
    } catch (error) {
      if (!(error instanceof ValidationError) && !(error instanceof ZodError)) throw error;
    }
  }
  if (rules.length === 0) return 0;
  let categorized = 0;
  for (let i = 0; i < input.lineIds.length; i += 5000) {
    const only: SQL = inArray(bookBankLines.id, input.lineIds.slice(i, i + 5000));
    const done = await applyRulesIn(tx, scope, rules, { only }, { now: input.now, singleRule: null });
    categorized += done.categorized;
  }
  return categorized;
}

/** The bank feed's LinesArrived port as books answers it (app.ts and server.ts wire it; decision 037). */
export async function linesArrivedInBooks(
  tx: DbOrTx,
  arrival: { clientId: number; organizationId: number; entityId: number; lineIds: number[]; now: Date },
): Promise<number> {
  return applyRulesToArrivedLines(tx, {
    ...arrival,
    // The bank's sync runs for nobody in particular (a webhook, the schedule, or whoever pressed sync).
    actor: { actorUserId: null, maskedByUserId: null, requestId: null, ipAddress: null },
  });
}
