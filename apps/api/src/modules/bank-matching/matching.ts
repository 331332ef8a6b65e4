import type { BankLineMatch, MatchState } from '@bp/contracts';
import { and, count, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { AuditActor } from '../../platform/audit/audit.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import type { DbOrTx } from '../../platform/db.ts';
import { bankLineRows, presentTransaction } from '../bank-feeds/index.ts';
import { billList } from '../bill-core/index.ts';
import { type ClearRequest, clearBankLine, clearBankLines } from '../books/index.ts';
import { vendorList } from '../entities/index.ts';
import { taskList } from '../tasks/index.ts';
import {
  candidatesOf,
  type MatchableLine,
  type PaidBill,
  presentCandidate,
  type ScoredBill,
  unmatchedPaidBills,
} from './candidates.ts';
import { bankDocumentRequests, bankMatches } from './tables.ts';

const hasLiveMatch = sql`exists (select 1 from ${bankMatches} where ${bankMatches.transactionId} = ${bankLineRows.id} and ${bankMatches.undoneAt} is null)`;
const hasUndoneMatch = sql`exists (select 1 from ${bankMatches} where ${bankMatches.transactionId} = ${bankLineRows.id} and ${bankMatches.undoneAt} is not null)`;
const hasRequest = sql`exists (select 1 from ${bankDocumentRequests} where ${bankDocumentRequests.transactionId} = ${bankLineRows.id})`;

/** Posted debits (money out) of the client: what paid bills can match. */
const debitsOf = (clientId: number) =>
  and(eq(bankLineRows.clientId, clientId), gt(bankLineRows.amount, 0), eq(bankLineRows.pending, false));

export const stateCondition = (clientId: number, state: MatchState) =>
  and(
    debitsOf(clientId),
    state === 'matched'
      ? hasLiveMatch
      : state === 'document_requested'
        ? and(sql`not ${hasLiveMatch}`, hasRequest)
        : and(sql`not ${hasLiveMatch}`, sql`not ${hasRequest}`),
  );

const lineColumns = {
  id: bankLineRows.id,
  guid: bankLineRows.guid,
  accountGuid: bankLineRows.accountGuid,
  accountName: bankLineRows.accountName,
  clientInstitutionId: bankLineRows.clientInstitutionId,
  bookAccountId: bankLineRows.bookAccountId,
  providerTransactionId: bankLineRows.providerTransactionId,
  entityId: bankLineRows.entityId,
  amount: bankLineRows.amount,
  date: bankLineRows.date,
  name: bankLineRows.name,
  merchantName: bankLineRows.merchantName,
  checkNumber: bankLineRows.checkNumber,
  pending: bankLineRows.pending,
};

type LineRow = {
  id: number;
  guid: string;
  accountGuid: string;
  accountName: string;
  clientInstitutionId: number | null;
  bookAccountId: number | null;
  providerTransactionId: string;
  entityId: number;
  amount: number;
  date: string;
  name: string;
  merchantName: string | null;
  checkNumber: string | null;
  pending: boolean;
};

const toMatchable = (row: LineRow): MatchableLine => ({ ...row, amount: Number(row.amount) });

/**
 * Matches every posted debit of the client that waits (no live match, never undone, no document asked)
 * against its paid bills; applies the confident ones (scoring.ts) in one transaction with one audit
 * record. Each bill is matched to one line at most: a bill claimed by an earlier line of the run is
 * gone from the pool.
 */
export async function runMatching(
  db: DbOrTx,
  clientId: number,
  organizationId: number,
  actor: AuditActor,
  now: Date,
) {
  const lines = (await db
    .select(lineColumns)
    .from(bankLineRows)
    .where(and(stateCondition(clientId, 'to_match'), sql`not ${hasUndoneMatch}`))
    .orderBy(bankLineRows.date, bankLineRows.id)) as LineRow[];
  const institutions = [
    ...new Set(lines.flatMap((l) => (l.clientInstitutionId === null ? [] : [l.clientInstitutionId]))),
  ];
  const bills = await unmatchedPaidBills(db, clientId, institutions);
  const claimed = new Set<number>();
  const applied: { line: LineRow; bill: ScoredBill }[] = [];
  for (const line of lines) {
    const { auto } = candidatesOf(toMatchable(line), withoutClaimed(bills, claimed));
    if (!auto) continue;
    claimed.add(auto.id);
    applied.push({ line, bill: auto });
  }
  if (applied.length > 0) {
    await db.transaction(async (tx) => {
      // One statement for the whole run: the ids go as three array parameters (numbers only).
      const list = (pick: (m: (typeof applied)[number]) => number) => `{${applied.map(pick).join(',')}}`;
      await tx.execute(sql`insert into ${bankMatches} (client_id, transaction_id, bill_id, score, method)
        select ${clientId}, u.t, u.b, u.s, 'auto'
        from unnest(${list((m) => m.line.id)}::bigint[], ${list((m) => m.bill.id)}::bigint[],
                    ${list((m) => m.bill.score)}::int[]) as u(t, b, s)
        on conflict do nothing`);
      // Each matched line is cleared in the books: its clearing entry instead of an expense (decision 037),
      // all of the run's at once.
      await clearBankLines(
        tx,
        applied.flatMap(({ line, bill }) =>
          line.bookAccountId === null ? [] : [clearRequest(line, bill.guid, bill.payee)],
        ),
        { userId: actor.actorUserId, now, today: now.toISOString().slice(0, 10) },
      );
      await recordAudit(tx, actor, {
        action: 'bank_lines_matched',
        objectType: 'client',
        organizationId,
        clientId,
        changes: { matched: { before: null, after: applied.length } },
      });
    });
  }
  return { applied: applied.length, to_match: lines.length - applied.length };
}

/** What the books need to clear a matched line that landed in a books account (decision 037). */
function clearRequest(
  line: Pick<LineRow, 'entityId' | 'bookAccountId' | 'providerTransactionId'>,
  billGuid: string,
  payee: string,
): ClearRequest {
  return {
    entityId: line.entityId,
    bookAccountId: line.bookAccountId as number,
    externalId: line.providerTransactionId,
    billGuid,
    memo: `Cleared: bill paid to ${payee}`.slice(0, 500),
  };
}

/** A matched line cleared in its books account, when it landed in one (decision 037). */
export async function clearInBooks(
  tx: DbOrTx,
  line: Pick<LineRow, 'entityId' | 'bookAccountId' | 'providerTransactionId'>,
  billGuid: string,
  payee: string,
  userId: number | null,
  now: Date,
) {
  if (line.bookAccountId === null) return 'not_in_books' as const;
  return clearBankLine(tx, {
    ...clearRequest(line, billGuid, payee),
    userId,
    now,
    today: now.toISOString().slice(0, 10),
  });
}

/** The pool without the bills claimed earlier in a run (the claimed set stays small next to the pool). */
function withoutClaimed(bills: Map<string, PaidBill[]>, claimed: Set<number>): Map<string, PaidBill[]> {
  if (claimed.size === 0) return bills;
  return {
    get: (key: string) => bills.get(key)?.filter((b) => !claimed.has(b.id)),
  } as Map<string, PaidBill[]>;
}

/** Lines in one state, newest first, each with its live match or its candidates. */
export async function listLines(
  db: DbOrTx,
  clientId: number,
  query: { state: MatchState; page: number; page_size: number },
): Promise<{ count: number; results: BankLineMatch[] }> {
  const where = stateCondition(clientId, query.state);
  const [total] = await db.select({ n: count() }).from(bankLineRows).where(where);
  const rows = (await db
    .select(lineColumns)
    .from(bankLineRows)
    .where(where)
    .orderBy(desc(bankLineRows.date), desc(bankLineRows.id))
    .limit(query.page_size)
    .offset((query.page - 1) * query.page_size)) as LineRow[];
  return { count: total?.n ?? 0, results: await presentLines(db, clientId, rows) };
}

export async function presentLines(db: DbOrTx, clientId: number, rows: LineRow[]): Promise<BankLineMatch[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const matches = await db
    .select({
      transactionId: bankMatches.transactionId,
      score: bankMatches.score,
      method: bankMatches.method,
      createdAt: bankMatches.createdAt,
      billGuid: billList.guid,
      amount: billList.amount,
      paidDate: billList.paidDate,
      paymentReference: billList.paymentReference,
      payee: vendorList.name,
    })
    .from(bankMatches)
    .innerJoin(billList, eq(billList.id, bankMatches.billId))
    .innerJoin(vendorList, eq(vendorList.id, billList.vendorId))
    .where(and(sql`${bankMatches.transactionId} in ${ids}`, isNull(bankMatches.undoneAt)));
  const requests = await db
    .select({ transactionId: bankDocumentRequests.transactionId, taskId: bankDocumentRequests.taskId })
    .from(bankDocumentRequests)
    .where(sql`${bankDocumentRequests.transactionId} in ${ids}`);
  const taskGuids = await taskGuidsOf(
    db,
    requests.flatMap((r) => (r.taskId === null ? [] : [r.taskId])),
  );
  const waiting = rows.filter((r) => !matches.some((m) => m.transactionId === r.id));
  const bills = await unmatchedPaidBills(
    db,
    clientId,
    [...new Set(waiting.flatMap((r) => (r.clientInstitutionId === null ? [] : [r.clientInstitutionId])))],
    [...new Set(waiting.map((r) => Number(r.amount)))],
  );
  return rows.map((row) => {
    const match = matches.find((m) => m.transactionId === row.id);
    const request = requests.find((r) => r.transactionId === row.id);
    return {
      transaction: presentTransaction(row),
      account_name: row.accountName,
      state: match ? 'matched' : request ? 'document_requested' : 'to_match',
      match: match
        ? {
            bill_guid: match.billGuid,
            payee: match.payee,
            amount: Number(match.amount),
            paid_date: match.paidDate === null ? null : String(match.paidDate),
            payment_reference: match.paymentReference,
            score: match.score,
            reasons: [],
            method: match.method,
            matched_on: new Date(match.createdAt).toISOString(),
          }
        : null,
      candidates: match ? [] : candidatesOf(toMatchable(row), bills).ranked.slice(0, 5).map(presentCandidate),
      task_guid: request?.taskId ? (taskGuids.get(request.taskId) ?? null) : null,
    };
  });
}

/** Tasks' guids by id, through tasks' query piece. */
async function taskGuidsOf(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return new Map<number, string>();
  const rows = await db
    .select({ id: taskList.id, guid: taskList.guid })
    .from(taskList)
    .where(sql`${taskList.id} in ${ids}`);
  return new Map(rows.map((r) => [r.id, r.guid]));
}

/** One line of the client (any state), or undefined. */
export async function lineOf(db: DbOrTx, clientId: number, guid: string): Promise<LineRow | undefined> {
  const [row] = (await db
    .select(lineColumns)
    .from(bankLineRows)
    .where(and(eq(bankLineRows.clientId, clientId), eq(bankLineRows.guid, guid)))) as LineRow[];
  return row;
}

/** Posted debits of the entity, dated in the period, older than `before`, with no live match. */
export async function unmatchedDebits(
  db: DbOrTx,
  entityId: number,
  period: { start: string; end: string },
  before: string,
) {
  const rows = (await db
    .select(lineColumns)
    .from(bankLineRows)
    .where(
      and(
        eq(bankLineRows.entityId, entityId),
        gt(bankLineRows.amount, 0),
        eq(bankLineRows.pending, false),
        sql`${bankLineRows.date} between ${period.start} and ${period.end}`,
        lt(bankLineRows.date, before),
        sql`not ${hasLiveMatch}`,
      ),
    )
    .orderBy(bankLineRows.date, bankLineRows.id)) as LineRow[];
  return rows.map(presentTransaction);
}
