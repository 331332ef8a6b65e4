import type { PageQuery, Vendor } from '@bp/contracts';
import { eq } from 'drizzle-orm';
import type { FieldChanges } from '../../platform/audit/tables.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { planPatch } from './patch.ts';
import { findEntity, findWritableEntity } from './repo.ts';
import { scopedCrud } from './scoped-crud.ts';
import { vendors } from './tables.ts';
import { auditWrite, type Tenant } from './tenant.ts';
import type { VendorRow, VendorWriteHook } from './vendor-writes.ts';
export type VendorInput = Partial<Omit<Vendor, 'guid' | 'created_on'>>;

const COLUMNS = {
  name: 'name',
  addr1: 'addr1',
  addr2: 'addr2',
  city: 'city',
  state: 'state',
  postal_code: 'postalCode',
  country: 'country',
  email: 'email',
  primary_phone: 'primaryPhone',
  vendor_type: 'vendorType',
  tax_id_number: 'taxIdNumber',
  parent_vendor_id: 'parentVendorId',
  is_active: 'isActive',
} as const;

/** A tax id shown without its secret part: '•••••' and its last 4 characters ('12-3456789' → '•••••6789'). */
export function maskTaxId(value: string | null): string | null {
  if (value === null) return null;
  return `•••••${value.replace(/[^0-9A-Za-z]/g, '').slice(-4)}`;
}

function present(row: VendorRow, fullTaxId: boolean): Vendor {
  return {
    guid: row.guid,
    name: row.name,
    addr1: row.addr1,
    addr2: row.addr2,
    city: row.city,
    state: row.state,
    postal_code: row.postalCode,
    country: row.country,
    email: row.email,
    primary_phone: row.primaryPhone,
    vendor_type: row.vendorType,
    tax_id_number: fullTaxId ? row.taxIdNumber : maskTaxId(row.taxIdNumber),
    parent_vendor_id: row.parentVendorId,
    is_active: row.isActive,
    created_on: row.createdAt.toISOString(),
  };
}

/** The audit trail never holds a whole tax id. */
function maskedChanges(changes: FieldChanges): FieldChanges {
  const tax = changes.tax_id_number;
  if (!tax) return changes;
  const mask = (v: unknown) => (typeof v === 'string' ? maskTaxId(v) : v);
  return { ...changes, tax_id_number: { before: mask(tax.before), after: mask(tax.after) } };
}

/** Vendors of an entity (SPEC §3 Vendor). Only staff writes them (the route checks the permission). */
export function createVendorService(
  { database, now }: Pick<AppDeps, 'database' | 'now'>,
  hook: VendorWriteHook | null = null,
) {
  const { db } = database;
  const records = scopedCrud({
    db,
    table: vendors,
    scope: vendors.entityId,
    objectType: 'vendor',
    label: 'vendor',
  });
  return {
    async list(tenant: Tenant, entityGuid: string, query: PageQuery & { is_active?: boolean | undefined }) {
      const entity = await findEntity(db, tenant, entityGuid);
      const { count, rows } = await records.page(entity.id, query, {
        filters: [eq(vendors.isActive, query.is_active ?? true)],
        search: [vendors.name],
        ordering: { name: vendors.name, created_on: vendors.createdAt },
        fallback: { field: 'name', desc: false },
      });
      return { count, results: rows.map((row) => present(row, false)) };
    },

    /** The whole tax id only for staff; client users see it masked. */
    async get(tenant: Tenant, entityGuid: string, vendorGuid: string) {
      const entity = await findEntity(db, tenant, entityGuid);
      return present(await records.find(entity.id, vendorGuid), tenant.via === 'staff');
    },

    async create(tenant: Tenant, entityGuid: string, input: VendorInput & { name: string }) {
      const entity = await findWritableEntity(db, tenant, entityGuid);
      const values = {
        entityId: entity.id,
        name: input.name,
        addr1: input.addr1 ?? null,
        addr2: input.addr2 ?? null,
        city: input.city ?? null,
        state: input.state ?? null,
        postalCode: input.postal_code ?? null,
        country: input.country ?? null,
        email: input.email ?? null,
        primaryPhone: input.primary_phone ?? null,
        vendorType: input.vendor_type ?? null,
        taxIdNumber: input.tax_id_number ?? null,
        parentVendorId: input.parent_vendor_id ?? null,
        isActive: input.is_active ?? true,
        createdAt: now(),
        updatedAt: now(),
      };
      // The response shows the whole tax id to the staff who wrote it; the audit trail never does.
      return records.create(
        tenant,
        values,
        (row) => present(row, true),
        (row) => present(row, false),
        hook ? (tx, row) => hook.created(tx, tenant, row) : undefined,
      );
    },

    async patch(tenant: Tenant, entityGuid: string, vendorGuid: string, input: VendorInput) {
      const entity = await findWritableEntity(db, tenant, entityGuid);
      const row = await records.find(entity.id, vendorGuid);
      const before = present(row, true);
      return records.update(tenant, row, before, planPatch(COLUMNS, before, input), (r) => present(r, true), {
        alsoSet: () => ({ updatedAt: now() }),
        auditedChanges: maskedChanges,
        ...(hook ? { after: (tx, before, after) => hook.updated(tx, tenant, before, after) } : {}),
      });
    },

    /** DELETE deactivates: bills and designations may point at the vendor. */
    async deactivate(tenant: Tenant, entityGuid: string, vendorGuid: string) {
      const entity = await findWritableEntity(db, tenant, entityGuid);
      const row = await records.find(entity.id, vendorGuid);
      if (!row.isActive) return;
      await db.transaction(async (tx) => {
        const [after] = await tx
          .update(vendors)
          .set({ isActive: false, updatedAt: now() })
          .where(eq(vendors.id, row.id))
          .returning();
        if (hook && after) await hook.updated(tx, tenant, row, after);
        await auditWrite(tx, tenant, {
          action: 'vendor_deactivated',
          objectType: 'vendor',
          objectGuid: row.guid,
          changes: { is_active: { before: true, after: false } },
        });
      });
    },
  };
}
