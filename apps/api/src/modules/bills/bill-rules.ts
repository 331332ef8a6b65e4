import type { BillStatus } from '@bp/domain';
import { and, count, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { type BillRow, billApprovalList } from '../bill-core/index.ts';

/** Statuses in which the money has moved or is about to, or the bill was refused: never edited. */
const LOCKED_STATUSES: readonly BillStatus[] = ['paid', 'payment_pending', 'rejected'];
/** Statuses in which the bill is open to edits whatever was approved before (a draft, a revise). */
const OPEN_STATUSES: readonly BillStatus[] = ['pre_bill', 'changes_required'];

export const STALE_BILL = 'The bill was changed by someone else. Reload it.';

async function approvalCount(db: DbOrTx, billId: number, round?: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(billApprovalList)
    .where(
      and(
        eq(billApprovalList.billId, billId),
        round === undefined ? undefined : eq(billApprovalList.round, round),
      ),
    );
  return row?.n ?? 0;
}

/**
 * Why the bill cannot be edited now, or null when it can (DESIGN §6): a draft or a bill sent back with
 * revise always can; otherwise only while nobody has approved anything of the current plan, and never
 * once it is payment_pending, paid or rejected.
 */
export async function editBlockedBecause(db: DbOrTx, bill: BillRow): Promise<string | null> {
  const settled = editBlockedByStatus(bill);
  if (settled !== undefined) return settled;
  return editBlockedGiven(bill, await approvalCount(db, bill.id, bill.round));
}

/** The status alone decides (null: open to edits; a reason: never), or undefined when approvals decide. */
function editBlockedByStatus(bill: BillRow): string | null | undefined {
  if (OPEN_STATUSES.includes(bill.status)) return null;
  if (LOCKED_STATUSES.includes(bill.status))
    return bill.status === 'rejected'
      ? 'A rejected bill cannot be edited.'
      : 'A bill cannot be edited once its payment is pending or made.';
  return undefined;
}

/** `editBlockedBecause` for a caller that already counted the approvals of the bill's current round. */
export function editBlockedGiven(bill: BillRow, approvalsThisRound: number): string | null {
  const settled = editBlockedByStatus(bill);
  if (settled !== undefined) return settled;
  return approvalsThisRound > 0
    ? 'The bill has approvals, so it cannot be edited. Ask the client to send it back for changes (revise).'
    : null;
}

/** Why the bill cannot be deleted, or null: only a bill nobody ever approved, and never a paid one. */
export async function deleteBlockedBecause(db: DbOrTx, bill: BillRow): Promise<string | null> {
  if (bill.status === 'paid') return 'A paid bill cannot be deleted.';
  return deleteBlockedGiven(bill, await approvalCount(db, bill.id));
}

/** `deleteBlockedBecause` for a caller that already counted the bill's approvals of every round. */
export function deleteBlockedGiven(bill: BillRow, approvalsEver: number): string | null {
  if (bill.status === 'paid') return 'A paid bill cannot be deleted.';
  return approvalsEver > 0
    ? 'The bill has been approved at least once, so it cannot be deleted. Reject it instead.'
    : null;
}
