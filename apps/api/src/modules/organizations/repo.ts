import type { Organization, OrganizationDetail } from '@bp/contracts';
import { and, asc, type Column, count, eq, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../platform/db.ts';
import type { PageWindow } from '../../platform/pagination.ts';
import { preparedPerDatabase } from '../../platform/prepared.ts';
import { organizations, organizationUsers } from './tables.ts';

export type OrganizationRow = typeof organizations.$inferSelect;

/**
 * A user's unread bill messages per organisation (the lists' unread_count). Bill messages build on
 * organisations, so app.ts passes bill-messages' count in.
 */
export type UnreadCounts = (
  db: DbOrTx,
  userId: number,
  organizationIds: number[],
) => Promise<Map<number, number>>;

/**
 * A user's unread bill messages in an organisation, as a column of the organisation list's statement
 * (bill-messages' unreadInOrganizationColumn, passed in by app.ts like UnreadCounts).
 */
export type UnreadColumn = (organizationId: SQL | Column, userId: SQLWrapper) => SQL<number>;

const membershipOf = and(
  eq(organizationUsers.userId, sql.placeholder('userId')),
  eq(organizationUsers.isActive, true),
);

/**
 * The list's page, with the whole list's count (a window count: computed before LIMIT and OFFSET) and the
 * unread counts as columns: one statement, prepared once per database (issue 12 item 2).
 */
function preparePage(db: Db, unreadColumn: UnreadColumn) {
  return db
    .select({
      id: organizations.id,
      guid: organizations.guid,
      name: organizations.name,
      role: organizationUsers.role,
      team_label: organizationUsers.teamLabel,
      client_property_default: organizations.clientPropertyDefault,
      unread_count: unreadColumn(organizations.id, sql.placeholder('userId')),
      total: sql<number>`(count(*) over ())::int`,
    })
    .from(organizationUsers)
    .innerJoin(organizations, eq(organizations.id, organizationUsers.organizationId))
    .where(membershipOf)
    .orderBy(asc(organizations.name), asc(organizations.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare('organizations_of_user');
}

/**
 * Organisations a user is an active member of, by name, with their unread messages: the reader of the
 * list, its statement prepared once per database (`preparePage`).
 */
export function organizationsOfUserReader(unreadColumn: UnreadColumn) {
  const pageFor = preparedPerDatabase((db) => preparePage(db, unreadColumn));
  return async (
    db: Db,
    userId: number,
    window: PageWindow,
  ): Promise<{ count: number; results: Organization[] }> => {
    const rows = await pageFor(db).execute({ userId, limit: window.limit, offset: window.offset });
    // Past the last page there is no row to carry the count.
    const total =
      rows[0]?.total ??
      (window.offset === 0
        ? 0
        : ((
            await db.select({ n: count() }).from(organizationUsers).where(membershipOf).execute({ userId })
          )[0]?.n ?? 0));
    return { count: total, results: rows.map(({ id: _id, total: _total, ...row }) => row) };
  };
}

export async function findOrganization(db: DbOrTx, organizationId: number): Promise<OrganizationRow> {
  const [row] = await db.select().from(organizations).where(eq(organizations.id, organizationId));
  if (!row) throw new Error(`organisation ${organizationId} vanished`);
  return row;
}

/** The member's unread messages in the organisation (SPEC §3 unread_count). */
export async function unreadCountOfMember(
  db: DbOrTx,
  member: { id: number; organizationUserId: number },
  unreadCountsOf: UnreadCounts,
): Promise<number> {
  const [membership] = await db
    .select({ userId: organizationUsers.userId })
    .from(organizationUsers)
    .where(eq(organizationUsers.id, member.organizationUserId));
  if (!membership) return 0;
  return (await unreadCountsOf(db, membership.userId, [member.id])).get(member.id) ?? 0;
}

/** The organisation with its settings, as one of its members (`role`, `team_label`) sees it. */
export function detailOf(
  row: OrganizationRow,
  member: { role: string; teamLabel: string | null },
  unreadCount: number,
): OrganizationDetail {
  return {
    guid: row.guid,
    name: row.name,
    unread_count: unreadCount,
    role: member.role,
    team_label: member.teamLabel,
    client_property_default: row.clientPropertyDefault,
    password_expiry_days: row.passwordExpiryDays,
    mfa_required: row.mfaRequired,
    support_email: row.supportEmail,
    support_phone: row.supportPhone,
    updated_on: row.updatedAt.toISOString(),
  };
}
