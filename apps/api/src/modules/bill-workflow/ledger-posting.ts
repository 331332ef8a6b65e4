import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { type BillRow, billLineList } from '../bill-core/index.ts';
import { type BillPosting, postBillEvent } from '../books/index.ts';

/**
 * Hands a money-moving transition to the books (issue 17, decision 030) in the transition's transaction:
 * books posts it when the client's ledger posting is on, exactly once per event.
 */
export async function postToBooks(
  tx: DbOrTx,
  bill: BillRow,
  event: BillPosting['event'],
  context: { now: Date; caller: { userId: number } },
  date: string,
): Promise<void> {
  const lines =
    event === 'approved'
      ? await tx
          .select({
            chartAccountId: billLineList.accountId,
            amount: billLineList.amount,
            divisionId: billLineList.divisionId,
          })
          .from(billLineList)
          .where(eq(billLineList.billId, bill.id))
          .orderBy(asc(billLineList.position))
      : [];
  await postBillEvent(tx, {
    event,
    clientId: bill.clientId,
    entityId: bill.entityId,
    billGuid: bill.guid,
    round: bill.round,
    date,
    memo: `Bill ${bill.invoiceNumber ?? bill.guid.slice(0, 8)}`,
    amount: bill.amount,
    lines,
    userId: context.caller.userId,
    now: context.now,
  });
}
