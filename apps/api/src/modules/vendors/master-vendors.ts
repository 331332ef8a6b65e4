import type { MasterVendor, MasterVendorDetail } from '@bp/contracts';
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { pageWindow, parseOrdering } from '../../platform/pagination.ts';
import { containsAny } from '../../platform/search.ts';
import { billList, peopleById } from '../bill-core/index.ts';
import { clientList } from '../clients/index.ts';
import { entityList, maskTaxId, vendorColumns, vendorList } from '../entities/index.ts';
import { notFound } from './errors.ts';
import { lastScreening } from './history.ts';
import { heldCondition } from './hold.ts';
import { parentVendors, vendorEvents } from './tables.ts';

/**
 * The organisation's clients' vendors as the vendor master shows them (decision 022): one statement
 * joins each vendor to its entity, client and parent vendor; bill counts come in one grouped read.
 */
const columns = {
  vendor: vendorColumns,
  entityGuid: entityList.guid,
  entityNickname: entityList.nickname,
  clientGuid: clientList.guid,
  clientName: clientList.name,
  parentGuid: parentVendors.guid,
  parentName: parentVendors.name,
  held: sql<boolean>`coalesce(${heldCondition}, false)`.mapWith(Boolean),
};

const base = (db: DbOrTx) =>
  db
    .select(columns)
    .from(vendorList)
    .innerJoin(entityList, eq(entityList.id, vendorList.entityId))
    .innerJoin(clientList, eq(clientList.id, entityList.clientId))
    .leftJoin(parentVendors, eq(parentVendors.id, vendorList.parentVendorId));

type Row = Awaited<ReturnType<ReturnType<typeof base>['execute']>>[number];

/** Tenant condition: vendors of the organisation's clients. */
export const ofOrganization = (organizationId: number) => eq(clientList.organizationId, organizationId);

async function present(db: DbOrTx, rows: Row[]): Promise<MasterVendor[]> {
  const ids = rows.map((r) => r.vendor.id);
  const counts =
    ids.length === 0
      ? []
      : await db
          .select({ vendorId: billList.vendorId, n: count() })
          .from(billList)
          .where(inArray(billList.vendorId, ids))
          .groupBy(billList.vendorId);
  const billCount = new Map(counts.map((c) => [c.vendorId, c.n]));
  const mergedIds = rows.map((r) => r.vendor.mergedIntoId).filter((v): v is number => v !== null);
  const merged =
    mergedIds.length === 0
      ? []
      : await db
          .select({ id: vendorList.id, guid: vendorList.guid, name: vendorList.name })
          .from(vendorList)
          .where(inArray(vendorList.id, mergedIds));
  const mergedById = new Map(merged.map((m) => [m.id, { guid: m.guid, name: m.name }]));
  return rows.map((r) => ({
    guid: r.vendor.guid,
    name: r.vendor.name,
    client: { guid: r.clientGuid, name: r.clientName },
    entity: { guid: r.entityGuid, nickname: r.entityNickname },
    addr1: r.vendor.addr1,
    addr2: r.vendor.addr2,
    city: r.vendor.city,
    state: r.vendor.state,
    postal_code: r.vendor.postalCode,
    country: r.vendor.country,
    primary_phone: r.vendor.primaryPhone,
    tax_id_number: maskTaxId(r.vendor.taxIdNumber),
    is_active: r.vendor.isActive,
    verification_status: r.vendor.verificationStatus,
    payment_hold: r.held,
    parent_vendor: r.parentGuid && r.parentName ? { guid: r.parentGuid, name: r.parentName } : null,
    merged_into: r.vendor.mergedIntoId === null ? null : (mergedById.get(r.vendor.mergedIntoId) ?? null),
    bill_count: billCount.get(r.vendor.id) ?? 0,
  }));
}

export async function masterVendorPage(
  db: DbOrTx,
  organizationId: number,
  query: {
    page: number;
    page_size: number;
    ordering?: string | undefined;
    search?: string | undefined;
    is_active?: boolean | undefined;
    verification_status?: 'verified' | 'verification_required' | undefined;
    parent_vendor?: string | undefined;
    client?: string | undefined;
  },
) {
  const conditions: (SQL | undefined)[] = [
    ofOrganization(organizationId),
    eq(vendorList.isActive, query.is_active ?? true),
    containsAny(query.search, [vendorList.name, clientList.name]),
  ];
  if (query.verification_status === 'verification_required') conditions.push(heldCondition);
  if (query.verification_status === 'verified') conditions.push(sql`not coalesce(${heldCondition}, false)`);
  if (query.parent_vendor) conditions.push(eq(parentVendors.guid, query.parent_vendor));
  if (query.client) conditions.push(eq(clientList.guid, query.client));
  const where = and(...conditions);
  const ordering = { name: vendorList.name, client: clientList.name, created_on: vendorList.createdAt };
  const order = parseOrdering(query.ordering, ['name', 'client', 'created_on'] as const, {
    field: 'name',
    desc: false,
  });
  const column = ordering[order.field];
  const { limit, offset } = pageWindow(query);
  const [total] = await db
    .select({ n: count() })
    .from(vendorList)
    .innerJoin(entityList, eq(entityList.id, vendorList.entityId))
    .innerJoin(clientList, eq(clientList.id, entityList.clientId))
    .leftJoin(parentVendors, eq(parentVendors.id, vendorList.parentVendorId))
    .where(where);
  const rows = await base(db)
    .where(where)
    .orderBy(order.desc ? desc(column) : asc(column), asc(vendorList.id))
    .limit(limit)
    .offset(offset);
  return { count: total?.n ?? 0, results: await present(db, rows) };
}

/** The vendors linked to a parent vendor (active first, then by name). */
export async function vendorsOfParent(db: DbOrTx, organizationId: number, parentVendorId: number) {
  const rows = await base(db)
    .where(and(ofOrganization(organizationId), eq(vendorList.parentVendorId, parentVendorId)))
    .orderBy(desc(vendorList.isActive), asc(vendorList.name), asc(vendorList.id));
  return present(db, rows);
}

/** One vendor of the organisation's clients (its row and how it is shown), or 404. */
export async function findMasterVendor(db: DbOrTx, organizationId: number, vendorGuid: string) {
  const [row] = await base(db).where(and(ofOrganization(organizationId), eq(vendorList.guid, vendorGuid)));
  if (!row) throw notFound();
  return row;
}

export async function presentMasterVendorDetail(
  db: DbOrTx,
  organizationId: number,
  vendorGuid: string,
): Promise<MasterVendorDetail> {
  const row = await findMasterVendor(db, organizationId, vendorGuid);
  const [shown] = await present(db, [row]);
  if (!shown) throw notFound();
  const v = row.vendor;
  let callback: string | null = v.primaryPhone;
  if (v.parentVendorId !== null) {
    const [parent] = await db
      .select({ phone: parentVendors.primaryPhone })
      .from(parentVendors)
      .where(eq(parentVendors.id, v.parentVendorId));
    callback = parent?.phone ?? callback;
  }
  const people = await peopleById(db, [v.detailsChangedByUserId]);
  return {
    ...shown,
    pending_change:
      v.verificationStatus === 'verification_required' && v.detailsChangedAt
        ? {
            changed_on: v.detailsChangedAt.toISOString(),
            changed_by:
              v.detailsChangedByUserId === null ? null : (people.get(v.detailsChangedByUserId) ?? null),
          }
        : null,
    sanctions: await lastScreening(db, eq(vendorEvents.vendorId, v.id)),
    callback_phone: callback,
  };
}
