import type { CommitmentDraft, CommitmentFromBillRequest, CreateCommitmentRequest } from '@bp/contracts';
import { asc, eq } from 'drizzle-orm';
import type { ClientScope } from '../../platform/access.ts';
import type { DbOrTx } from '../../platform/db.ts';
import { billLineList, findVisibleBill } from '../bill-core/index.ts';
import { accountList, divisionList, entityList, vendorList } from '../entities/index.ts';

/**
 * A commitment prefilled from an existing bill (/commitments/commitment-form/from-new-bill/{billGuid}):
 * the bill's entity, vendor, amount (as the expected amount) and payment method, its first line's
 * account, division and memo; monthly on the bill's due day from its due date, category other.
 */
export async function draftFromBill(
  db: DbOrTx,
  scope: ClientScope,
  billGuid: string,
): Promise<CommitmentDraft> {
  const bill = await findVisibleBill(db, scope, billGuid);
  const [refs] = await db
    .select({ entity: entityList.guid, vendor: vendorList.guid })
    .from(entityList)
    .innerJoin(vendorList, eq(vendorList.id, bill.vendorId))
    .where(eq(entityList.id, bill.entityId));
  const [line] = await db
    .select({ account: accountList.guid, division: divisionList.guid, memo: billLineList.memo })
    .from(billLineList)
    .innerJoin(accountList, eq(accountList.id, billLineList.accountId))
    .leftJoin(divisionList, eq(divisionList.id, billLineList.divisionId))
    .where(eq(billLineList.billId, bill.id))
    .orderBy(asc(billLineList.position))
    .limit(1);
  if (!refs) throw new Error('a bill without its entity or vendor');
  return {
    entity: refs.entity,
    vendor: refs.vendor,
    category: 'other',
    frequency: 'monthly',
    expected_amount: bill.amount,
    is_variable: false,
    due_day: Number(bill.dueDate.slice(8, 10)),
    due_month: null,
    start_date: bill.dueDate,
    end_date: null,
    payment_method: bill.paymentMethod,
    account: line?.account ?? null,
    division: line?.division ?? null,
    memo: line?.memo ?? '',
    autopay: bill.paymentMethod === 'auto',
  };
}

/** The draft with the caller's fields over it, as a create request. */
export function mergeDraft(
  draft: CommitmentDraft,
  input: CommitmentFromBillRequest,
): CreateCommitmentRequest {
  const merged: Record<string, unknown> = { ...draft };
  for (const [key, value] of Object.entries(input)) if (value !== undefined) merged[key] = value;
  return merged as CreateCommitmentRequest;
}
