import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../platform/db.ts';
import { reconciliations } from './tables.ts';

/** What other modules need of a reconciliation to tie their records to it (bank feeds, decision 036). */
export interface ReconciliationRef {
  id: number;
  guid: string;
  entityId: number;
  accountId: number | null;
  periodStart: string;
  periodEnd: string;
}

const refColumns = {
  id: reconciliations.id,
  guid: reconciliations.guid,
  entityId: reconciliations.entityId,
  accountId: reconciliations.accountId,
  periodStart: reconciliations.periodStart,
  periodEnd: reconciliations.periodEnd,
};

/** The client's reconciliation with this guid, or undefined. */
export async function reconciliationOfClient(
  db: DbOrTx,
  clientId: number,
  guid: string,
): Promise<ReconciliationRef | undefined> {
  const [row] = await db
    .select(refColumns)
    .from(reconciliations)
    .where(and(eq(reconciliations.clientId, clientId), eq(reconciliations.guid, guid)));
  return row;
}

/**
 * The entity's reconciliation whose period holds `day`, or undefined when none exists yet: the one of
 * `accountId` (a chart account: a fed bank account's, decision 037) when there is one, else the entity's
 * books (no account), else one of its other accounts'.
 */
export async function reconciliationCovering(
  db: DbOrTx,
  entityId: number,
  day: string,
  accountId: number | null = null,
): Promise<ReconciliationRef | undefined> {
  const [row] = await db
    .select(refColumns)
    .from(reconciliations)
    .where(
      and(
        eq(reconciliations.entityId, entityId),
        lte(reconciliations.periodStart, day),
        gte(reconciliations.periodEnd, day),
      ),
    )
    .orderBy(
      sql`(${reconciliations.accountId} is not distinct from ${accountId}::bigint) desc`,
      sql`${reconciliations.accountId} nulls first`,
      asc(reconciliations.id),
    )
    .limit(1);
  return row;
}

/** Reconciliations as a query piece others join by id (their guid and period). */
export const reconciliationRows = new QueryBuilder()
  .select(refColumns)
  .from(reconciliations)
  .as('reconciliation_rows');
