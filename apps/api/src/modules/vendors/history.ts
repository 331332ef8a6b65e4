import type { PageQuery, VendorEvent } from '@bp/contracts';
import { desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { pageWindow } from '../../platform/pagination.ts';
import { peopleById } from '../bill-core/index.ts';
import { vendorList } from '../entities/index.ts';
import { vendorEvents } from './tables.ts';

export type VendorEventKind = (typeof vendorEvents.$inferInsert)['kind'];

/** One line of a vendor's (or parent vendor's) history, in the write's transaction. */
export async function recordVendorEvent(
  tx: DbOrTx,
  event: {
    organizationId: number;
    kind: VendorEventKind;
    parentVendorId?: number | null;
    vendorId?: number | null;
    userId: number | null;
    details?: Record<string, unknown>;
    at: Date;
  },
) {
  await tx.insert(vendorEvents).values({
    organizationId: event.organizationId,
    kind: event.kind,
    parentVendorId: event.parentVendorId ?? null,
    vendorId: event.vendorId ?? null,
    userId: event.userId,
    details: event.details ?? {},
    createdAt: event.at,
  });
}

/** A page of history, newest first, matching `where` (a parent vendor's also shows its vendors' lines). */
export async function historyPage(
  db: DbOrTx,
  where: SQL,
  query: Pick<PageQuery, 'page' | 'page_size'>,
): Promise<{ count: number; results: VendorEvent[] }> {
  const { limit, offset } = pageWindow(query);
  const [total] = await db.select({ n: sql<number>`count(*)::int` }).from(vendorEvents).where(where);
  const rows = await db
    .select()
    .from(vendorEvents)
    .where(where)
    .orderBy(desc(vendorEvents.id))
    .limit(limit)
    .offset(offset);
  const people = await peopleById(
    db,
    rows.map((r) => r.userId),
  );
  const vendorIds = [...new Set(rows.map((r) => r.vendorId).filter((v): v is number => v !== null))];
  const named =
    vendorIds.length === 0
      ? []
      : await db
          .select({ id: vendorList.id, guid: vendorList.guid, name: vendorList.name })
          .from(vendorList)
          .where(inArray(vendorList.id, vendorIds));
  const byId = new Map(named.map((v) => [v.id, { guid: v.guid, name: v.name }]));
  return {
    count: total?.n ?? 0,
    results: rows.map((r) => ({
      guid: r.guid,
      kind: r.kind,
      details: r.details,
      by: r.userId === null ? null : (people.get(r.userId) ?? null),
      vendor: r.vendorId === null ? null : (byId.get(r.vendorId) ?? null),
      created_on: r.createdAt.toISOString(),
    })),
  };
}

/** The last screening recorded for a vendor or a parent vendor, as the vendor page shows it. */
export async function lastScreening(db: DbOrTx, subject: SQL) {
  const [row] = await db
    .select({ details: vendorEvents.details, at: vendorEvents.createdAt })
    .from(vendorEvents)
    .where(sql`${subject} and ${eq(vendorEvents.kind, 'sanctions_screened')}`)
    .orderBy(desc(vendorEvents.id))
    .limit(1);
  if (!row) return null;
  const match = row.details.match as { name: string; score: number } | null | undefined;
  return {
    screened_on: row.at.toISOString(),
    name: String(row.details.name ?? ''),
    match: match ? { name: match.name, score: match.score } : null,
  };
}

/** A parent vendor's history: its own lines and those of the vendors linked to it now. */
export const parentHistory = (parentVendorId: number): SQL =>
  or(
    eq(vendorEvents.parentVendorId, parentVendorId),
    inArray(
      vendorEvents.vendorId,
      sql`(select ${vendorList.id} from ${vendorList} where ${vendorList.parentVendorId} = ${parentVendorId})`,
    ),
  ) as SQL;
