import { and, eq, ne, type SQL } from 'drizzle-orm';
import type { ClientScope } from '../../platform/access.ts';
import type { DbOrTx } from '../../platform/db.ts';
import { clientUserVendorEntityConditions } from '../entities/index.ts';
import { notFound } from './errors.ts';
import type { billList } from './query-pieces.ts';
import { type BillRow, bills } from './tables.ts';

/** The bills a query reads: the table here, the `billList` subquery elsewhere. */
export type BillRelation = typeof bills | typeof billList;

/**
 * What a client user may not see of its client's bills (DESIGN §5), as conditions on `bills`:
 * - bills of a vendor in its excluded vendors, never;
 * - a designee with designated entities sees only those entities' bills;
 * - drafts (pre_bill) are staff's unfinished data entry, not yet the client's business.
 * Staff see every bill of the client: no condition. `on` is the bills the caller's query reads: bill-core's
 * own table, or `billList` in another module's query.
 */
export async function clientUserBillConditions(
  db: DbOrTx,
  scope: ClientScope,
  on: BillRelation = bills,
): Promise<SQL[]> {
  if (scope.via !== 'client' || scope.clientUserId === null) return [];
  return [ne(on.status, 'pre_bill'), ...(await clientUserVendorEntityConditions(db, scope, on))];
}

/**
 * The bill `billGuid` of the scope's client as the caller may see it, as conditions on `on` (the bill
 * page's one statement reads it with everything it shows).
 */
export async function visibleBillConditions(
  db: DbOrTx,
  scope: ClientScope,
  billGuid: string,
  on: BillRelation = bills,
): Promise<SQL[]> {
  return [
    eq(on.guid, billGuid),
    eq(on.clientId, scope.id),
    ...(await clientUserBillConditions(db, scope, on)),
  ];
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
  const where = and(...(await visibleBillConditions(db, scope, billGuid)));
  const query = db.select().from(bills).where(where);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  if (!row) throw notFound();
  return row;
}
