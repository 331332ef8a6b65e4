import { eq, inArray, notInArray, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { ClientScope } from '../../platform/access.ts';
import type { DbOrTx } from '../../platform/db.ts';
import { designatedEntities, excludedVendors } from './tables.ts';

/**
 * For other modules: what a client user may not see of its client's vendor-and-entity records
 * (bills, commitments — DESIGN §5), as conditions on that table's `vendorId` and `entityId` columns:
 * never an excluded vendor's; a designee with designated entities only those entities'.
 * Staff, and a client scope without a client user, see everything: no condition.
 */
export async function clientUserVendorEntityConditions(
  db: DbOrTx,
  scope: ClientScope,
  columns: { vendorId: PgColumn; entityId: PgColumn },
): Promise<SQL[]> {
  if (scope.via !== 'client' || scope.clientUserId === null) return [];
  const conditions: SQL[] = [];
  const excluded = await db
    .select({ id: excludedVendors.vendorId })
    .from(excludedVendors)
    .where(eq(excludedVendors.clientUserId, scope.clientUserId));
  if (excluded.length > 0)
    conditions.push(
      notInArray(
        columns.vendorId,
        excluded.map((e) => e.id),
      ),
    );
  if (scope.clientRole === 'designee') {
    const designated = await designatedEntityCondition(db, scope.clientUserId, columns.entityId);
    if (designated) conditions.push(designated);
  }
  return conditions;
}

/**
 * A designee with designated entities sees only those entities' records: the condition on `entityId`,
 * or null when the client user has no designated entity (it then sees all of its client's).
 */
export async function designatedEntityCondition(
  db: DbOrTx,
  clientUserId: number,
  entityId: PgColumn,
): Promise<SQL | null> {
  const designated = await db
    .select({ id: designatedEntities.entityId })
    .from(designatedEntities)
    .where(eq(designatedEntities.clientUserId, clientUserId));
  if (designated.length === 0) return null;
  return inArray(
    entityId,
    designated.map((d) => d.id),
  );
}
