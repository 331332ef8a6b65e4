import { describe, expect, it } from 'vitest';
import { hasFeature, showsFinancialAccounts } from './features.ts';
import {
  isAccounting,
  isAssociate,
  isInternalStaff,
  isIT,
  isManagerLead,
  isOrgAdmin,
  isReadOnlyRole,
  staffFlags,
} from './staff.ts';

describe('staff flags', () => {
  it('associate by team label', () => {
    expect(isAssociate({ role: 'user', team_label: 'Associate' })).toBe(true);
    expect(isAssociate({ role: 'user', team_label: 'Lead' })).toBe(false);
    expect(isAssociate({ role: 'user' })).toBe(false);
  });
  it('manager lead by super_admin role or Manager/Lead/Supervisor team', () => {
    expect(isManagerLead({ role: 'super_admin', team_label: null })).toBe(true);
    expect(isManagerLead({ role: 'user', team_label: 'Manager' })).toBe(true);
    expect(isManagerLead({ role: 'user', team_label: 'Lead' })).toBe(true);
    expect(isManagerLead({ role: 'user', team_label: 'Supervisor' })).toBe(true);
    expect(isManagerLead({ role: 'admin', team_label: 'Associate' })).toBe(false);
    expect(isManagerLead({ role: 'user', team_label: 'Division Head' })).toBe(false);
    expect(isManagerLead({ role: 'user', team_label: 'POA Approval' })).toBe(false);
  });
  it('IT and Accounting by team, tolerant of case and spaces', () => {
    expect(isIT({ team_label: 'IT' })).toBe(true);
    expect(isIT({ team_label: ' it ' })).toBe(true);
    expect(isIT({ team_label: 'Accounting' })).toBe(false);
    expect(isAccounting({ team_label: 'Accounting' })).toBe(true);
    expect(isAccounting({ team_label: undefined })).toBe(false);
  });
  it('org admin by role admin or super_admin', () => {
    expect(isOrgAdmin({ role: 'admin' })).toBe(true);
    expect(isOrgAdmin({ role: 'super_admin' })).toBe(true);
    expect(isOrgAdmin({ role: 'user', team_label: 'Admin' })).toBe(false);
    expect(isOrgAdmin({ role: null })).toBe(false);
  });
  it('computes them together', () => {
    expect(staffFlags({ role: 'super_admin', team_label: 'IT' })).toEqual({
      isAssociate: false,
      isManagerLead: true,
      isIT: true,
      isAccounting: false,
      isOrgAdmin: true,
    });
    expect(staffFlags({})).toEqual({
      isAssociate: false,
      isManagerLead: false,
      isIT: false,
      isAccounting: false,
      isOrgAdmin: false,
    });
  });
  it('internal staff and read-only roles', () => {
    expect(isInternalStaff('admin')).toBe(true);
    expect(isInternalStaff('member')).toBe(true);
    expect(isInternalStaff(null)).toBe(false);
    expect(isInternalStaff('client')).toBe(false);
    expect(isReadOnlyRole('observer')).toBe(true);
    expect(isReadOnlyRole('designee')).toBe(false);
  });
});

describe('features', () => {
  const features = [{ feature_name: 'VENDOR_MANAGEMENT' }, { feature_name: 'ACCOUNT_STATEMENT_FEEDS' }];
  it('finds a feature by name', () => {
    expect(hasFeature(features, 'VENDOR_MANAGEMENT')).toBe(true);
    expect(hasFeature(features, 'PINS')).toBe(false);
    expect(hasFeature(null, 'PINS')).toBe(false);
  });
  it('shows Financial Accounts with ledger posting or statement feeds', () => {
    expect(showsFinancialAccounts(features)).toBe(true);
    expect(showsFinancialAccounts([{ feature_name: 'BOOKS_LEDGER_POSTING' }])).toBe(true);
    expect(showsFinancialAccounts([{ feature_name: 'BOOKS' }])).toBe(false);
    expect(showsFinancialAccounts(undefined)).toBe(false);
  });
});
