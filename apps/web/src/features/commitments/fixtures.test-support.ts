import type {
  Bill,
  CashOutflow,
  Commitment,
  CommitmentBillTemplate,
  CommitmentInstance,
  MonthlyOverview,
} from '@bp/contracts';
import {
  ACCOUNT_A,
  billRow,
  CLIENT_GUID,
  ENTITY_A,
  guidOf,
  ORG_GUID,
  VENDOR_A,
} from '../bills/shared/fixtures.test-support.ts';

export {
  accountRow,
  divisionRow,
  entityRow,
  page,
  vendorRow,
} from '../bills/shared/fixtures.test-support.ts';
export { ACCOUNT_A, CLIENT_GUID, ENTITY_A, guidOf, ORG_GUID, VENDOR_A };

export const COMMITMENT_ID = 42;

export function commitmentRow(overrides: Partial<Commitment> = {}): Commitment {
  return {
    id: COMMITMENT_ID,
    guid: guidOf(4200),
    client: { guid: CLIENT_GUID, name: 'Harper Family' },
    entity: { guid: ENTITY_A, nickname: 'Harper Holdings LLC' },
    vendor: { guid: VENDOR_A, name: 'City Power' },
    category: 'utilities',
    frequency: 'monthly',
    expected_amount: 12500,
    is_variable: false,
    due_day: 15,
    due_month: null,
    start_date: '2026-01-15',
    end_date: null,
    payment_method: 'ach',
    account: { guid: ACCOUNT_A, display_2_levels: 'Utilities: Electricity' },
    division: null,
    memo: '',
    autopay: false,
    archived: false,
    next_due_date: '2026-03-13',
    created_on: '2026-01-10T10:00:00Z',
    version: 3,
    ...overrides,
  };
}

export function instanceRow(n: number, overrides: Partial<CommitmentInstance> = {}): CommitmentInstance {
  return {
    guid: guidOf(5000 + n),
    scheduled_date: `2026-${String(n).padStart(2, '0')}-15`,
    due_date: `2026-${String(n).padStart(2, '0')}-15`,
    expected_amount: 12500,
    status: 'upcoming',
    bill: null,
    ...overrides,
  };
}

export function templateFor(
  instance: CommitmentInstance,
  commitment = commitmentRow(),
): CommitmentBillTemplate {
  return {
    commitment,
    instance,
    bill: {
      entity: commitment.entity.guid,
      vendor: commitment.vendor.guid,
      amount: instance.expected_amount ?? 0,
      due_date: instance.due_date,
      payment_method: commitment.payment_method,
      invoice_source: 'vendor',
      lines: [
        {
          account: commitment.account?.guid ?? null,
          division: null,
          memo: '',
          amount: instance.expected_amount ?? 0,
        },
      ],
      commitment_id: commitment.id,
      instance: instance.guid,
    },
  };
}

/** A bill made from a commitment; `auto` marks its client step not_needed. */
export function commitmentBill(auto: boolean, amount: number): Bill {
  const base = billRow({ amount, commitment_id: COMMITMENT_ID, expected_amount: 12500 });
  return {
    ...base,
    status: auto ? 'payment_pending' : 'client_approval',
    plan: [
      {
        kind: 'client_approval',
        status: 'client_approval',
        reason: auto ? 'Within the allowed difference of the expected amount.' : 'The client approves bills.',
        who: 'A client or designee',
        permission: null,
        client_roles: ['client'],
        skipped: auto,
        vendor_check: false,
        result: auto ? 'not_needed' : null,
        approved_by: null,
        approved_on: null,
        verbal_pending: false,
        current: !auto,
      },
    ],
  };
}

const MONTHS = ['2026-03', '2026-04', '2026-05'];

export function cashOutflowBody(): CashOutflow {
  return {
    today: '2026-03-01',
    entity: null,
    months: MONTHS.map((month, i) => ({
      month,
      committed: 12500 + (i === 1 ? 250000 : 0),
      variable_count: 0,
      paid: i === 0 ? 12000 : 0,
      pending: i === 0 ? 500 : 0,
      by_category: [
        { category: 'utilities', committed: 12500, count: 1, variable_count: 0 },
        ...(i === 1
          ? [{ category: 'property_tax' as const, committed: 250000, count: 1, variable_count: 0 }]
          : []),
      ],
    })),
    totals: { committed: 287500, paid: 12000, pending: 500 },
  };
}

export function monthlyOverviewBody(): MonthlyOverview {
  return {
    today: '2026-03-01',
    entity: null,
    months: MONTHS.map((month, i) => ({
      month,
      committed: 12500 + (i === 1 ? 250000 : 0),
      paid: i === 0 ? 12000 : 0,
      pending: i === 0 ? 500 : 0,
      instances: { upcoming: 1, billed: 0, paid: 0, late: 0, missed: 0, skipped: 0, autopay: 0 },
    })),
    categories: [
      { category: 'utilities', committed: [12500, 12500, 12500], total: 37500 },
      { category: 'property_tax', committed: [0, 250000, 0], total: 250000 },
    ],
  };
}
