import { and, eq, inArray, notInArray, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { ClientScope } from '../../platform/access.ts';
import type { DbOrTx } from '../../platform/db.ts';
import { notFound } from '../../platform/errors.ts';
import { designatedEntities, excludedVendors } from '../entities/tables.ts';
import { type CommitmentRow, type CommitmentView, selectCommitments } from './commitment-presenter.ts';
import { commitments } from './tables.ts';

/**
 * What a client user may not see of its client's commitments, as its bills (bills/bill-visibility.ts):
 * never an excluded vendor's; a designee with designated entities only those entities'. Staff: none.
 * `columns` lets the same limits apply to bills (vendor and entity columns of another table).
 */
export async function clientUserCommitmentConditions(
  db: DbOrTx,
  scope: ClientScope,
  columns: { vendorId: PgColumn; entityId: PgColumn } = commitments,
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
    const designated = await db
      .select({ id: designatedEntities.entityId })
      .from(designatedEntities)
      .where(eq(designatedEntities.clientUserId, scope.clientUserId));
    if (designated.length > 0)
      conditions.push(
        inArray(
          columns.entityId,
          designated.map((d) => d.id),
        ),
      );
  }
  return conditions;
}

/** The commitment `id` of the scope's client as the caller may see it, or 404 (no existence leak). */
export async function findCommitment(db: DbOrTx, scope: ClientScope, id: number): Promise<CommitmentView> {
  const [row] = await selectCommitments(db).where(
    and(
      eq(commitments.id, id),
      eq(commitments.clientId, scope.id),
      ...(await clientUserCommitmentConditions(db, scope)),
    ),
  );
  if (!row) throw notFound();
  return row;
}

/** The commitment's row, locked for the rest of the transaction (writes: staff only), or 404. */
export async function lockCommitment(tx: DbOrTx, scope: ClientScope, id: number): Promise<CommitmentRow> {
  const [row] = await tx
    .select()
    .from(commitments)
    .where(and(eq(commitments.id, id), eq(commitments.clientId, scope.id)))
    .for('update');
  if (!row) throw notFound();
  return row;
}
