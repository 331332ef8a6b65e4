import type { BillSummary } from '@bp/contracts';
import { CLIENT_GUID, guidOf } from '../client-records/fixtures.test-support.ts';

export const BILL_GUID = '33333333-3333-4333-8333-333333333333';

export function billSummary(overrides: Partial<BillSummary> = {}): BillSummary {
  return {
    guid: BILL_GUID,
    status: 'client_approval',
    amount: 123456,
    due_date: '2026-04-05',
    invoice_number: 'INV-1001',
    invoice_date: '2026-03-20',
    payment_method: 'ach',
    invoice_source: 'mail_scan',
    ext_bill_id: 'B-1001',
    client: { guid: CLIENT_GUID, name: 'Harper Household' },
    entity: { guid: guidOf(1), nickname: 'Harper Holdings LLC' },
    vendor: { guid: guidOf(40), name: 'City Water Utility' },
    paid_date: null,
    created_on: '2026-03-21T10:00:00Z',
    updated_on: '2026-03-21T10:00:00Z',
    ...overrides,
  };
}
