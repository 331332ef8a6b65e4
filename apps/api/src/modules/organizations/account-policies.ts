import { and, eq, isNotNull } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import type { UserRow } from '../users/index.ts';
import { organizations, organizationUsers } from './tables.ts';

// What organisations require of their people's accounts (SPEC.md §3): auth puts these in the session
// claims; users' profile gets them through the AccountPolicy app.ts passes in (users sits below).

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A staff password is expired when it is older than the strictest expiry of the organisations the user
 * belongs to. Client users have no expiry.
 */
export async function isPasswordExpired(db: DbOrTx, user: UserRow, now: Date): Promise<boolean> {
  if (user.type !== 'bporg') return false;
  const rows = await db
    .select({ days: organizations.passwordExpiryDays })
    .from(organizationUsers)
    .innerJoin(organizations, eq(organizations.id, organizationUsers.organizationId))
    .where(
      and(
        eq(organizationUsers.userId, user.id),
        eq(organizationUsers.isActive, true),
        isNotNull(organizations.passwordExpiryDays),
      ),
    );
  const days = rows.map((r) => r.days).filter((d): d is number => typeof d === 'number' && d > 0);
  if (days.length === 0) return false;
  const limit = Math.min(...days);
  const setAt = user.passwordSetAt ?? user.createdAt;
  return now.getTime() - setAt.getTime() > limit * DAY_MS;
}

/** Does an organisation the user works in require two-factor? (SPEC.md §3 Current user mfa_required) */
export async function organizationRequiresMfa(db: DbOrTx, userId: number): Promise<boolean> {
  const rows = await db
    .select({ id: organizations.id })
    .from(organizationUsers)
    .innerJoin(organizations, eq(organizations.id, organizationUsers.organizationId))
    .where(
      and(
        eq(organizationUsers.userId, userId),
        eq(organizationUsers.isActive, true),
        eq(organizations.mfaRequired, true),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** Is the user a member (active or not) of an organisation that requires two-factor? (the profile's mfa_required) */
export async function memberOfOrganizationRequiringMfa(db: DbOrTx, userId: number): Promise<boolean> {
  const requiring = await db
    .select({ id: organizations.id })
    .from(organizationUsers)
    .innerJoin(organizations, eq(organizations.id, organizationUsers.organizationId))
    .where(and(eq(organizationUsers.userId, userId), eq(organizations.mfaRequired, true)))
    .limit(1);
  return requiring.length > 0;
}
