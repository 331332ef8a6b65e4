import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { accounts, customers, divisions, paymentTerms, vendors } from './tables.ts';
import type { Tenant } from './tenant.ts';
import type { VendorRow, VendorWriteHook } from './vendor-writes.ts';

/**
 * Writes of records imported from accounting software (QuickBooks, decision 035) into an entity's own
 * lists, in the caller's transaction: the same tables the bill form reads, so imported vendors, accounts
 * (chart of accounts) and classes (divisions) are what staff pick from. The importer keeps the link to
 * the outside id; here a record is created, or updated when its fields changed.
 */

export type ImportAction = 'created' | 'updated' | 'skipped';

type Changed<T> = { [K in keyof T]?: T[K] };

const differs = (row: Record<string, unknown>, fields: Record<string, unknown>) =>
  Object.entries(fields).some(([k, v]) => (row[k] ?? null) !== (v ?? null));

export interface ImportedVendor {
  name: string;
  email?: string | null;
  primaryPhone?: string | null;
  addr1?: string | null;
  city?: string | null;
  state?: string | null;
  postalCode?: string | null;
  country?: string | null;
  taxIdNumber?: string | null;
  isActive: boolean;
}

/**
 * A vendor of the entity from the accounting software. The vendor master's hook runs as for a vendor
 * typed by staff (history, sanctions screening, and the payment hold when the payment details change).
 */
export async function importVendor(
  tx: DbOrTx,
  tenant: Tenant,
  hook: VendorWriteHook,
  entityId: number,
  localId: number | null,
  given: ImportedVendor,
): Promise<{ id: number; action: ImportAction }> {
  // What the outside record leaves blank keeps our value: an import never wipes an address staff keep.
  const fields = Object.fromEntries(
    Object.entries(given).filter(([, value]) => value !== null && value !== undefined),
  ) as unknown as ImportedVendor;
  const [before] = localId
    ? await tx
        .select()
        .from(vendors)
        .where(and(eq(vendors.id, localId), eq(vendors.entityId, entityId)))
        .for('update')
    : [];
  if (!before) {
    const [row] = (await tx
      .insert(vendors)
      .values({ entityId, ...fields })
      .returning()) as VendorRow[];
    if (!row) throw new Error('vendor insert returned nothing');
    await hook.created(tx, tenant, row);
    return { id: row.id, action: 'created' };
  }
  if (!differs(before, fields as Changed<VendorRow>)) return { id: before.id, action: 'skipped' };
  const [after] = await tx
    .update(vendors)
    .set({ ...fields, updatedAt: new Date() })
    .where(eq(vendors.id, before.id))
    .returning();
  if (after) await hook.updated(tx, tenant, before, after);
  return { id: before.id, action: 'updated' };
}

const LISTS = { account: accounts, division: divisions, paymentTerm: paymentTerms, customer: customers };

export interface ImportedListFields {
  account: {
    name: string;
    number?: string | null;
    accountType?: string | null;
    isActive: boolean;
    assignableToBill: boolean;
  };
  division: { name: string; isActive: boolean };
  paymentTerm: { name: string; dueDays: number };
  customer: { name: string; email?: string | null; phone?: string | null };
}

/** An account, division (class), payment term or customer of the entity from the accounting software. */
export async function importListRecord<K extends keyof ImportedListFields>(
  tx: DbOrTx,
  kind: K,
  entityId: number,
  localId: number | null,
  fields: ImportedListFields[K],
): Promise<{ id: number; action: ImportAction }> {
  // The four tables share id/entity_id columns; Drizzle cannot type a query over their union.
  const table = LISTS[kind] as typeof accounts;
  const [before] = localId
    ? await tx
        .select()
        .from(table)
        .where(and(eq(table.id, localId), eq(table.entityId, entityId)))
    : [];
  if (!before) {
    const [row] = await tx
      .insert(table)
      .values({ entityId, ...(fields as ImportedListFields['account']) })
      .returning({ id: table.id });
    if (!row) throw new Error(`${kind} insert returned nothing`);
    return { id: row.id, action: 'created' };
  }
  if (!differs(before as Record<string, unknown>, fields as Record<string, unknown>))
    return { id: before.id, action: 'skipped' };
  await tx
    .update(table)
    .set(fields as ImportedListFields['account'])
    .where(eq(table.id, before.id));
  return { id: before.id, action: 'updated' };
}

/**
 * The entity's record of this name (case aside), for the first import of an outside record: the vendor
 * or account staff already typed is linked, not doubled. Merged vendors are never a target.
 */
export async function findImportTarget(
  tx: DbOrTx,
  kind: 'vendor' | keyof ImportedListFields,
  entityId: number,
  name: string,
): Promise<number | null> {
  const key = name.trim().toLowerCase();
  if (kind === 'vendor') {
    const [row] = await tx
      .select({ id: vendors.id })
      .from(vendors)
      .where(
        and(
          eq(vendors.entityId, entityId),
          isNull(vendors.mergedIntoId),
          sql`lower(${vendors.name}) = ${key}`,
        ),
      )
      .orderBy(asc(vendors.id))
      .limit(1);
    return row?.id ?? null;
  }
  const table = LISTS[kind] as typeof accounts;
  const [row] = await tx
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.entityId, entityId), sql`lower(${table.name}) = ${key}`))
    .orderBy(asc(table.id))
    .limit(1);
  return row?.id ?? null;
}
