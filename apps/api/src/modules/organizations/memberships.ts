import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import type { MembershipRow } from './query-pieces.ts';
import { organizationUsers } from './tables.ts';

/**
 * Writes other modules make to memberships (staff adds, edits and disables an organisation's users), in
 * the caller's transaction so a request stays one transaction.
 */

export async function insertMembership(
  tx: DbOrTx,
  membership: Pick<MembershipRow, 'organizationId' | 'userId' | 'role' | 'teamLabel' | 'createdAt'>,
): Promise<void> {
  await tx.insert(organizationUsers).values(membership);
}

/** The fields of a membership another module may change. */
export type MembershipChanges = Partial<Pick<MembershipRow, 'role' | 'teamLabel' | 'isActive'>>;

export async function updateMembership(tx: DbOrTx, membershipId: number, changes: MembershipChanges) {
  await tx.update(organizationUsers).set(changes).where(eq(organizationUsers.id, membershipId));
}
