import { and, asc, eq } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit/audit.ts';
import type { Db, DbOrTx } from '../../platform/db.ts';
import { conflict, notFound } from './errors.ts';
import type { BooksScope } from './scope.ts';
import { bookClosedPeriods } from './tables.ts';

/** Closed months of the entity, oldest first, as YYYY-MM. */
export async function listClosedPeriods(db: DbOrTx, scope: BooksScope) {
  const rows = await db
    .select()
    .from(bookClosedPeriods)
    .where(eq(bookClosedPeriods.entityId, scope.entityId))
    .orderBy(asc(bookClosedPeriods.month));
  return { results: rows.map((r) => ({ month: r.month.slice(0, 7), closed_on: r.closedAt.toISOString() })) };
}

/** Closes a month (YYYY-MM): from now on the database refuses postings dated in it. */
export async function closePeriod(db: Db, scope: BooksScope, month: string, now: Date) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(bookClosedPeriods)
      .values({ entityId: scope.entityId, month: `${month}-01`, closedBy: scope.userId, closedAt: now })
      .onConflictDoNothing()
      .returning();
    if (!row) throw conflict('This period is already closed.', 'period_closed');
    await recordAudit(tx, scope.actor, {
      action: 'book_period_closed',
      objectType: 'book_period',
      objectGuid: null,
      organizationId: scope.organizationId,
      clientId: scope.clientId,
      changes: { month: { before: null, after: month }, entity: { before: null, after: scope.entityGuid } },
    });
    return listClosedPeriods(tx, scope);
  });
}

/** Reopens a closed month. */
export async function reopenPeriod(db: Db, scope: BooksScope, month: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(bookClosedPeriods)
      .where(and(eq(bookClosedPeriods.entityId, scope.entityId), eq(bookClosedPeriods.month, `${month}-01`)))
      .returning();
    if (!row) throw notFound('This period is not closed.');
    await recordAudit(tx, scope.actor, {
      action: 'book_period_reopened',
      objectType: 'book_period',
      objectGuid: null,
      organizationId: scope.organizationId,
      clientId: scope.clientId,
      changes: { month: { before: month, after: null }, entity: { before: scope.entityGuid, after: null } },
    });
  });
}
