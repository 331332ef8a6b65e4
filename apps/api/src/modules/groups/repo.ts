import type { Group, GroupMember } from '@bp/contracts';
import { and, asc, count, desc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import { isGuid } from '../../platform/access.ts';
import type { DbOrTx } from '../../platform/db.ts';
import type { PageWindow } from '../../platform/pagination.ts';
import { containsAny } from '../../platform/search.ts';
import { memberships } from '../organizations/index.ts';
import { userColumns, userList } from '../users/index.ts';
import { notFound } from './errors.ts';
import { groupPermissions, groups, groupUsers } from './tables.ts';

export type GroupRow = typeof groups.$inferSelect;

export const GROUP_ORDERING = ['name', 'created_on'] as const;

/** A group of this organisation; another organisation's group (or a malformed id) is a 404. */
export async function findGroup(db: DbOrTx, organizationId: number, groupGuid: string): Promise<GroupRow> {
  if (!isGuid(groupGuid)) throw notFound();
  const [row] = await db
    .select()
    .from(groups)
    .where(and(eq(groups.guid, groupGuid), eq(groups.organizationId, organizationId)));
  if (!row) throw notFound();
  return row;
}

/** A member (active or not) of this organisation by user guid, or 404. */
export async function findMembership(db: DbOrTx, organizationId: number, userGuid: string) {
  if (!isGuid(userGuid)) throw notFound();
  const [row] = await db
    .select({ membershipId: memberships.id, userId: userList.id, email: userList.email })
    .from(memberships)
    .innerJoin(userList, eq(userList.id, memberships.userId))
    .where(and(eq(memberships.organizationId, organizationId), eq(userList.guid, userGuid)));
  if (!row) throw notFound();
  return row;
}

/** True when another group of the organisation already has this name (case-insensitively). */
export async function nameTaken(db: DbOrTx, organizationId: number, name: string, exceptId?: number) {
  const conditions: SQL[] = [
    eq(groups.organizationId, organizationId),
    sql`lower(${groups.name}) = ${name.toLowerCase()}`,
  ];
  if (exceptId !== undefined) conditions.push(ne(groups.id, exceptId));
  const [row] = await db
    .select({ id: groups.id })
    .from(groups)
    .where(and(...conditions))
    .limit(1);
  return row !== undefined;
}

export async function slugsOf(db: DbOrTx, groupId: number): Promise<string[]> {
  const rows = await db
    .select({ slug: groupPermissions.slug })
    .from(groupPermissions)
    .where(eq(groupPermissions.groupId, groupId))
    .orderBy(asc(groupPermissions.slug));
  return rows.map((r) => r.slug);
}

/** Groups as the API shows them, with their permissions and member counts. */
export async function groupItems(db: DbOrTx, rows: GroupRow[]): Promise<Group[]> {
  const ids = rows.map((g) => g.id);
  if (ids.length === 0) return [];
  const slugs = await db
    .select({ groupId: groupPermissions.groupId, slug: groupPermissions.slug })
    .from(groupPermissions)
    .where(inArray(groupPermissions.groupId, ids))
    .orderBy(asc(groupPermissions.slug));
  const counts = await db
    .select({ groupId: groupUsers.groupId, n: count() })
    .from(groupUsers)
    .where(inArray(groupUsers.groupId, ids))
    .groupBy(groupUsers.groupId);
  return rows.map((g) => ({
    guid: g.guid,
    name: g.name,
    description: g.description,
    permissions: slugs.filter((s) => s.groupId === g.id).map((s) => s.slug),
    user_count: counts.find((c) => c.groupId === g.id)?.n ?? 0,
    created_on: g.createdAt.toISOString(),
    updated_on: g.updatedAt.toISOString(),
  }));
}

export async function listGroups(
  db: DbOrTx,
  organizationId: number,
  options: {
    window: PageWindow;
    search?: string | undefined;
    ordering: { field: (typeof GROUP_ORDERING)[number]; desc: boolean };
  },
) {
  const conditions: SQL[] = [eq(groups.organizationId, organizationId)];
  const match = containsAny(options.search, [groups.name, groups.description]);
  if (match) conditions.push(match);
  const where = and(...conditions);
  const [total] = await db.select({ n: count() }).from(groups).where(where);
  const column = options.ordering.field === 'name' ? groups.name : groups.createdAt;
  const rows = await db
    .select()
    .from(groups)
    .where(where)
    .orderBy(options.ordering.desc ? desc(column) : asc(column), asc(groups.id))
    .limit(options.window.limit)
    .offset(options.window.offset);
  return { count: total?.n ?? 0, results: await groupItems(db, rows) };
}

export async function listGroupMembers(db: DbOrTx, groupId: number, window: PageWindow) {
  const where = eq(groupUsers.groupId, groupId);
  const [total] = await db.select({ n: count() }).from(groupUsers).where(where);
  const rows = await db
    .select({
      user: userColumns,
      membership: {
        role: memberships.role,
        teamLabel: memberships.teamLabel,
        isActive: memberships.isActive,
      },
    })
    .from(groupUsers)
    .innerJoin(memberships, eq(memberships.id, groupUsers.organizationUserId))
    .innerJoin(userList, eq(userList.id, memberships.userId))
    .where(where)
    .orderBy(asc(userList.lastName), asc(userList.firstName), asc(userList.id))
    .limit(window.limit)
    .offset(window.offset);
  const results: GroupMember[] = rows.map(({ user, membership }) => ({
    guid: user.guid,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    role: membership.role,
    team_label: membership.teamLabel,
    is_active: membership.isActive && user.isActive,
  }));
  return { count: total?.n ?? 0, results };
}

/** The groups a member belongs to, by name. */
export async function groupsOfMember(db: DbOrTx, membershipId: number): Promise<GroupRow[]> {
  const rows = await db
    .select({ group: groups })
    .from(groupUsers)
    .innerJoin(groups, eq(groups.id, groupUsers.groupId))
    .where(eq(groupUsers.organizationUserId, membershipId))
    .orderBy(asc(groups.name), asc(groups.id));
  return rows.map((r) => r.group);
}
