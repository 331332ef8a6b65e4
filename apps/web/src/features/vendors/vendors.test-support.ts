import type { MasterVendor, ParentVendor, ParentVendorSummary } from '@bp/contracts';
import { guidOf, ORG_GUID } from '../settings/org-fixtures.test-support.ts';

/** Fixtures of the vendor master screens' tests. */
export const PARENTS = `/v1/billing/organizations/${ORG_GUID}/parent-vendors`;
export const PERMISSIONS = `/v1/accounts/organizations/${ORG_GUID}/permissions`;

export function summary(n: number, overrides: Partial<ParentVendorSummary> = {}): ParentVendorSummary {
  return {
    guid: guidOf(n),
    name: `Vendor ${String(n).padStart(2, '0')}`,
    tax_id_number: '•••••6820',
    city: 'Portland',
    state: 'OR',
    primary_phone: '5035550110',
    is_active: true,
    verification_status: 'verified',
    vendor_count: n % 3,
    created_on: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function linked(n: number, overrides: Partial<MasterVendor> = {}): MasterVendor {
  return {
    guid: guidOf(300 + n),
    name: `Client vendor ${n}`,
    client: { guid: guidOf(400), name: 'Harper Household' },
    entity: { guid: guidOf(401), nickname: 'Harper Family LLC' },
    addr1: null,
    addr2: null,
    city: 'Portland',
    state: 'OR',
    postal_code: null,
    country: null,
    primary_phone: null,
    tax_id_number: null,
    is_active: true,
    verification_status: 'verified',
    payment_hold: false,
    parent_vendor: null,
    merged_into: null,
    bill_count: 3,
    ...overrides,
  };
}

export function parent(n: number, overrides: Partial<ParentVendor> = {}): ParentVendor {
  return {
    ...summary(n),
    tax_id_number: '93-0256820',
    addr1: '825 NE Multnomah St',
    addr2: null,
    postal_code: '97232',
    country: null,
    email: null,
    merged_into: null,
    pending_change: null,
    sanctions: {
      screened_on: '2026-01-02T10:00:00.000Z',
      name: `Vendor ${String(n).padStart(2, '0')}`,
      match: null,
    },
    vendors: [linked(1)],
    ...overrides,
  };
}
