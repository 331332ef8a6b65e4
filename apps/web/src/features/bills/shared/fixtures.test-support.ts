import { pathOf } from '@bp/api-client';
import {
  type Account,
  type Bill,
  type BillQueueItem,
  billsRoutes,
  type Division,
  type Entity,
  type Paged,
  type Vendor,
} from '@bp/contracts';
import { BILLING_QUEUE_VALUES, type BillingQueue } from '@bp/domain';

export const CLIENT_GUID = '11111111-1111-4111-8111-111111111111';
export const ORG_GUID = '22222222-2222-4222-8222-222222222222';
export const guidOf = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export const ENTITY_A = guidOf(1);
export const ENTITY_B = guidOf(2);
export const VENDOR_A = guidOf(11);
export const VENDOR_B = guidOf(12);
export const ACCOUNT_A = guidOf(21);
export const ACCOUNT_B = guidOf(22);
export const DIVISION_A = guidOf(31);
export const BILL_GUID = guidOf(100);

/** The organisation's queue list and queue counts, as the web app calls them for ORG_GUID. */
export const ORG_BILLS_PATH = pathOf(billsRoutes.getBillingOrganizationBills, { organizationGuid: ORG_GUID });
export const ORG_QUEUE_COUNTS_PATH = pathOf(billsRoutes.getBillingOrganizationBillsQueueCounts, {
  organizationGuid: ORG_GUID,
});

/** A queue-counts answer: every queue empty but `counts`. */
export function queueCountsBody(
  counts: Partial<Record<BillingQueue, number>> = {},
  capped: BillingQueue[] = [],
) {
  const empty = Object.fromEntries(BILLING_QUEUE_VALUES.map((q) => [q, 0])) as Record<BillingQueue, number>;
  return { ...empty, ...counts, capped };
}

export function page<T>(results: T[], count = results.length): Paged<T> {
  return { count, next: null, previous: null, results };
}

/**
 * Page `pageNo` (1-based) of `all` as a keyset-paged list answers it: links carrying `page` and a cursor
 * naming the row they continue from (`after-<guid>` / `before-<guid>`), none on the link back to page 1;
 * `capped` answers a count of 1,000 with count_capped, as the API does past its cap.
 */
export function cursorPage<T extends { guid: string }>(
  all: T[],
  pageNo: number,
  options: { size?: number; count?: number; capped?: boolean } = {},
): Paged<T> {
  const size = options.size ?? 10;
  const results = all.slice((pageNo - 1) * size, pageNo * size);
  const link = (n: number, cursor?: string) =>
    `/list?page=${n}&page_size=${size}${cursor ? `&cursor=${cursor}` : ''}`;
  const first = results[0];
  const last = results.at(-1);
  return {
    count: options.capped ? 1000 : (options.count ?? all.length),
    count_capped: options.capped === true,
    next: last && pageNo * size < all.length ? link(pageNo + 1, `after-${last.guid}`) : null,
    previous: pageNo === 2 ? link(1) : pageNo > 2 && first ? link(pageNo - 1, `before-${first.guid}`) : null,
    results,
  };
}

export function entityRow(guid: string, nickname: string): Entity {
  return {
    guid,
    kind: 'legal_entity',
    nickname,
    corporate_id: null,
    allowable_payment_threshold: null,
    client_pre_approval_required: false,
    client_pre_approval_threshold: 0,
    enable_multiple_approvers: false,
    multiple_approver_threshold: 0,
    minimum_account_balance: 0,
    filing_date: null,
    is_qbo_class: false,
    is_quickbooks_required: false,
    entities: [],
    parent_entity: null,
    archived: false,
    created_on: '2026-01-15T10:00:00Z',
  };
}

export function vendorRow(guid: string, name: string): Vendor {
  return {
    guid,
    name,
    addr1: null,
    addr2: null,
    city: null,
    state: null,
    postal_code: null,
    country: null,
    email: null,
    primary_phone: null,
    vendor_type: null,
    tax_id_number: null,
    parent_vendor_id: null,
    is_active: true,
    created_on: '2026-01-15T10:00:00Z',
  };
}

export function accountRow(guid: string, display: string): Account {
  return {
    guid,
    name: display.split(': ').pop() ?? display,
    number: null,
    account_type: null,
    parent: null,
    assignable_to_bill: true,
    is_active: true,
    display_2_levels: display,
  };
}

export function divisionRow(guid: string, name: string): Division {
  return { guid, name, is_active: true };
}

/** A queue row; by default the caller may approve and reject it (the API's `can` per bill). */
export function billSummaryRow(overrides: Partial<BillQueueItem> = {}): BillQueueItem {
  return {
    can: {
      approve: true,
      reject: true,
      revise: false,
      record_verbal_approval: false,
      record_payment: false,
      reverse_payment: false,
    },
    guid: BILL_GUID,
    status: 'org_approval',
    amount: 123456,
    due_date: '2026-03-05',
    invoice_number: 'INV-1',
    invoice_date: '2026-02-20',
    payment_method: 'ach',
    invoice_source: 'vendor',
    ext_bill_id: null,
    client: { guid: CLIENT_GUID, name: 'Harper Family' },
    entity: { guid: ENTITY_A, nickname: 'Harper Holdings LLC' },
    vendor: { guid: VENDOR_A, name: 'City Power' },
    paid_date: null,
    created_on: '2026-02-21T15:00:00Z',
    updated_on: '2026-02-21T15:00:00Z',
    ...overrides,
  };
}

export function billRow(overrides: Partial<Bill> = {}): Bill {
  return {
    ...billSummaryRow(),
    lines: [
      {
        guid: guidOf(200),
        account: { guid: ACCOUNT_A, name: 'Electricity', display_2_levels: 'Utilities: Electricity' },
        division: null,
        memo: 'March',
        amount: 123456,
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
      edit: true,
      delete: true,
      approve: false,
      reject: false,
      revise: false,
      record_verbal_approval: false,
      record_payment: false,
      reverse_payment: false,
    },
    unread_messages: 0,
    approve_refusal: null,
    ...overrides,
  };
}
