import { pathOf } from '@bp/api-client';
import type {
  Bill,
  BillApprovalStep,
  BillAttachment,
  BillEventItem,
  BillNote,
  BillTask,
  ClientSummary,
  Message,
  Paged,
  PersonRef,
} from '@bp/contracts';
import { billsRoutes } from '@bp/contracts';
import { createFakeApi, type FakeApi, TEST_USER_GUID } from '../../test-utils.tsx';

export const CLIENT_GUID = '11111111-1111-4111-8111-111111111111';
export const BILL_GUID = '33333333-3333-4333-8333-333333333333';
export const guidOf = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export const BILL = pathOf(billsRoutes.getBillingClientBill, {
  clientGuid: CLIENT_GUID,
  billGuid: BILL_GUID,
});
export const at = (suffix: string) => `${BILL}/${suffix}`;

export function page<T>(results: T[]): Paged<T> {
  return { count: results.length, next: null, previous: null, results };
}

export function person(
  first: string,
  last: string,
  guid = guidOf(first.length + last.length * 7),
): PersonRef {
  return { guid, first_name: first, last_name: last, avatar: null };
}
export const MANAGER = person('Morgan', 'Manager', guidOf(501));
export const CLIENT_USER = person('Casey', 'Harper', guidOf(502));
export const ME = person('Ada', 'Lovelace', TEST_USER_GUID);

export function step(
  overrides: Partial<BillApprovalStep> & Pick<BillApprovalStep, 'kind'>,
): BillApprovalStep {
  return {
    status: 'org_approval',
    reason: 'Every bill gets a supervisor review.',
    who: 'A staff Lead, Supervisor or Manager',
    permission: null,
    client_roles: [],
    skipped: false,
    vendor_check: false,
    result: null,
    approved_by: null,
    approved_on: null,
    verbal_pending: false,
    current: false,
    ...overrides,
  };
}

export const PLAN: BillApprovalStep[] = [
  step({
    kind: 'org_approval',
    result: 'approved',
    approved_by: MANAGER,
    approved_on: '2026-04-02T15:00:00Z',
    reason: 'Every bill gets a supervisor review by someone other than its creator.',
  }),
  step({
    kind: 'client_approval',
    status: 'client_approval',
    current: true,
    reason: 'The client approves each bill before it is paid.',
    who: 'A client or designee',
    client_roles: ['client', 'designee'],
  }),
  step({
    kind: 'third_level_approval',
    reason: 'The amount is above $10,000.00.',
    who: "Staff with 'Approve bills above $10,000'",
  }),
  step({
    kind: 'payment_pending',
    status: 'payment_pending',
    reason: 'Staff send the ACH payment.',
    who: 'Staff who pay bills',
  }),
];

const NO_ACTIONS: Bill['can'] = {
  edit: false,
  delete: false,
  approve: false,
  reject: false,
  revise: false,
  record_verbal_approval: false,
  record_payment: false,
  reverse_payment: false,
};

export function bill(overrides: Partial<Omit<Bill, 'can'>> & { can?: Partial<Bill['can']> } = {}): Bill {
  const { can, ...rest } = overrides;
  return {
    guid: BILL_GUID,
    status: 'client_approval',
    amount: 1_250_075,
    due_date: '2026-05-15',
    invoice_number: 'INV-2041',
    invoice_date: '2026-04-01',
    payment_method: 'ach',
    invoice_source: 'vendor',
    ext_bill_id: 'QB-77',
    client: { guid: CLIENT_GUID, name: 'Harper Household' },
    entity: { guid: guidOf(1), nickname: 'Harper Holdings LLC' },
    vendor: { guid: guidOf(2), name: 'Coastal Electric' },
    paid_date: null,
    created_on: '2026-04-01T12:00:00Z',
    updated_on: '2026-04-02T15:00:00Z',
    lines: [
      {
        guid: guidOf(11),
        account: { guid: guidOf(21), name: 'Electricity', display_2_levels: 'Utilities: Electricity' },
        division: { guid: guidOf(31), name: 'Main house' },
        memo: 'March usage',
        amount: 1_000_000,
      },
      {
        guid: guidOf(12),
        account: { guid: guidOf(22), name: 'Repairs', display_2_levels: 'Maintenance: Repairs' },
        division: null,
        memo: '',
        amount: 250_075,
      },
    ],
    plan: PLAN,
    version: 3,
    reject_reason: null,
    reject_other_description: null,
    revise_reason: null,
    under_power_of_attorney: false,
    vendor_is_new_to_entity: false,
    sanctions_match: false,
    commitment_id: null,
    expected_amount: null,
    created_by: person('Alex', 'Associate', guidOf(503)),
    paid_from_account: null,
    payment_reference: null,
    can: { ...NO_ACTIONS, ...can },
    unread_messages: 0,
    approve_refusal: null,
    ...rest,
  };
}

export function message(overrides: Partial<Message> = {}): Message {
  return {
    guid: guidOf(601),
    body: 'Is this the March bill?',
    content_type: 'text',
    created_on: new Date(Date.now() - 5 * 60_000).toISOString(),
    unread: false,
    bill: { guid: BILL_GUID, ext_bill_id: 'QB-77', client: CLIENT_GUID },
    from_user: CLIENT_USER,
    ...overrides,
  };
}

export function event(overrides: Partial<BillEventItem> = {}): BillEventItem {
  return {
    guid: guidOf(701),
    kind: 'bill_created',
    user: person('Alex', 'Associate', guidOf(503)),
    from_status: null,
    to_status: 'org_approval',
    data: {},
    created_on: '2026-04-01T12:00:00Z',
    ...overrides,
  };
}

export function attachment(overrides: Partial<BillAttachment> = {}): BillAttachment {
  return {
    guid: guidOf(801),
    original_name: 'invoice-2041.pdf',
    mime_type: 'application/pdf',
    size_bytes: 48_000,
    uploaded_by: person('Alex', 'Associate', guidOf(503)),
    created_on: '2026-04-01T12:00:00Z',
    ...overrides,
  };
}

export function note(overrides: Partial<BillNote> = {}): BillNote {
  return {
    guid: guidOf(901),
    body: 'Vendor called about the late fee.',
    user: MANAGER,
    created_on: '2026-04-02T09:00:00Z',
    ...overrides,
  };
}

export function task(overrides: Partial<BillTask> = {}): BillTask {
  return {
    guid: guidOf(1001),
    kind: 'approve_client_approval',
    status: 'ready',
    step: 'client_approval',
    permission: null,
    assigned_to: person('Alex', 'Associate', guidOf(503)),
    created_on: '2026-04-02T15:00:00Z',
    completed_on: null,
    ...overrides,
  };
}

export function clientSummary(role = 'client'): ClientSummary {
  return {
    guid: CLIENT_GUID,
    name: 'Harper Household',
    created_on: '2026-01-01T00:00:00Z',
    role,
    is_onboarding_completed: true,
    has_properties: false,
    service: 'bill_pay',
    client_referrer: null,
  };
}

/** A fake API answering every read of the bill page. */
export function billApi(current: Bill = bill(), parts: { messages?: Message[] } = {}): FakeApi {
  return createFakeApi()
    .reply('GET', BILL, current)
    .reply('GET', at('events'), page([event()]))
    .reply('GET', at('messages'), page(parts.messages ?? []))
    .reply('GET', at('attachments'), [attachment()])
    .reply('GET', at('notes'), page([note()]))
    .reply('GET', at('tasks'), [
      task(),
      task({ guid: guidOf(1002), status: 'completed', kind: 'approve_org_approval' }),
    ]);
}
