import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { clientAssignments } from './tables.ts';

/**
 * Writes staff makes to a client's assignments (who works on it, as the assigned person or the backup),
 * in the caller's transaction so a request stays one transaction.
 */

export type ClientAssignmentRow = typeof clientAssignments.$inferSelect;
type Who = { organizationUserId: number; clientId: number };

/** Adds an assignment; undefined when a concurrent one for the same person and client got there first. */
export async function insertAssignment(
  tx: DbOrTx,
  assignment: Who & Pick<ClientAssignmentRow, 'kind'>,
): Promise<ClientAssignmentRow | undefined> {
  const [row] = await tx
    .insert(clientAssignments)
    .values(assignment)
    .onConflictDoNothing({ target: [clientAssignments.organizationUserId, clientAssignments.clientId] })
    .returning();
  return row;
}

export async function setAssignmentKind(
  tx: DbOrTx,
  assignmentId: number,
  kind: ClientAssignmentRow['kind'],
): Promise<ClientAssignmentRow | undefined> {
  const [row] = await tx
    .update(clientAssignments)
    .set({ kind })
    .where(eq(clientAssignments.id, assignmentId))
    .returning();
  return row;
}

/** Removes the person's assignment to the client; answers the removed row, or undefined. */
export async function deleteAssignment(tx: DbOrTx, who: Who): Promise<ClientAssignmentRow | undefined> {
  const [row] = await tx
    .delete(clientAssignments)
    .where(
      and(
        eq(clientAssignments.organizationUserId, who.organizationUserId),
        eq(clientAssignments.clientId, who.clientId),
      ),
    )
    .returning();
  return row;
}
