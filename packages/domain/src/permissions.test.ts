import { describe, expect, it } from 'vitest';
import {
  effectivePermissions,
  isPermission,
  PERMISSION_LABELS,
  PERMISSION_VALUES,
  permissionsOfRole,
} from './permissions.ts';

describe('permission catalogue', () => {
  it('labels every slug', () => {
    expect(Object.keys(PERMISSION_LABELS).sort()).toEqual([...PERMISSION_VALUES].sort());
  });

  it('gives admins everything and plain staff a base without settings or approvals', () => {
    expect(permissionsOfRole('super_admin')).toEqual([...PERMISSION_VALUES]);
    const staff = permissionsOfRole('user');
    expect(staff).toContain('bills.create');
    expect(staff).not.toContain('organization.manage');
    expect(staff).not.toContain('bills.approve_org');
    expect(permissionsOfRole('client')).toEqual([]);
  });

  it('adds team-level approvals and group grants, ignoring unknown slugs', () => {
    const lead = effectivePermissions({ role: 'user', team_label: 'Lead' });
    expect(lead).toContain('bills.approve_org');
    expect(lead).not.toContain('bills.approve_third_level');
    const manager = effectivePermissions({ role: 'user', team_label: ' manager ' });
    expect(manager).toContain('bills.approve_third_level');
    const grouped = effectivePermissions({ role: 'user', groupPermissions: ['audit.view', 'made.up'] });
    expect(grouped).toContain('audit.view');
    expect(grouped).not.toContain('made.up' as never);
    expect(isPermission('vendors.merge')).toBe(true);
    expect(isPermission('vendors.delete_all')).toBe(false);
  });
});
