import type { PersonRef } from '@bp/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { ValidationError } from '../../platform/domain-errors.ts';
import { personColumns, personOf } from '../bill-core/index.ts';
import { memberships } from '../organizations/index.ts';
import { userList } from '../users/index.ts';

/**
 * The active staff membership of the organisation for a user guid; a 400 on `field` otherwise (a person
 * of another organisation reads exactly like one who does not exist).
 */
export async function staffMembershipOf(
  db: DbOrTx,
  organizationId: number,
  userGuid: string,
  field: string,
): Promise<number> {
  const [row] = await db
    .select({ id: memberships.id })
    .from(memberships)
    .innerJoin(userList, eq(userList.id, memberships.userId))
    .where(
      and(
        eq(userList.guid, userGuid),
        eq(memberships.organizationId, organizationId),
        eq(memberships.isActive, true),
      ),
    );
  if (!row) throw new ValidationError({ [field]: ['Choose a staff member of the organization.'] });
  return row.id;
}

/** Membership id → the person, for showing assignees. */
export async function peopleOfMemberships(
  db: DbOrTx,
  ids: (number | null)[],
): Promise<Map<number, PersonRef>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: memberships.id, person: personColumns })
    .from(memberships)
    .innerJoin(userList, eq(userList.id, memberships.userId))
    .where(inArray(memberships.id, wanted));
  const out = new Map<number, PersonRef>();
  for (const row of rows) {
    const person = personOf(row.person);
    if (person) out.set(row.id, person);
  }
  return out;
}

/** Membership id → its user id, for notifying. */
export async function userIdsOfMemberships(db: DbOrTx, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: memberships.id, userId: memberships.userId })
    .from(memberships)
    .where(and(inArray(memberships.id, ids), eq(memberships.isActive, true)));
  return new Map(rows.map((r) => [r.id, r.userId]));
}

/** Active staff memberships of the organisation by e-mail (lower case), for CSV imports. */
export async function staffByEmail(db: DbOrTx, organizationId: number): Promise<Map<string, number>> {
  const rows = await db
    .select({ id: memberships.id, email: userList.email })
    .from(memberships)
    .innerJoin(userList, eq(userList.id, memberships.userId))
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.isActive, true)));
  return new Map(rows.map((r) => [r.email.toLowerCase(), r.id]));
}
