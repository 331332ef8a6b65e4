import type { CommitmentDraft, CommitmentFromBillRequest, CreateCommitmentRequest } from '@bp/contracts';
import { asc, eq } from 'drizzle-orm';
import type { ClientScope } from '../../platform/access.ts';
import type { DbOrTx } from '../../platform/db.ts';
import { findVisibleBill } from '../bill-core/index.ts';
import { billLines } from '../bill-core/tables.ts';
import { accounts, divisions, entities, vendors } from '../entities/tables.ts';

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
    .select({ entity: entities.guid, vendor: vendors.guid })
    .from(entities)
    .innerJoin(vendors, eq(vendors.id, bill.vendorId))
    .where(eq(entities.id, bill.entityId));
  const [line] = await db
    .select({ account: accounts.guid, division: divisions.guid, memo: billLines.memo })
    .from(billLines)
    .innerJoin(accounts, eq(accounts.id, billLines.accountId))
    .leftJoin(divisions, eq(divisions.id, billLines.divisionId))
    .where(eq(billLines.billId, bill.id))
    .orderBy(asc(billLines.position))
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
