import { asc, eq, inArray, type SQLWrapper, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { groupPermissions, groups, groupUsers } from './tables.ts';

/** The permissions granted through groups to these memberships (organisation users): one query. */
export async function groupGrantsOf(
  db: DbOrTx,
  organizationUserIds: number[],
): Promise<{ organizationUserId: number; slug: string }[]> {
  if (organizationUserIds.length === 0) return [];
  return db
    .select({ organizationUserId: groupUsers.organizationUserId, slug: groupPermissions.slug })
    .from(groupUsers)
    .innerJoin(groupPermissions, eq(groupPermissions.groupId, groupUsers.groupId))
    .where(inArray(groupUsers.organizationUserId, organizationUserIds));
}

/** The groups of these memberships, by group name: one query. */
export async function groupsOfMemberships(
  db: DbOrTx,
  organizationUserIds: number[],
): Promise<{ organizationUserId: number; guid: string; name: string }[]> {
  if (organizationUserIds.length === 0) return [];
  return db
    .select({ organizationUserId: groupUsers.organizationUserId, guid: groups.guid, name: groups.name })
    .from(groupUsers)
    .innerJoin(groups, eq(groups.id, groupUsers.groupId))
    .where(inArray(groupUsers.organizationUserId, organizationUserIds))
    .orderBy(asc(groups.name), asc(groups.id));
}

/**
 * The permission slugs the groups of one membership grant, as a JSON array: a correlated piece of the
 * access guard's single read (modules/access), `organizationUserId` being the outer query's membership id.
 */
export const grantSlugsOf = (organizationUserId: SQLWrapper) =>
  sql<string[]>`coalesce((select json_agg(${groupPermissions.slug}) from ${groupUsers}
    inner join ${groupPermissions} on ${groupPermissions.groupId} = ${groupUsers.groupId}
    where ${groupUsers.organizationUserId} = ${organizationUserId}), '[]'::json)`;
