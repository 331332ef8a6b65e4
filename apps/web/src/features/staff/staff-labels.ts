import type { StaffUser } from '@bp/contracts';
import { labelOf, ORG_TEAM_LABEL_VALUES, ROLE_LABELS } from '@bp/domain';

/** 'First Last', or the e-mail for someone who has not given a name yet. */
export function personName(person: { first_name: string; last_name: string; email: string }): string {
  return `${person.first_name} ${person.last_name}`.trim() || person.email;
}

export function roleLabel(role: string): string {
  return labelOf(ROLE_LABELS, role);
}

/** The derived flags of SPEC.md §6 that hold for this member, as the chips show them. */
export function flagLabels(user: Pick<StaffUser, 'isAssociate' | 'isManagerLead' | 'isIT' | 'isAccounting'>) {
  const labels: string[] = [];
  if (user.isAssociate) labels.push('Associate');
  if (user.isManagerLead) labels.push('Manager/Lead');
  if (user.isIT) labels.push('IT');
  if (user.isAccounting) labels.push('Accounting');
  return labels;
}

/** Roles a caller may hand out: only a super_admin grants super_admin (the API checks it too). */
export function grantableRoles(callerRole: string | undefined): string[] {
  return callerRole === 'super_admin' ? ['user', 'admin', 'super_admin'] : ['user', 'admin'];
}

export function roleOptions(roles: readonly string[]) {
  return roles.map((role) => ({ value: role, label: roleLabel(role) }));
}

export const TEAM_LABEL_OPTIONS = ORG_TEAM_LABEL_VALUES.map((label) => ({ value: label, label }));

export const ROLE_HELP = 'Admins manage the organization, its staff and groups.';
export const TEAM_LABEL_HELP = 'Decides their home page and the approvals they may give.';
