import type { STAFF_ORDERING, StaffUser } from '@bp/contracts';
import { effectivePermissions, staffFlags, USER_STATUS_LABELS } from '@bp/domain';
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { isGuid } from '../../platform/access.ts';
import type { DbOrTx } from '../../platform/db.ts';
import { notFound } from '../../platform/errors.ts';
import type { PageWindow } from '../../platform/pagination.ts';
import { escapeLike } from '../../platform/search.ts';
import { groupGrantsOf, groupsOfMemberships } from '../groups/index.ts';
import { organizationUsers } from '../organizations/tables.ts';
import { users } from '../users/tables.ts';

export type UserRow = typeof users.$inferSelect;
export type MembershipRow = typeof organizationUsers.$inferSelect;
export interface Member {
  user: UserRow;
  membership: MembershipRow;
}

/** A user of this organisation (active or not) by user guid; anyone else is a 404. */
export async function findMember(db: DbOrTx, organizationId: number, userGuid: string): Promise<Member> {
  if (!isGuid(userGuid)) throw notFound();
  const [row] = await db
    .select({ user: users, membership: organizationUsers })
    .from(organizationUsers)
    .innerJoin(users, eq(users.id, organizationUsers.userId))
    .where(and(eq(organizationUsers.organizationId, organizationId), eq(users.guid, userGuid)));
  if (!row) throw notFound();
  return row;
}

/** Staff items with their groups and effective permissions (two queries for the whole page). */
export async function staffItems(db: DbOrTx, members: Member[]): Promise<StaffUser[]> {
  const ids = members.map((m) => m.membership.id);
  const memberGroups = await groupsOfMemberships(db, ids);
  const granted = await groupGrantsOf(db, ids);
  return members.map(({ user, membership }) => {
    const member = { role: membership.role, team_label: membership.teamLabel };
    const { isAssociate, isManagerLead, isIT, isAccounting } = staffFlags(member);
    return {
      guid: user.guid,
      email: user.email,
      first_name: user.firstName,
      last_name: user.lastName,
      role: membership.role,
      team_label: membership.teamLabel,
      is_active: membership.isActive && user.isActive,
      status: user.status,
      status_label: USER_STATUS_LABELS[user.status],
      created_on: membership.createdAt.toISOString(),
      isAssociate,
      isManagerLead,
      isIT,
      isAccounting,
      groups: memberGroups
        .filter((g) => g.organizationUserId === membership.id)
        .map((g) => ({ guid: g.guid, name: g.name })),
      permissions: effectivePermissions({
        ...member,
        groupPermissions: granted.filter((g) => g.organizationUserId === membership.id).map((g) => g.slug),
      }),
    };
  });
}

const ORDER_COLUMNS = {
  first_name: users.firstName,
  last_name: users.lastName,
  email: users.email,
  role: organizationUsers.role,
  team_label: organizationUsers.teamLabel,
  created_on: organizationUsers.createdAt,
} as const;

export async function listStaff(
  db: DbOrTx,
  organizationId: number,
  options: {
    window: PageWindow;
    search?: string | undefined;
    teamLabel?: string | undefined;
    isActive?: boolean | undefined;
    ordering: { field: (typeof STAFF_ORDERING)[number]; desc: boolean };
  },
) {
  const conditions: SQL[] = [eq(organizationUsers.organizationId, organizationId)];
  const term = options.search?.trim();
  if (term) {
    const like = `%${escapeLike(term)}%`;
    const match = or(
      ilike(users.firstName, like),
      ilike(users.lastName, like),
      ilike(users.email, like),
      ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, like),
    );
    if (match) conditions.push(match);
  }
  if (options.teamLabel)
    conditions.push(sql`lower(${organizationUsers.teamLabel}) = ${options.teamLabel.toLowerCase()}`);
  if (options.isActive !== undefined) {
    const active = and(eq(organizationUsers.isActive, true), eq(users.isActive, true));
    if (options.isActive && active) conditions.push(active);
    else conditions.push(sql`not (${organizationUsers.isActive} and ${users.isActive})`);
  }
  const where = and(...conditions);
  const [total] = await db
    .select({ n: count() })
    .from(organizationUsers)
    .innerJoin(users, eq(users.id, organizationUsers.userId))
    .where(where);
  const column = ORDER_COLUMNS[options.ordering.field];
  const direction = options.ordering.desc ? desc : asc;
  const rows = await db
    .select({ user: users, membership: organizationUsers })
    .from(organizationUsers)
    .innerJoin(users, eq(users.id, organizationUsers.userId))
    .where(where)
    .orderBy(direction(column), asc(users.lastName), asc(users.firstName), asc(organizationUsers.id))
    .limit(options.window.limit)
    .offset(options.window.offset);
  return { count: total?.n ?? 0, results: await staffItems(db, rows) };
}
