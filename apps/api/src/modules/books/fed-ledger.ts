import type { FeederAction } from '@bp/contracts';
import { monthOf } from '@bp/domain';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { ZodError } from 'zod';
import type { AuditActor } from '../../platform/audit/audit.ts';
import type { DbOrTx } from '../../platform/db.ts';
import { ValidationError } from '../../platform/domain-errors.ts';
import { reverseLineEntry } from './bank-lines.ts';
import { systemAccount } from './bill-posting.ts';
import { resolveAction } from './categorize.ts';
import { type EntryRow, insertEntries, isPeriodClosed } from './entries.ts';
import { applyRulesIn } from './feeder-apply.ts';
import { bankAccountIdOf, filtersOf, rulesToApply } from './feeder-rules.ts';
import { bookBankLines, journalEntries, journalLines } from './tables.ts';

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

/** One bank line to clear against the paid bill it paid. */
export interface ClearRequest {
  entityId: number;
  bookAccountId: number;
  externalId: string;
  billGuid: string;
  memo: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Ids per statement where lines or bills are read by a list of them. */
const CHUNK = 5000;

/**
 * The account each bill's latest payment entry (not reversed) credited, by bill guid: what a bank line
 * paying that bill clears against. One statement for the whole list (a join on the guid part of the
 * entries' source id, within the entities named).
 */
async function paymentCashAccounts(
  tx: DbOrTx,
  entityIds: number[],
  billGuids: string[],
): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  const guids = [...new Set(billGuids)].filter((g) => UUID.test(g));
  for (let i = 0; i < guids.length; i += CHUNK) {
    // Guids (checked above) and ids are safe inside an array literal.
    const list = `{${guids.slice(i, i + CHUNK).join(',')}}`;
    const result = await tx.execute(sql`
      select distinct on (g.guid) g.guid, l.account_id
      from unnest(${list}::text[]) as g(guid)
      join ${journalEntries} e on split_part(e.source_id, ':', 1) = g.guid
      join ${journalLines} l on l.entry_id = e.id and l.amount < 0
      where e.source = 'bill' and e.kind = 'bill_paid'
        and e.entity_id = any(${`{${entityIds.join(',')}}`}::bigint[])
        and not exists (select 1 from ${journalEntries} r where r.reversal_of = e.id)
      order by g.guid, e.id desc, l.line_no`);
    // node-postgres and PGlite both answer `{rows}`; BIGINT ids may come back as text.
    const rows = (result as unknown as { rows: { guid: string; account_id: string | number }[] }).rows;
    for (const row of rows) found.set(row.guid, Number(row.account_id));
  }
  return found;
}

/**
 * Bank lines matched to the paid bills they paid (issue 19, decision 037): each marked cleared, and its
 * clearing entry posted instead of an expense. The bill's payment already booked A/P against Bill Pay
 * Cash (the ledger posting of `paid`), so the bank line takes the money out of the bank against the
 * account that payment credited; without a payment entry (ledger posting off when it was paid) against
 * accounts payable. A rule's or a user's earlier categorisation of a line is reversed first, so the
 * expense is never booked twice. In the caller's transaction; a line the books cannot clear is answered
 * (its outcome), not thrown. Set-based: a matching run clears tens of thousands of lines in a few
 * statements per 5,000 (the lines locked in one read, the payments' accounts in one join, the entries
 * and their lines in bulk inserts, the lines marked in one update).
 */
