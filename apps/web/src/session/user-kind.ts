import type { AccessClaims, Organization, UserProfile } from '@bp/contracts';
import {
  hasFeature as domainHasFeature,
  isInternalStaff as domainIsInternalStaff,
  isAssociate as isAssociateMember,
  isOrgAdmin,
  type UserFeature,
} from '@bp/domain';

/** Client users in one of these modes see many clients through their own dashboard (SPEC.md §4, §6). */
export type ClientMode = 'advisor' | 'family_office';

export function clientModeOf(profile: UserProfile | null): ClientMode | null {
  if (!profile || profile.type === 'bporg') return null;
  if (profile.service === 'wealth_manager' && profile.advisor_dashboard_enabled) return 'advisor';
  if (profile.service === 'family_office' && profile.foa_dashboard_enabled) return 'family_office';
  return null;
}

/** Internal staff (token `staff` admin or member) may mask and see /non-staff-users. */
export function isInternalStaff(claims: AccessClaims | null): boolean {
  return domainIsInternalStaff(claims?.staff);
}

/**
 * Staff whose password expired must change it before anything else. Organisation users count as
 * staff too: the server sets the claim only where the password policy applies.
 */
export function mustChangePassword(claims: AccessClaims | null): boolean {
  return claims?.password_expired === true && (isInternalStaff(claims) || claims.type === 'bporg');
}

/**
 * Which kind of user `claims` (decoded from the stored access token, before the session has read the
 * profile) say this is: null when there are none, or while the password must be changed first (the
 * API then refuses everything else).
 */
export function userKindOf(claims: AccessClaims | null): 'org' | 'client' | null {
  if (!claims || mustChangePassword(claims)) return null;
  return claims.type === 'bporg' ? 'org' : 'client';
}

export function hasFeature(profile: UserProfile | null, feature: UserFeature): boolean {
  return domainHasFeature(profile?.features, feature);
}

/** Team label Associate (SPEC.md §6): their home is the associate dashboard. */
export function isAssociate(organization: Pick<Organization, 'team_label'> | null): boolean {
  return organization !== null && isAssociateMember(organization);
}

/** Org Settings and Parent Institutions are for organisation roles admin and super_admin only. */
export function isOrganizationAdmin(organization: Pick<Organization, 'role'> | null): boolean {
  return organization !== null && isOrgAdmin(organization);
}
