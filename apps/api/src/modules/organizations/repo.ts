import type { Organization } from '@bp/contracts';
import { and, asc, count, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import type { PageWindow } from '../../platform/pagination.ts';
import { organizations, organizationUsers } from './tables.ts';

/** Organisations the user is an active member of, by name. */
export async function organizationsOfUser(db: DbOrTx, userId: number, window: PageWindow) {
  const where = and(eq(organizationUsers.userId, userId), eq(organizationUsers.isActive, true));
  const [total] = await db.select({ n: count() }).from(organizationUsers).where(where);
  const rows = await db
    .select({
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
  // Messages arrive with the bills module; until then nothing is unread.
  const results: Organization[] = rows.map((row) => ({ ...row, unread_count: 0 }));
  return { count: total?.n ?? 0, results };
}
