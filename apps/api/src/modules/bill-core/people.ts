import type { BillNote, PersonRef } from '@bp/contracts';
import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
// Read only, to name who created, approved, wrote or uploaded something on a bill.
import { users } from '../users/tables.ts';

/** The user columns a person reference needs. */
export const personColumns = {
  guid: users.guid,
  firstName: users.firstName,
  lastName: users.lastName,
  avatarKey: users.avatarKey,
};
type PersonColumns = { guid: string; firstName: string; lastName: string; avatarKey: string | null };

/** A user as bills show it; the avatar path is the one users/profile.ts serves. */
export function personOf(user: PersonColumns | null | undefined): PersonRef | null {
  if (!user) return null;
  return {
    guid: user.guid,
    first_name: user.firstName,
    last_name: user.lastName,
    avatar: user.avatarKey ? `/v1/auth/users/${user.guid}/avatar` : null,
  };
}

/** A staff note, on a bill or a commitment (one shape in contracts), with its author as a person. */
export function noteOf(row: {
  note: { guid: string; body: string; createdAt: Date };
  user: PersonColumns | null;
}): BillNote {
  return {
    guid: row.note.guid,
    body: row.note.body,
    user: personOf(row.user),
    created_on: row.note.createdAt.toISOString(),
  };
}

/** Person references of many users by id, in one query. */
export async function peopleById(db: DbOrTx, ids: (number | null)[]): Promise<Map<number, PersonRef>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, ...personColumns })
    .from(users)
    .where(inArray(users.id, wanted));
  return new Map(rows.map((r) => [r.id, personOf(r) as PersonRef]));
}
