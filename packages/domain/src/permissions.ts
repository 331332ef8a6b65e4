/**
 * The permission catalogue: one slug per capability an organisation can grant (SPEC §6 "Organisation
 * groups carry permissions by slug"). A staff member's effective permissions are its role's plus its
 * team level's plus those of every group it belongs to.
 */
import type { LabelMap } from './enums/define.ts';

export const PERMISSION_VALUES = [
  'organization.manage',
  'groups.manage',
  'staff.view',
  'staff.manage',
  'clients.view',
  'clients.manage',
  'clients.export',
  'client_users.manage',
  'entities.manage',
  'documents.manage',
  'institutions.manage',
  'audit.view',
  'bills.create',
  'bills.edit',
  'bills.approve_org',
  'bills.approve_verbal',
  'bills.approve_third_level',
  'bills.approve_poa',
  'bills.approve_payment',
  'bills.reverse_payment',
  'bills.ofac_clear',
  'vendors.manage',
  'vendors.merge',
  'vendors.verify',
  'commitments.manage',
  'reports.manage',
  'workflow.manage',
  'integrations.manage',
] as const;
export type Permission = (typeof PERMISSION_VALUES)[number];

export const PERMISSION_LABELS: LabelMap<Permission> = {
  'organization.manage': 'Edit organisation settings',
  'groups.manage': 'Manage groups and their permissions',
  'staff.view': 'See staff members',
  'staff.manage': 'Invite, edit and disable staff',
  'clients.view': 'See clients',
  'clients.manage': 'Create, edit and archive clients',
  'clients.export': 'Export client lists',
  'client_users.manage': "Invite and edit clients' app users",
  'entities.manage': 'Edit entities, accounts, divisions and vendors of clients',
  'documents.manage': 'Upload and delete client documents',
  'institutions.manage': 'Manage the shared institution list',
  'audit.view': 'Read the audit history',
  'bills.create': 'Enter bills',
  'bills.edit': 'Edit bills',
  'bills.approve_org': 'Approve bills at supervisor review',
  'bills.approve_verbal': 'Record verbal approvals',
  'bills.approve_third_level': 'Approve bills above $10,000',
  'bills.approve_poa': 'Approve wires and power-of-attorney payments',
  'bills.approve_payment': 'Release payments',
  'bills.reverse_payment': 'Reverse payments',
  'bills.ofac_clear': 'Clear sanctions matches',
  'vendors.manage': 'Manage vendors',
  'vendors.merge': 'Merge parent vendors',
  'vendors.verify': "Record call-back verifications of vendors' payment details",
  'commitments.manage': 'Manage commitments',
  'reports.manage': 'Manage reports and reminders',
  'workflow.manage': 'Work reconciliation and review tasks',
  'integrations.manage': 'Connect accounting and bank integrations',
};

/** What every active staff member may do. */
const STAFF_BASE: readonly Permission[] = [
  'staff.view',
  'clients.view',
  'client_users.manage',
  'entities.manage',
  'documents.manage',
  'bills.create',
  'bills.edit',
  'vendors.manage',
  'commitments.manage',
  'reports.manage',
  'workflow.manage',
];

/** Role grants: admins hold the whole catalogue. */
export function permissionsOfRole(role: string | null | undefined): Permission[] {
  if (role === 'admin' || role === 'super_admin') return [...PERMISSION_VALUES];
  if (role === 'user') return [...STAFF_BASE];
  return [];
}

/** Team-level grants (DESIGN.md §6: who approves at which step). */
export function permissionsOfTeamLabel(teamLabel: string | null | undefined): Permission[] {
  switch (teamLabel?.trim().toLowerCase()) {
    case 'lead':
    case 'supervisor':
      return ['bills.approve_org', 'bills.approve_verbal'];
    case 'manager':
      return ['bills.approve_org', 'bills.approve_verbal', 'bills.approve_third_level'];
    case 'poa approval':
      return ['bills.approve_poa'];
    default:
      return [];
  }
}

/** Role + team level + groups, without repeats, in catalogue order. */
export function effectivePermissions(member: {
  role: string | null | undefined;
  team_label?: string | null | undefined;
  groupPermissions?: readonly string[];
}): Permission[] {
  const granted = new Set<string>([
    ...permissionsOfRole(member.role),
    ...permissionsOfTeamLabel(member.team_label),
    ...(member.groupPermissions ?? []),
  ]);
  return PERMISSION_VALUES.filter((p) => granted.has(p));
}

export function isPermission(value: string): value is Permission {
  return (PERMISSION_VALUES as readonly string[]).includes(value);
}
