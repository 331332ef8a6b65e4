import { and, eq, type SQL } from 'drizzle-orm';
import type { ClientScope } from '../../platform/access.ts';
import type { DbOrTx } from '../../platform/db.ts';
import { clientUserVendorEntityConditions } from '../entities/index.ts';
import { type CommitmentRow, type CommitmentView, selectCommitments } from './commitment-presenter.ts';
import { notFound } from './errors.ts';
import { commitments } from './tables.ts';

/** What a client user may not see of its client's commitments: the same limits as its bills, less the draft rule. */
export async function clientUserCommitmentConditions(db: DbOrTx, scope: ClientScope): Promise<SQL[]> {
  return clientUserVendorEntityConditions(db, scope, commitments);
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
