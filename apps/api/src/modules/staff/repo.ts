import type { STAFF_ORDERING, StaffUser } from '@bp/contracts';
import { effectivePermissions, staffFlags, USER_STATUS_LABELS } from '@bp/domain';
import { and, asc, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { isGuid } from '../../platform/access.ts';
import type { DbOrTx } from '../../platform/db.ts';
import type { PageWindow } from '../../platform/pagination.ts';
import { escapeLike } from '../../platform/search.ts';
import { groupGrantsOf, groupsOfMemberships } from '../groups/index.ts';
import { type MembershipRow, membershipColumns, memberships } from '../organizations/index.ts';
import { type UserRow, userColumns, userList } from '../users/index.ts';
import { notFound } from './errors.ts';

export interface Member {
  user: UserRow;
  membership: MembershipRow;
}

/** A user of this organisation (active or not) by user guid; anyone else is a 404. */
export async function findMember(db: DbOrTx, organizationId: number, userGuid: string): Promise<Member> {
  if (!isGuid(userGuid)) throw notFound();
  const [row] = await db
    .select({ user: userColumns, membership: membershipColumns })
    .from(memberships)
    .innerJoin(userList, eq(userList.id, memberships.userId))
    .where(and(eq(memberships.organizationId, organizationId), eq(userList.guid, userGuid)));
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
  first_name: userList.firstName,
  last_name: userList.lastName,
  email: userList.email,
  role: memberships.role,
  team_label: memberships.teamLabel,
  created_on: memberships.createdAt,
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
  const conditions: SQL[] = [eq(memberships.organizationId, organizationId)];
  const term = options.search?.trim();
  if (term) {
    const like = `%${escapeLike(term)}%`;
    const match = or(
      ilike(userList.firstName, like),
      ilike(userList.lastName, like),
      ilike(userList.email, like),
      ilike(sql`${userList.firstName} || ' ' || ${userList.lastName}`, like),
    );
    if (match) conditions.push(match);
  }
  if (options.teamLabel)
    conditions.push(sql`lower(${memberships.teamLabel}) = ${options.teamLabel.toLowerCase()}`);
  if (options.isActive !== undefined) {
    const active = and(eq(memberships.isActive, true), eq(userList.isActive, true));
    if (options.isActive && active) conditions.push(active);
    else conditions.push(sql`not (${memberships.isActive} and ${userList.isActive})`);
  }
  const where = and(...conditions);
  const [total] = await db
    .select({ n: count() })
    .from(memberships)
    .innerJoin(userList, eq(userList.id, memberships.userId))
    .where(where);
  const column = ORDER_COLUMNS[options.ordering.field];
  const direction = options.ordering.desc ? desc : asc;
  const rows = await db
    .select({ user: userColumns, membership: membershipColumns })
    .from(memberships)
    .innerJoin(userList, eq(userList.id, memberships.userId))
    .where(where)
    .orderBy(direction(column), asc(userList.lastName), asc(userList.firstName), asc(memberships.id))
    .limit(options.window.limit)
    .offset(options.window.offset);
  return { count: total?.n ?? 0, results: await staffItems(db, rows) };
}
