import type { Group, GroupMember, Paged, PermissionCatalogue, StaffUser } from '@bp/contracts';
import { PERMISSION_LABELS, PERMISSION_VALUES } from '@bp/domain';

/** Fixtures of the organisation administration screens' tests. */
export const ORG_GUID = '11111111-1111-4111-8111-111111111111';
export const ORG_PATH = `/v1/accounts/organizations/${ORG_GUID}`;
export const orgSession = { organization: { guid: ORG_GUID, name: 'Demo Family Office' } };

export const guidOf = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export const page = <T>(results: T[], count = results.length): Paged<T> => ({
  count,
  next: null,
  previous: null,
  results,
});

/** What an admin holds: the whole catalogue. */
export function catalogueFor(role: string, held: readonly string[] = PERMISSION_VALUES): PermissionCatalogue {
  return {
    catalogue: PERMISSION_VALUES.map((slug) => ({ slug, label: PERMISSION_LABELS[slug] })),
    role,
    team_label: null,
    effective_permissions: PERMISSION_VALUES.filter((p) => held.includes(p)),
  };
}

export function group(overrides: Partial<Group> = {}): Group {
  return {
    guid: guidOf(900),
    name: 'Reviewers',
    description: 'Read the audit trail',
    permissions: ['audit.view', 'staff.view'],
    user_count: 1,
    created_on: '2026-01-01T00:00:00.000Z',
    updated_on: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function staffUser(n: number, overrides: Partial<StaffUser> = {}): StaffUser {
  return {
    guid: guidOf(n),
    email: `staff${n}@demo.test`,
    first_name: 'Staff',
    last_name: String(n),
    role: 'user',
    team_label: null,
    is_active: true,
    status: 'active',
    status_label: 'Active',
    created_on: '2026-01-01T00:00:00.000Z',
    isAssociate: false,
    isManagerLead: false,
    isIT: false,
    isAccounting: false,
    groups: [],
    permissions: [],
    ...overrides,
  };
}

export function member(n: number, overrides: Partial<GroupMember> = {}): GroupMember {
  const { guid, email, first_name, last_name, role, team_label, is_active } = staffUser(n);
  return { guid, email, first_name, last_name, role, team_label, is_active, ...overrides };
}
