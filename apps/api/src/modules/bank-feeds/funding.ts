import type { FundingStatus } from '@bp/contracts';
import type { BillStatus } from '@bp/domain';
import { and, asc, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { billList } from '../bill-core/index.ts';

/**
 * Bills waiting for payment (decision 036): every bill on its way to being paid (in approval or payment
 * pending). Drafts, paid, rejected and sent-back bills are not money that will leave.
 */
export const WAITING_FOR_PAYMENT: BillStatus[] = [
  'client_pre_approval',
  'org_approval',
  'ofac_approval',
  'client_approval',
  'verbal_approval',
  'needs_2nd_approval',
  'poa_approval',
  'payment_pending',
];

/**
 * Funding required (pure): the waiting bills, oldest due first, against the balance less the entity's
 * minimum. Funding is required when they exceed it; the amount to move is the difference, due by the
 * first bill the account cannot cover.
 */
export function fundingOf(
  balance: number,
  minimumBalance: number,
  waiting: { amount: number; dueDate: string }[],
): FundingStatus {
  const available = balance - minimumBalance;
  let total = 0;
  let fundBy: string | null = null;
  for (const bill of [...waiting].sort((a, b) => a.dueDate.localeCompare(b.dueDate))) {
    total += bill.amount;
    if (fundBy === null && total > available) fundBy = bill.dueDate;
  }
  const required = total > available;
  return {
    waiting_total: total,
    waiting_count: waiting.length,
    minimum_balance: minimumBalance,
    available,
    funding_required: required,
    amount_to_move: required ? total - available : 0,
    fund_by: fundBy,
  };
}

/** The waiting bills of these entities: amount and due date, per entity. */
export async function waitingBillsOf(db: DbOrTx, entityIds: number[]) {
  const byEntity = new Map<number, { amount: number; dueDate: string }[]>();
  if (entityIds.length === 0) return byEntity;
  const rows = await db
    .select({ entityId: billList.entityId, amount: billList.amount, dueDate: billList.dueDate })
    .from(billList)
    .where(and(inArray(billList.entityId, entityIds), inArray(billList.status, WAITING_FOR_PAYMENT)))
    .orderBy(asc(billList.dueDate));
  for (const row of rows) {
    const list = byEntity.get(row.entityId) ?? [];
    list.push({ amount: Number(row.amount), dueDate: String(row.dueDate) });
    byEntity.set(row.entityId, list);
  }
  return byEntity;
}
