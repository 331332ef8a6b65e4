import { describe, expect, it } from 'vitest';
import { areaLabel, groupByArea, samePermissions } from './permission-areas.ts';

describe('groupByArea', () => {
  it('puts each permission under the area named before its dot, in catalogue order', () => {
    const areas = groupByArea([
      { slug: 'staff.view', label: 'See staff members' },
      { slug: 'bills.create', label: 'Enter bills' },
      { slug: 'staff.manage', label: 'Invite, edit and disable staff' },
      { slug: 'bills.approve_org', label: 'Approve bills at supervisor review' },
    ]);
    expect(areas.map((a) => a.label)).toEqual(['Staff', 'Bills']);
    expect(areas[0]?.permissions.map((p) => p.slug)).toEqual(['staff.view', 'staff.manage']);
    expect(areas[1]?.permissions.map((p) => p.slug)).toEqual(['bills.create', 'bills.approve_org']);
  });

  it('reads an area it does not know from its slug', () => {
    expect(areaLabel('client_users')).toBe('Client users');
    expect(areaLabel('payroll_runs')).toBe('Payroll Runs');
  });
});

describe('samePermissions', () => {
  it('ignores order and repeats', () => {
    expect(samePermissions(['a', 'b'], ['b', 'a', 'a'])).toBe(true);
    expect(samePermissions(['a'], ['a', 'b'])).toBe(false);
    expect(samePermissions([], [])).toBe(true);
  });
});
