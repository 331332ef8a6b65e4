import type { DbOrTx } from '../../platform/db.ts';
import type { SessionClaims } from '../../platform/tokens.ts';
import { isPasswordExpired, organizationRequiresMfa } from '../organizations/index.ts';
import type { UserRow } from '../users/index.ts';

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
