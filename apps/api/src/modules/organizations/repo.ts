import type { Organization, OrganizationDetail } from '@bp/contracts';
import { and, asc, count, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import type { PageWindow } from '../../platform/pagination.ts';
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

/** Organisations the user is an active member of, by name. */
export async function organizationsOfUser(
  db: DbOrTx,
  userId: number,
  window: PageWindow,
  unreadCountsOf: UnreadCounts,
) {
  const where = and(eq(organizationUsers.userId, userId), eq(organizationUsers.isActive, true));
  const [total] = await db.select({ n: count() }).from(organizationUsers).where(where);
  const rows = await db
    .select({
      id: organizations.id,
      guid: organizations.guid,
      name: organizations.name,
      role: organizationUsers.role,
      team_label: organizationUsers.teamLabel,
      client_property_default: organizations.clientPropertyDefault,
    })
    .from(organizationUsers)
    .innerJoin(organizations, eq(organizations.id, organizationUsers.organizationId))
    .where(where)
    .orderBy(asc(organizations.name), asc(organizations.id))
    .limit(window.limit)
    .offset(window.offset);
  const unread = await unreadCountsOf(
    db,
    userId,
    rows.map((row) => row.id),
  );
  const results: Organization[] = rows.map(({ id, ...row }) => ({
    ...row,
    unread_count: unread.get(id) ?? 0,
  }));
  return { count: total?.n ?? 0, results };
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
