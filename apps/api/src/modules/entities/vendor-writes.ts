import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { designatedVendors, excludedVendors, vendors } from './tables.ts';
import type { Tenant } from './tenant.ts';

/**
 * Writes other modules make to entities' vendor table (the vendors module's vendor master, decision
 * 022), each in the caller's transaction so one request stays one transaction.
 */
export type VendorRow = typeof vendors.$inferSelect;

/**
 * Fields of a vendor that say where a payment goes: the address checks are mailed to and the number a
 * call-back uses. Changing one of them (from a value it had) asks for a call-back verification.
 */
export const VENDOR_PAYMENT_DETAIL_FIELDS = [
  'addr1',
  'addr2',
  'city',
  'state',
  'postalCode',
  'country',
  'primaryPhone',
] as const satisfies readonly (keyof VendorRow)[];

/**
 * Port (docs/architecture.md): entities' own vendor writes call it inside their transaction, and the
 * vendors module (above entities) provides it at wiring time: history, sanctions screening and the
 * payment hold of a changed vendor.
 */
export interface VendorWriteHook {
  created(tx: DbOrTx, tenant: Tenant, row: VendorRow): Promise<void>;
  updated(tx: DbOrTx, tenant: Tenant, before: VendorRow, after: VendorRow): Promise<void>;
}

/** The vendors with these ids, locked for update in id order (so two mergers never deadlock). */
export async function lockVendorsById(tx: DbOrTx, ids: readonly number[]): Promise<VendorRow[]> {
  if (ids.length === 0) return [];
  return tx
    .select()
    .from(vendors)
    .where(inArray(vendors.id, [...ids]))
    .orderBy(asc(vendors.id))
    .for('update');
}

/** The vendors linked to any of these parent vendors, locked for update in id order. */
export async function lockVendorsOfParents(tx: DbOrTx, parentIds: readonly number[]): Promise<VendorRow[]> {
  if (parentIds.length === 0) return [];
  return tx
    .select()
    .from(vendors)
    .where(inArray(vendors.parentVendorId, [...parentIds]))
    .orderBy(asc(vendors.id))
    .for('update');
}

/** Payment waits for a call-back: `userId` changed the payment details at `at`. */
export async function requireVendorVerification(tx: DbOrTx, vendorId: number, userId: number, at: Date) {
  await tx
    .update(vendors)
    .set({
      verificationStatus: 'verification_required',
      detailsChangedByUserId: userId,
      detailsChangedAt: at,
      updatedAt: at,
    })
    .where(eq(vendors.id, vendorId));
}

/** A call-back confirmed the details: payment may go ahead. */
export async function markVendorVerified(tx: DbOrTx, vendorId: number, at: Date) {
  await tx
    .update(vendors)
    .set({ verificationStatus: 'verified', updatedAt: at })
    .where(eq(vendors.id, vendorId));
}

/** Links vendors to a parent vendor (null unlinks). */
export async function setVendorsParent(
  tx: DbOrTx,
  vendorIds: readonly number[],
  parentVendorId: number | null,
  at: Date,
) {
  if (vendorIds.length === 0) return;
  await tx
    .update(vendors)
    .set({ parentVendorId, updatedAt: at })
    .where(inArray(vendors.id, [...vendorIds]));
}

/**
 * Retires `from` into `into` (same entity): `from` becomes inactive and points at `into`, and the
 * client users' designations and exclusions of `from` move to `into` (kept once each).
 */
export async function retireVendorInto(tx: DbOrTx, from: VendorRow, into: VendorRow, at: Date) {
  if (from.entityId !== into.entityId) throw new Error('retireVendorInto: vendors of different entities');
  for (const table of [designatedVendors, excludedVendors]) {
    await tx.execute(sql`
      insert into ${table} (client_user_id, vendor_id)
      select client_user_id, ${into.id} from ${table} where vendor_id = ${from.id}
      on conflict do nothing`);
    await tx.delete(table).where(eq(table.vendorId, from.id));
  }
  await tx
    .update(vendors)
    .set({ isActive: false, mergedIntoId: into.id, updatedAt: at })
    .where(and(eq(vendors.id, from.id)));
  // Vendors merged into `from` earlier now lead straight to `into`.
  await tx
    .update(vendors)
    .set({ mergedIntoId: into.id, updatedAt: at })
    .where(eq(vendors.mergedIntoId, from.id));
}

/** Active or not (deactivate / reactivate from the vendor master). */
export async function setVendorActive(tx: DbOrTx, vendorId: number, isActive: boolean, at: Date) {
  await tx.update(vendors).set({ isActive, updatedAt: at }).where(eq(vendors.id, vendorId));
}

/**
 * The payee `guid` of the entity for a new bill or commitment, locked (KEY SHARE) until the caller's
 * transaction ends, so a merge (which locks FOR UPDATE) either waits for it, and then re-points what it
 * wrote, or went first, and then the vendor it was merged into is given instead. Null when the entity
 * has no such vendor.
 */
export async function lockPayeeVendor(tx: DbOrTx, entityId: number, guid: string): Promise<VendorRow | null> {
  const [row] = await tx
    .select()
    .from(vendors)
    .where(and(eq(vendors.guid, guid), eq(vendors.entityId, entityId)))
    .for('key share');
  if (!row?.mergedIntoId) return row ?? null;
  const [survivor] = await tx
    .select()
    .from(vendors)
    .where(and(eq(vendors.id, row.mergedIntoId), eq(vendors.entityId, entityId)))
    .for('key share');
  return survivor ?? row;
}
