import { eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { commitments } from './tables.ts';

/** How many commitments these payees have (vendor merge's confirmation, decision 022). */
export async function countCommitmentsOfVendors(tx: DbOrTx, vendorIds: readonly number[]): Promise<number> {
  if (vendorIds.length === 0) return 0;
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(commitments)
    .where(inArray(commitments.vendorId, [...vendorIds]));
  return row?.n ?? 0;
}

/** Re-points the commitments of `fromVendorId` to `toVendorId` in a merge's transaction (version grows). */
export async function repointCommitmentsToVendor(
  tx: DbOrTx,
  fromVendorId: number,
  toVendorId: number,
  at: Date,
): Promise<number> {
  const moved = await tx
    .update(commitments)
    .set({ vendorId: toVendorId, version: sql`${commitments.version} + 1`, updatedAt: at })
    .where(eq(commitments.vendorId, fromVendorId))
    .returning({ id: commitments.id });
  return moved.length;
}
