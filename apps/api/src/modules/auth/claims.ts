import { and, eq, isNotNull } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import type { SessionClaims } from '../../platform/tokens.ts';
import { organizations, organizationUsers } from '../organizations/tables.ts';
import type { users } from '../users/tables.ts';

type UserRow = typeof users.$inferSelect;

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

/** Two-factor required and not on: the session may only set it up (decision 012). */
export async function needsMfaSetup(db: DbOrTx, user: UserRow): Promise<boolean> {
  if (user.mfaEnabled) return false;
  return user.mfaRequired || (await organizationRequiresMfa(db, user.id));
}

export async function sessionClaimsFor(
  db: DbOrTx,
  user: UserRow,
  now: Date,
  maskedBy: string | null = null,
): Promise<SessionClaims> {
  return {
    sub: user.guid,
    staff: user.staff ?? null,
    type: user.type,
    password_expired: maskedBy ? false : await isPasswordExpired(db, user, now),
    masked_by: maskedBy,
    // Staff behind a mask signed in themselves; the masked user's two-factor is theirs to set up.
    mfa_setup_required: maskedBy ? false : await needsMfaSetup(db, user),
    gen: user.sessionGeneration,
  };
}
