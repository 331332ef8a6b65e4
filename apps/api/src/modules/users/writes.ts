import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import type { UserRow } from './lookup.ts';
import { users } from './tables.ts';

/**
 * Writes other modules make to users (auth, mfa, staff, clients), each in the caller's transaction so a
 * request stays one transaction; the table stays in this module.
 */

/** The fields of a user another module may change (never its id, guid or session generation). */
export type UserChanges = Partial<
  Pick<
    UserRow,
    'passwordHash' | 'passwordSetAt' | 'firstName' | 'lastName' | 'status' | 'isActive' | 'mfaEnabled'
  >
>;

/** Changes a user and stamps `updatedAt`; answers the changed row, or undefined when there is none. */
export async function updateUser(
  tx: DbOrTx,
  userId: number,
  changes: UserChanges,
  at: Date,
): Promise<UserRow | undefined> {
  const [row] = await tx
    .update(users)
    .set({ ...changes, updatedAt: at })
    .where(eq(users.id, userId))
    .returning();
  return row;
}

/**
 * Raises the user's session generation (decision 016: every token issued before is refused), with any
 * other changes made at the same time; answers the changed row.
 */
export async function raiseSessionGeneration(
  tx: DbOrTx,
  userId: number,
  at: Date,
  changes: UserChanges = {},
): Promise<UserRow | undefined> {
  const [row] = await tx
    .update(users)
    .set({ ...changes, sessionGeneration: sql`${users.sessionGeneration} + 1`, updatedAt: at })
    .where(eq(users.id, userId))
    .returning();
  return row;
}

/** A person invited to sign in, with no password yet. */
export interface InvitedUser {
  email: string;
  firstName: string;
  lastName: string;
  type: UserRow['type'];
}

/**
 * Adds a user waiting for an invitation (`pending_invite`). With `ifNew`, an address already taken (a
 * concurrent invitation) answers undefined instead of failing.
 */
export async function insertInvitedUser(
  tx: DbOrTx,
  person: InvitedUser,
  at: Date,
  options: { ifNew?: boolean } = {},
): Promise<UserRow | undefined> {
  const insert = tx
    .insert(users)
    .values({ ...person, status: 'pending_invite', createdAt: at, updatedAt: at });
  const [row] = await (options.ifNew ? insert.onConflictDoNothing() : insert).returning();
  return row;
}
