import { eq, inArray, or } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { vendorList } from '../entities/index.ts';
import { conflict, VERIFICATION_REQUIRED } from './errors.ts';
import { parentVendors } from './tables.ts';

/**
 * The payment hold (decision 022): a vendor whose payment details changed, or whose parent vendor's did,
 * is paid only after another staff member records a call-back verification. Record payment, the NACHA
 * export and an approval that would move a bill into payment all ask here.
 */
export async function paymentHoldsOf(tx: DbOrTx, vendorIds: readonly number[]): Promise<Map<number, string>> {
  const holds = new Map<number, string>();
  if (vendorIds.length === 0) return holds;
  const rows = await tx
    .select({
      id: vendorList.id,
      name: vendorList.name,
      own: vendorList.verificationStatus,
      parentName: parentVendors.name,
      parent: parentVendors.verificationStatus,
    })
    .from(vendorList)
    .leftJoin(parentVendors, eq(parentVendors.id, vendorList.parentVendorId))
    .where(inArray(vendorList.id, [...new Set(vendorIds)]));
  for (const row of rows) {
    if (row.own === 'verification_required') {
      holds.set(
        row.id,
        `Payment to ${row.name} is on hold: its payment details changed and need a call-back verification by another staff member (Parent Vendors).`,
      );
    } else if (row.parent === 'verification_required') {
      holds.set(
        row.id,
        `Payment to ${row.name} is on hold: the payment details of its parent vendor ${row.parentName} changed and need a call-back verification by another staff member (Parent Vendors).`,
      );
    }
  }
  return holds;
}

/** Refuses (409 vendor_verification_required) when payment to this vendor is on hold. */
export async function requireNoPaymentHold(tx: DbOrTx, vendorId: number): Promise<void> {
  const hold = (await paymentHoldsOf(tx, [vendorId])).get(vendorId);
  if (hold) throw conflict(hold, VERIFICATION_REQUIRED);
}

/** Condition: a vendor list row is held (own status or its parent's), for lists that flag it. */
export const heldCondition = or(
  eq(vendorList.verificationStatus, 'verification_required'),
  eq(parentVendors.verificationStatus, 'verification_required'),
);
