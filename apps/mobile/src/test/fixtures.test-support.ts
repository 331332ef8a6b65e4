import type { Bill, BillSummary, ClientSummary, SummaryMetrics } from '@bp/contracts';

export const CLIENT = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
export const BILL = '0f8fad5b-d9cb-469f-a165-70867728950e';
export const USER = '9b2f4f0e-3c1a-4d5e-8f6a-1b2c3d4e5f60';

export function clientSummary(role: string): ClientSummary {
  return {
    guid: CLIENT,
    name: 'Harper Household',
    created_on: '2026-01-05T10:00:00Z',
    role,
    is_onboarding_completed: true,
    has_properties: false,
    service: 'bill_pay',
    client_referrer: null,
  };
}

export const billSummary: BillSummary = {
  guid: BILL,
  status: 'client_approval',
  amount: 1_250_000,
  due_date: '2026-12-15',
  invoice_number: 'INV-881',
  invoice_date: '2026-11-20',
  payment_method: 'ach',
  invoice_source: 'mail_scan',
  ext_bill_id: null,
  client: { guid: CLIENT, name: 'Harper Household' },
  entity: { guid: '3f2504e0-4f89-41d3-9a0c-0305e82c3301', nickname: 'Harper Trust' },
  vendor: { guid: '6ba7b810-9dad-41d1-80b4-00c04fd430c8', name: 'Pacific Power & Light' },
  paid_date: null,
  created_on: '2026-11-21T09:00:00Z',
  updated_on: '2026-11-21T09:00:00Z',
};

/** The bill page as the API answers it, for a caller who may do `can` (and, refused approve, why). */
export function bill(can: Partial<Bill['can']>, approveRefusal: string | null = null): Bill {
  return {
    ...billSummary,
    lines: [
      {
        guid: 'a3bb189e-8bf9-4888-9912-ace4e6543002',
        account: {
          guid: 'e7d2a1b0-1c2d-4e3f-8a9b-0c1d2e3f4a5b',
          name: 'Electricity',
          display_2_levels: 'Utilities: Electricity',
        },
        division: null,
        memo: 'November service',
        amount: 1_250_000,
      },
    ],
    plan: [],
    version: 3,
    reject_reason: null,
    reject_other_description: null,
    revise_reason: null,
    under_power_of_attorney: false,
    vendor_is_new_to_entity: false,
    sanctions_match: false,
    commitment_id: null,
    expected_amount: null,
    created_by: null,
    paid_from_account: null,
    payment_reference: null,
    can: {
      approve: false,
      reject: false,
      revise: false,
      record_verbal_approval: false,
      record_payment: false,
      reverse_payment: false,
      edit: false,
      delete: false,
      ...can,
    },
    approve_refusal: approveRefusal,
    unread_messages: 0,
  };
}

export function metrics(waitingOnMe: number): SummaryMetrics {
  const none = { count: 0, amount: 0 };
  return {
    by_status: [],
    awaiting_approval: { count: waitingOnMe, amount: waitingOnMe * 1_250_000 },
    due_next_7_days: none,
    overdue: none,
    paid_this_month: none,
  };
}
