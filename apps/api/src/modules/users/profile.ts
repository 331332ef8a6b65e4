import type { UserProfile } from '@bp/contracts';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import type { UserRow } from './lookup.ts';
import { userFeatures } from './tables.ts';

export const avatarPath = (user: UserRow) => (user.avatarKey ? `/v1/auth/users/${user.guid}/avatar` : null);

/** The user as the web and mobile apps see it (GET /v1/auth/users/{guid}). */
/**
 * What organisations require of a user's account. Organisations (and their memberships) sit above users,
 * so app.ts passes organizations' answers in.
 */
export interface AccountPolicy {
  isPasswordExpired(db: DbOrTx, user: UserRow, now: Date): Promise<boolean>;
  memberOfOrganizationRequiringMfa(db: DbOrTx, userId: number): Promise<boolean>;
}

export async function profileOf(
  db: DbOrTx,
  user: UserRow,
  now: Date,
  policy: AccountPolicy,
): Promise<UserProfile> {
  const features = await db
    .select({ feature_name: userFeatures.featureName })
    .from(userFeatures)
    .where(eq(userFeatures.userId, user.id))
    .orderBy(userFeatures.featureName);
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
    mfa_required: user.mfaRequired || (await policy.memberOfOrganizationRequiringMfa(db, user.id)),
    mfa_enabled: user.mfaEnabled,
    accepted_terms: user.acceptedTermsAt !== null,
    password_expired: await policy.isPasswordExpired(db, user, now),
    features,
  };
}