export async function clearBankLines(
  tx: DbOrTx,
  requests: readonly ClearRequest[],
  how: { userId: number | null; now: Date; today: string },
): Promise<ClearOutcome[]> {
  const outcomes: ClearOutcome[] = requests.map(() => 'not_in_books');
  if (requests.length === 0) return outcomes;
  // The lines, locked: by account and bank id (read per account, then paired in memory).
  type Line = typeof bookBankLines.$inferSelect;
  const lines = new Map<string, Line>();
  const keyOf = (accountId: number, externalId: string) => `${accountId}\u0000${externalId}`;
  const byAccount = new Map<number, string[]>();
  for (const r of requests) {
    const ids = byAccount.get(r.bookAccountId) ?? [];
    ids.push(r.externalId);
    byAccount.set(r.bookAccountId, ids);
  }
  for (const [accountId, externalIds] of byAccount) {
    for (let i = 0; i < externalIds.length; i += CHUNK) {
      const rows = await tx
        .select()
        .from(bookBankLines)
        .where(
          and(
            eq(bookBankLines.accountId, accountId),
            inArray(bookBankLines.externalId, externalIds.slice(i, i + CHUNK)),
          ),
        )
        .orderBy(bookBankLines.id)
        .for('update');
      for (const row of rows) lines.set(keyOf(row.accountId, row.externalId), row);
    }
  }
  const closed = new Map<string, boolean>();
  const isClosed = async (entityId: number, date: string) => {
    const key = `${entityId}:${monthOf(date)}`;
    if (!closed.has(key)) closed.set(key, await isPeriodClosed(tx, entityId, date));
    return closed.get(key) as boolean;
  };
  const clearing: { index: number; line: Line; billGuid: string; memo: string }[] = [];
  const seen = new Set<number>();
  for (const [index, r] of requests.entries()) {
    const line = lines.get(keyOf(r.bookAccountId, r.externalId));
    if (!line || line.entityId !== r.entityId) continue;
    if (line.pending) outcomes[index] = 'pending';
    else if (line.categorizedBy === 'match' || seen.has(line.id)) outcomes[index] = 'already_cleared';
    else if (
      line.categorizedBy === 'transfer_match' ||
      (line.action as { type?: string } | null)?.type === 'transfer'
    )
      outcomes[index] = 'transfer';
    else if (await isClosed(line.entityId, line.lineDate)) outcomes[index] = 'period_closed';
    else {
      seen.add(line.id);
      clearing.push({ index, line, billGuid: r.billGuid, memo: r.memo });
    }
  }
  if (clearing.length === 0) return outcomes;
  // An earlier categorisation (rare in a run: matching takes lines that wait) is undone entry by entry.
  for (const c of clearing) if (c.line.entryId !== null) await reverseLineEntry(tx, c.line.entryId, how);
  const entityIds = [...new Set(clearing.map((c) => c.line.entityId))];
  const cash = await paymentCashAccounts(
    tx,
    entityIds,
    clearing.map((c) => c.billGuid),
  );
  const payable = new Map<number, number>();
  for (const c of clearing)
    if (!cash.has(c.billGuid) && !payable.has(c.line.entityId))
      payable.set(c.line.entityId, await systemAccount(tx, c.line.entityId, 'accounts_payable'));
  // The clearing's entry is the line's n-th categorisation (an undone one before it keeps its own key).
  const sourceOf = (line: Line) => `bank-line:${line.guid}:${line.categorizations + 1}`;
  const drafts = clearing.map(({ line, billGuid, memo }) => ({
    entityId: line.entityId,
    date: line.lineDate,
    memo,
    source: 'bank_match' as const,
    sourceId: sourceOf(line),
    kind: 'bank_line',
    status: 'posted' as const,
    createdBy: how.userId,
    now: how.now,
    lines: [
      { accountId: line.accountId, amount: line.amount, divisionId: null, memo: null },
      {
        accountId: cash.get(billGuid) ?? (payable.get(line.entityId) as number),
        amount: -line.amount,
        divisionId: null,
        memo: null,
      },
    ],
  }));
  const entries = await insertEntries(tx, drafts);
  for (let i = 0; i < clearing.length; i += CHUNK) {
    const slice = clearing.slice(i, i + CHUNK);
    const list = (pick: (c: (typeof clearing)[number]) => number) => `{${slice.map(pick).join(',')}}`;
    await tx.execute(sql`update ${bookBankLines} as b
      set categorized_by = 'match', rule_id = null, batch_id = null, entry_id = u.entry_id, action = null,
          vendor_id = null, categorizations = u.n, updated_at = ${how.now.toISOString()}::timestamptz
      from unnest(${list((c) => c.line.id)}::bigint[],
                  ${list((c) => (entries.get(sourceOf(c.line)) as EntryRow).id)}::bigint[],
                  ${list((c) => c.line.categorizations + 1)}::int[]) as u(id, entry_id, n)
      where b.id = u.id`);
  }
  for (const c of clearing) outcomes[c.index] = 'cleared';
  return outcomes;
}

/** One bank line matched to the paid bill it paid: `clearBankLines` of one (a match accepted by hand). */
export async function clearBankLine(
  tx: DbOrTx,
  input: ClearRequest & { userId: number | null; now: Date; today: string },
): Promise<ClearOutcome> {
  const [outcome] = await clearBankLines(tx, [input], input);
  return outcome as ClearOutcome;
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
  for (let i = 0; i < input.lineIds.length; i += CHUNK) {
    const only: SQL = inArray(bookBankLines.id, input.lineIds.slice(i, i + CHUNK));
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
