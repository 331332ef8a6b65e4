import { and, eq, inArray, ne, notInArray, type SQL } from 'drizzle-orm';
import type { ClientScope } from '../../platform/access.ts';
import type { DbOrTx } from '../../platform/db.ts';
import { notFound } from '../../platform/errors.ts';
import { designatedEntities, excludedVendors } from '../entities/tables.ts';
import { bills } from './tables.ts';

export type BillRow = typeof bills.$inferSelect;

/**
 * What a client user may not see of its client's bills (DESIGN §5), as conditions on `bills`:
 * - bills of a vendor in its excluded vendors, never;
 * - a designee with designated entities sees only those entities' bills;
 * - drafts (pre_bill) are staff's unfinished data entry, not yet the client's business.
 * Staff see every bill of the client: no condition.
 */
export async function clientUserBillConditions(db: DbOrTx, scope: ClientScope): Promise<SQL[]> {
  if (scope.via !== 'client' || scope.clientUserId === null) return [];
  const conditions: SQL[] = [ne(bills.status, 'pre_bill')];
  const excluded = await db
    .select({ id: excludedVendors.vendorId })
    .from(excludedVendors)
    .where(eq(excludedVendors.clientUserId, scope.clientUserId));
  if (excluded.length > 0)
    conditions.push(
      notInArray(
        bills.vendorId,
        excluded.map((e) => e.id),
      ),
    );
  if (scope.clientRole === 'designee') {
    const designated = await db
      .select({ id: designatedEntities.entityId })
      .from(designatedEntities)
      .where(eq(designatedEntities.clientUserId, scope.clientUserId));
    if (designated.length > 0)
      conditions.push(
        inArray(
          bills.entityId,
          designated.map((d) => d.id),
        ),
      );
  }
  return conditions;
}

/**
 * The bill `billGuid` of the scope's client as the caller may see it, or 404 (another client's bill,
 * an excluded vendor's, an entity outside a designee's designation: no existence leak).
 * `forUpdate` locks the row for the rest of the transaction.
 */
export async function findVisibleBill(
  db: DbOrTx,
  scope: ClientScope,
  billGuid: string,
  options: { forUpdate?: boolean } = {},
): Promise<BillRow> {
  const where = and(
    eq(bills.guid, billGuid),
    eq(bills.clientId, scope.id),
    ...(await clientUserBillConditions(db, scope)),
  );
  const query = db.select().from(bills).where(where);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  if (!row) throw notFound();
  return row;
}
