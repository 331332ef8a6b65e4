import type { SimilarVendor } from '@bp/contracts';
import { and, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../platform/db.ts';
import { clientList } from '../clients/index.ts';
import { entityList, vendorColumns, vendorList } from '../entities/index.ts';
import { ofOrganization } from './master-vendors.ts';
import type { ParentVendorRow } from './parent-vendors.ts';
import { parentVendors } from './tables.ts';

/** pg_trgm's default similarity limit: below it two texts are not called similar. */
export const SIMILARITY_THRESHOLD = 0.3;
const LIMIT = 10;

interface Facts {
  name: string;
  addr1: string | null;
  city: string | null;
  state: string | null;
  postalCode: string | null;
  taxIdNumber: string | null;
}

const addressOf = (f: Facts) =>
  [f.addr1, f.city, f.state, f.postalCode].filter(Boolean).join(' ').toLowerCase();
const taxKey = (v: string | null) => (v ?? '').replace(/[^0-9A-Za-z]/g, '').toUpperCase();

/**
 * Trigram similarity (pg_trgm) of the names and of the addresses, and equal tax ids, as SQL over a
 * table's columns against one record's facts: the score is the best of the three (a shared tax id is 1).
 */
function scoring(
  me: Facts,
  cols: {
    name: PgColumn;
    addr1: PgColumn;
    city: PgColumn;
    state: PgColumn;
    postalCode: PgColumn;
    taxIdNumber: PgColumn;
  },
) {
  const address = addressOf(me);
  const tax = taxKey(me.taxIdNumber);
  const nameSim = sql<number>`similarity(lower(${cols.name}), ${me.name.toLowerCase()})`;
  const addrSim = address
    ? sql<number>`similarity(lower(concat_ws(' ', ${cols.addr1}, ${cols.city}, ${cols.state}, ${cols.postalCode})), ${address})`
    : sql<number>`0`;
  const taxSame = tax
    ? sql<boolean>`upper(regexp_replace(coalesce(${cols.taxIdNumber}, ''), '[^0-9A-Za-z]', '', 'g')) = ${tax}`
    : sql<boolean>`false`;
  const score = sql<number>`greatest(${nameSim}, ${addrSim}, case when ${taxSame} then 1 else 0 end)`;
  return {
    columns: {
      nameSim: nameSim.mapWith(Number),
      addrSim: addrSim.mapWith(Number),
      taxSame: taxSame.mapWith(Boolean),
      score: score.mapWith(Number),
    },
    where: sql`${score} >= ${SIMILARITY_THRESHOLD}` as SQL,
    order: sql`${score} desc`,
  };
}

function reasonsOf(r: { nameSim: number; addrSim: number; taxSame: boolean }) {
  const reasons: SimilarVendor['reasons'] = [];
  if (r.nameSim >= SIMILARITY_THRESHOLD) reasons.push('name');
  if (r.addrSim >= SIMILARITY_THRESHOLD) reasons.push('address');
  if (r.taxSame) reasons.push('tax_id');
  return reasons;
}

const round = (n: number) => Math.round(n * 1000) / 1000;

/** Active parent vendors of the organisation resembling `me`, best first. */
export async function similarParentVendors(db: DbOrTx, me: ParentVendorRow): Promise<SimilarVendor[]> {
  const s = scoring(me, parentVendors);
  const rows = await db
    .select({ row: parentVendors, ...s.columns })
    .from(parentVendors)
    .where(
      and(
        eq(parentVendors.organizationId, me.organizationId),
        eq(parentVendors.isActive, true),
        ne(parentVendors.id, me.id),
        s.where,
      ),
    )
    .orderBy(s.order, parentVendors.id)
    .limit(LIMIT);
  return rows.map((r) => ({
    guid: r.row.guid,
    name: r.row.name,
    city: r.row.city,
    state: r.row.state,
    score: round(r.score),
    reasons: reasonsOf(r),
    mergeable: true,
    entity: null,
    client: null,
  }));
}

/** Active vendors of the organisation's clients resembling vendor `me`; those of its entity are mergeable. */
export async function similarVendors(
  db: DbOrTx,
  organizationId: number,
  me: Facts & { id: number; entityId: number },
): Promise<SimilarVendor[]> {
  const s = scoring(me, vendorList);
  const rows = await db
    .select({
      row: vendorColumns,
      entityGuid: entityList.guid,
      nickname: entityList.nickname,
      clientGuid: clientList.guid,
      clientName: clientList.name,
      ...s.columns,
    })
    .from(vendorList)
    .innerJoin(entityList, eq(entityList.id, vendorList.entityId))
    .innerJoin(clientList, eq(clientList.id, entityList.clientId))
    .where(
      and(ofOrganization(organizationId), eq(vendorList.isActive, true), ne(vendorList.id, me.id), s.where),
    )
    // Vendors of the same entity first: those are the duplicates a merge can fold.
    .orderBy(sql`(${vendorList.entityId} = ${me.entityId}) desc`, s.order, vendorList.id)
    .limit(LIMIT);
  return rows.map((r) => ({
    guid: r.row.guid,
    name: r.row.name,
    city: r.row.city,
    state: r.row.state,
    score: round(r.score),
    reasons: reasonsOf(r),
    mergeable: r.row.entityId === me.entityId,
    entity: { guid: r.entityGuid, nickname: r.nickname },
    client: { guid: r.clientGuid, name: r.clientName },
  }));
}
