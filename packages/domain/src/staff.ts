/**
 * Staff flags derived from an organisation user's role and team label (SPEC §6).
 */
import type { Role, StaffKind } from './enums/users.ts';

/** The fields the flags read; the team label is one of ORG_TEAM_LABEL_VALUES or absent. */
export interface StaffMember {
  role?: Role | string | null;
  team_label?: string | null;
}

export interface StaffFlags {
  isAssociate: boolean;
  isManagerLead: boolean;
  isIT: boolean;
  isAccounting: boolean;
  isOrgAdmin: boolean;
}

/** Team labels compare trimmed and case-insensitively ('it' is IT). */
function teamIs(member: StaffMember, ...labels: string[]): boolean {
  const team = member.team_label?.trim().toLowerCase();
  return team !== undefined && labels.some((label) => label.toLowerCase() === team);
}

/** Team label Associate. */
export function isAssociate(member: StaffMember): boolean {
  return teamIs(member, 'Associate');
}

/** Role super_admin, or team label Manager, Lead or Supervisor. */
export function isManagerLead(member: StaffMember): boolean {
  return member.role === 'super_admin' || teamIs(member, 'Manager', 'Lead', 'Supervisor');
}

/** Team label IT. */
export function isIT(member: StaffMember): boolean {
  return teamIs(member, 'IT');
}

/** Team label Accounting. */
export function isAccounting(member: StaffMember): boolean {
  return teamIs(member, 'Accounting');
}

/** Role admin or super_admin: sees Org Settings and Parent Institutions. */
export function isOrgAdmin(member: StaffMember): boolean {
  return member.role === 'admin' || member.role === 'super_admin';
}

/** All the flags at once. */
export function staffFlags(member: StaffMember): StaffFlags {
  return {
    isAssociate: isAssociate(member),
    isManagerLead: isManagerLead(member),
    isIT: isIT(member),
    isAccounting: isAccounting(member),
    isOrgAdmin: isOrgAdmin(member),
  };
}

/** Internal staff (token `staff` claim admin or member) may mask and see the non-staff-users page. */
export function isInternalStaff(staff: StaffKind | string | null | undefined): boolean {
  return staff === 'admin' || staff === 'member';
}

/** Observers are view-only. */
export function isReadOnlyRole(role: Role | string | null | undefined): boolean {
  return role === 'observer';
}
