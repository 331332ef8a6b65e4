import type { UserProfile } from '@bp/contracts';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { isPasswordExpired } from '../auth/claims.ts';
import { organizations, organizationUsers } from '../organizations/tables.ts';
import { userFeatures, type users } from './tables.ts';

type UserRow = typeof users.$inferSelect;

export const avatarPath = (user: UserRow) => (user.avatarKey ? `/v1/auth/users/${user.guid}/avatar` : null);

/** The user as the web and mobile apps see it (GET /v1/auth/users/{guid}). */
export async function profileOf(db: DbOrTx, user: UserRow, now: Date): Promise<UserProfile> {
  const features = await db
    .select({ feature_name: userFeatures.featureName })
    .from(userFeatures)
    .where(eq(userFeatures.userId, user.id))
    .orderBy(userFeatures.featureName);
  const requiring = await db
    .select({ id: organizations.id })
    .from(organizationUsers)
    .innerJoin(organizations, eq(organizations.id, organizationUsers.organizationId))
    .where(and(eq(organizationUsers.userId, user.id), eq(organizations.mfaRequired, true)))
    .limit(1);
  return {
    guid: user.guid,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    avatar: avatarPath(user),
    type: user.type,
    staff: user.staff ?? null,
    service: user.service ?? null,
    advisor_dashboard_enabled: user.advisorDashboardEnabled,
    foa_dashboard_enabled: user.foaDashboardEnabled,
    mfa_required: user.mfaRequired || requiring.length > 0,
    mfa_enabled: user.mfaEnabled,
    accepted_terms: user.acceptedTermsAt !== null,
    password_expired: await isPasswordExpired(db, user, now),
    features,
  };
}
