import { describe, expect, it } from 'vitest';
import {
  clientNavigation,
  clientUserMenu,
  isNavGroup,
  type NavEntry,
  organizationLabel,
  organizationNavigation,
  organizationUserMenu,
} from './navigation.ts';

const labels = (entries: { label: string }[]) => entries.map((entry) => entry.label);
const billPay = (entries: NavEntry[]) => {
  const group = entries.find((entry) => entry.label === 'BillPay');
  return group && isNavGroup(group) ? labels(group.items) : [];
};

describe('organization navigation', () => {
  it('has Clients, BillPay, Workflow and Reporting', () => {
    const nav = organizationNavigation({ vendorManagement: false, isOrgAdmin: false });
    expect(labels(nav)).toEqual(['Clients', 'BillPay', 'Workflow', 'Reporting']);
    const workflow = nav.find((entry) => entry.label === 'Workflow');
    expect(workflow && isNavGroup(workflow) ? labels(workflow.items) : []).toEqual([
      'Tasks',
      'Reconciliation',
      'Review',
      'Reports',
      'Task Rules',
    ]);
  });

  it('shows Parent Vendors with vendor management and Parent Institutions to admins', () => {
    expect(billPay(organizationNavigation({ vendorManagement: false, isOrgAdmin: false }))).toEqual([
      'Bills',
      'Commitments',
    ]);
    expect(billPay(organizationNavigation({ vendorManagement: true, isOrgAdmin: true }))).toEqual([
      'Bills',
      'Commitments',
      'Parent Vendors',
      'Parent Institutions',
    ]);
  });
});

describe('organization user menu', () => {
  it('shows Org Settings to admins and Mask to staff who are not masked', () => {
    expect(
      labels(organizationUserMenu({ isOrgAdmin: true, isInternalStaff: true, isMasked: false })),
    ).toEqual(['Org Settings', 'Audit History', 'Profile', 'Support', 'Mask', 'Logout']);
  });

  it('shows Unmask instead of Mask while masked', () => {
    expect(
      labels(organizationUserMenu({ isOrgAdmin: false, isInternalStaff: true, isMasked: true })),
    ).toEqual(['Audit History', 'Profile', 'Support', 'Unmask', 'Logout']);
  });

  it('hides Mask from users who are not internal staff', () => {
    expect(
      labels(organizationUserMenu({ isOrgAdmin: false, isInternalStaff: false, isMasked: false })),
    ).not.toContain('Mask');
  });
});

describe('client navigation', () => {
  it('shows Financial Accounts only when a feature enables it', () => {
    expect(labels(clientNavigation({ financialAccounts: false }))).toEqual([
      'Bills',
      'Commitments',
      'Reports',
    ]);
    expect(labels(clientNavigation({ financialAccounts: true }))).toContain('Financial Accounts');
  });

  it('has a mail link to the provider team and Unmask while masked', () => {
    const menu = clientUserMenu({ isMasked: true, providerEmail: 'team@example.com' });
    expect(menu).toContainEqual({
      kind: 'mail',
      label: 'Email your provider team',
      href: 'mailto:team@example.com',
    });
    expect(labels(menu)).toEqual(['Profile', 'Support', 'Email your provider team', 'Unmask', 'Logout']);
    expect(labels(clientUserMenu({ isMasked: false, providerEmail: 'x@y.z' }))).not.toContain('Unmask');
  });
});

describe('organizationLabel', () => {
  it("says 'No organization Selected.' without an organisation", () => {
    expect(organizationLabel(null)).toBe('No organization Selected.');
    expect(organizationLabel({ name: 'Northwind' })).toBe('Northwind');
  });
});
