import type { MatchCandidate } from '@bp/contracts';
import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { billList } from '../bill-core/index.ts';
import { vendorList } from '../entities/index.ts';
import { type BillFacts, decide, type LineFacts, scoreCandidate } from './scoring.ts';
import { bankMatches } from './tables.ts';

export interface PaidBill extends BillFacts {
  id: number;
  guid: string;
  institutionId: number;
}

export interface MatchableLine extends LineFacts {
  id: number;
  clientInstitutionId: number | null;
}

/**
 * The client's paid bills not matched yet, paid from one of these accounts (and of these amounts, when
 * given), indexed by account and amount: a line's candidates are one map look-up away.
 */
export async function unmatchedPaidBills(
  db: DbOrTx,
  clientId: number,
  institutionIds: number[],
  amounts?: number[],
): Promise<Map<string, PaidBill[]>> {
  const index = new Map<string, PaidBill[]>();
  if (institutionIds.length === 0 || (amounts && amounts.length === 0)) return index;
  const rows = await db
    .select({
      id: billList.id,
      guid: billList.guid,
      amount: billList.amount,
      paidDate: billList.paidDate,
      paymentReference: billList.paymentReference,
      institutionId: billList.paidFromInstitutionId,
      payee: vendorList.name,
    })
    .from(billList)
    .innerJoin(vendorList, eq(vendorList.id, billList.vendorId))
    .leftJoin(bankMatches, and(eq(bankMatches.billId, billList.id), isNull(bankMatches.undoneAt)))
    .where(
      and(
        eq(billList.clientId, clientId),
        eq(billList.status, 'paid'),
        isNotNull(billList.paidDate),
        inArray(billList.paidFromInstitutionId, institutionIds),
        amounts ? inArray(billList.amount, amounts) : undefined,
        isNull(bankMatches.id),
      ),
    );
  for (const row of rows) {
    const bill: PaidBill = {
      id: row.id,
      guid: row.guid,
      amount: Number(row.amount),
      paidDate: row.paidDate === null ? null : String(row.paidDate),
      paymentReference: row.paymentReference,
      institutionId: row.institutionId as number,
      payee: row.payee,
    };
    const key = `${bill.institutionId}:${bill.amount}`;
    const list = index.get(key) ?? [];
    list.push(bill);
    index.set(key, list);
  }
  return index;
}

export type ScoredBill = PaidBill & { score: number; reasons: string[] };

/** A line's candidates, best first, and the one to apply by itself if any. */
export function candidatesOf(line: MatchableLine, bills: Map<string, PaidBill[]>) {
  const pool =
    line.clientInstitutionId === null ? [] : (bills.get(`${line.clientInstitutionId}:${line.amount}`) ?? []);
  const scored: ScoredBill[] = pool.flatMap((bill) => {
    const s = scoreCandidate(line, bill);
    return s ? [{ ...bill, ...s }] : [];
  });
  return decide(scored);
}

export const presentCandidate = (bill: ScoredBill): MatchCandidate => ({
  bill_guid: bill.guid,
  payee: bill.payee,
  amount: bill.amount,
  paid_date: bill.paidDate,
  payment_reference: bill.paymentReference,
  score: bill.score,
  reasons: bill.reasons,
});
