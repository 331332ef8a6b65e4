import type { ClientService, CommitmentCategory, PaymentMethod } from '@bp/domain';

/**
 * The demo practice (issue 10 item 14): Demo Family Office's book of business beyond the handful of
 * hand-made clients, so lists page, charts have a year to draw and search has something to find.
 * Everything here is fixed data; seed-practice.ts turns it into rows with a seeded generator and the
 * `now` it is given, so two seeds with the same `now` are identical.
 */

/** How often a vendor bills. Months are 1–12. */
export type Cadence =
  | { every: 'month' }
  | { every: 'quarter'; offset: 0 | 1 | 2 }
  | { every: 'months'; months: readonly number[] };

export interface PracticeVendor {
  key: string;
  name: string;
  vendorType: string;
  city: string;
  state: string;
  /** The (child) account its bills are booked to. */
  account: string;
  cadence: Cadence;
  /** Day of the month its bills are due. */
  dueDay: number;
  /** Typical bill in cents, and how far (±fraction) a bill may stray from it. */
  amount: number;
  spread: number;
  method: PaymentMethod;
  source: 'online' | 'mail_scan' | 'vendor' | 'client';
  invoicePrefix: string;
  memo: string;
  /** Set when the client tracks the vendor as a commitment. */
  commitment?: CommitmentCategory;
}

export const PRACTICE_ACCOUNT_TREE: [string, string[]][] = [
  ['Utilities', ['Electricity', 'Water', 'Gas', 'Internet']],
  ['Household', ['Staff Payroll', 'Maintenance', 'Security']],
  ['Insurance', ['Home', 'Auto', 'Umbrella']],
  ['Taxes', ['Property Tax']],
  ['Education', ['Tuition']],
  ['Memberships', ['Club Dues']],
  ['Professional Services', ['Medical', 'Professional Fees']],
  ['Housing', ['Mortgage']],
];

const monthly = { every: 'month' } as const;

/** Vendors a practice client may use; each client picks its own (vendors belong to an entity). */
export const PRACTICE_VENDORS: Record<string, PracticeVendor> = {
  energy: {
    key: 'energy',
    name: 'Puget Sound Energy',
    vendorType: 'utility',
    city: 'Bellevue',
    state: 'WA',
    account: 'Electricity',
    cadence: monthly,
    dueDay: 18,
    amount: 26_400,
    spread: 0.3,
    method: 'ach',
    source: 'online',
    invoicePrefix: 'PSE',
    memo: 'Residence electricity',
    commitment: 'utilities',
  },
  water: {
    key: 'water',
    name: 'Seattle Public Utilities',
    vendorType: 'utility',
    city: 'Seattle',
    state: 'WA',
    account: 'Water',
    cadence: monthly,
    dueDay: 9,
    amount: 11_250,
    spread: 0.25,
    method: 'ach',
    source: 'online',
    invoicePrefix: 'SPU',
    memo: 'Water and sewer',
  },
  gas: {
    key: 'gas',
    name: 'Cascade Natural Gas',
    vendorType: 'utility',
    city: 'Kennewick',
    state: 'WA',
    account: 'Gas',
    cadence: monthly,
    dueDay: 24,
    amount: 14_800,
    spread: 0.45,
    method: 'ach',
    source: 'online',
    invoicePrefix: 'CNG',
    memo: 'Natural gas service',
  },
  fiber: {
    key: 'fiber',
    name: 'Ziply Fiber',
    vendorType: 'utility',
    city: 'Kirkland',
    state: 'WA',
    account: 'Internet',
    cadence: monthly,
    dueDay: 3,
    amount: 12_999,
    spread: 0,
    method: 'ach',
    source: 'online',
    invoicePrefix: 'ZF',
    memo: 'Fiber internet, gig plan',
  },
  staff: {
    key: 'staff',
    name: 'Brightwater Household Staffing',
    vendorType: 'payroll',
    city: 'Seattle',
    state: 'WA',
    account: 'Staff Payroll',
    cadence: monthly,
    dueDay: 28,
    amount: 684_000,
    spread: 0.06,
    method: 'ach',
    source: 'vendor',
    invoicePrefix: 'BHS',
    memo: 'Household staff payroll (housekeeper, chef)',
  },
  garden: {
    key: 'garden',
    name: 'Greenline Gardens',
    vendorType: 'service',
    city: 'Redmond',
    state: 'WA',
    account: 'Maintenance',
    cadence: monthly,
    dueDay: 15,
    amount: 92_500,
    spread: 0.35,
    method: 'check',
    source: 'mail_scan',
    invoicePrefix: 'GLG',
    memo: 'Grounds maintenance',
  },
  security: {
    key: 'security',
    name: 'Sentinel Home Security',
    vendorType: 'service',
    city: 'Tacoma',
    state: 'WA',
    account: 'Security',
    cadence: monthly,
    dueDay: 1,
    amount: 8_995,
    spread: 0,
    method: 'ach',
    source: 'online',
    invoicePrefix: 'SHS',
    memo: 'Alarm monitoring',
  },
  concierge: {
    key: 'concierge',
    name: 'Overlake Concierge Medicine',
    vendorType: 'medical',
    city: 'Bellevue',
    state: 'WA',
    account: 'Medical',
    cadence: monthly,
    dueDay: 5,
    amount: 175_000,
    spread: 0,
    method: 'ach',
    source: 'vendor',
    invoicePrefix: 'OCM',
    memo: 'Concierge medical membership',
  },
  mortgage: {
    key: 'mortgage',
    name: 'Columbia Private Bank Mortgage',
    vendorType: 'lender',
    city: 'Portland',
    state: 'OR',
    account: 'Mortgage',
    cadence: monthly,
    dueDay: 1,
    amount: 845_000,
    spread: 0,
    method: 'ach',
    source: 'online',
    invoicePrefix: 'CPB',
    memo: 'Residence mortgage payment',
    commitment: 'loan_mortgage',
  },
  club: {
    key: 'club',
    name: 'Lakeside Country Club',
    vendorType: 'club',
    city: 'Medina',
    state: 'WA',
    account: 'Club Dues',
    cadence: { every: 'quarter', offset: 0 },
    dueDay: 10,
    amount: 465_000,
    spread: 0.12,
    method: 'check',
    source: 'mail_scan',
    invoicePrefix: 'LCC',
    memo: 'Quarterly dues and house account',
  },
  yacht: {
    key: 'yacht',
    name: 'Shilshole Bay Yacht Club',
    vendorType: 'club',
    city: 'Seattle',
    state: 'WA',
    account: 'Club Dues',
    cadence: { every: 'quarter', offset: 1 },
    dueDay: 12,
    amount: 238_000,
    spread: 0.1,
    method: 'check',
    source: 'mail_scan',
    invoicePrefix: 'SBYC',
    memo: 'Moorage and quarterly dues',
  },
  school: {
    key: 'school',
    name: 'St. Aldric Preparatory School',
    vendorType: 'school',
    city: 'Seattle',
    state: 'WA',
    account: 'Tuition',
    cadence: { every: 'months', months: [1, 4, 8] },
    dueDay: 15,
    amount: 1_425_000,
    spread: 0,
    method: 'wire',
    source: 'vendor',
    invoicePrefix: 'SAPS',
    memo: 'Tuition, term installment',
  },
  home: {
    key: 'home',
    name: 'Harborview Mutual Insurance',
    vendorType: 'insurance',
    city: 'Seattle',
    state: 'WA',
    account: 'Home',
    cadence: { every: 'quarter', offset: 2 },
    dueDay: 20,
    amount: 412_000,
    spread: 0,
    method: 'ach',
    source: 'vendor',
    invoicePrefix: 'HMI',
    memo: 'Homeowners policy, quarterly premium',
  },
  auto: {
    key: 'auto',
    name: 'Northwest Auto Insurance Co.',
    vendorType: 'insurance',
    city: 'Spokane',
    state: 'WA',
    account: 'Auto',
    cadence: { every: 'months', months: [2, 8] },
    dueDay: 7,
    amount: 189_500,
    spread: 0,
    method: 'ach',
    source: 'vendor',
    invoicePrefix: 'NWA',
    memo: 'Auto policy, semi-annual premium',
  },
  umbrella: {
    key: 'umbrella',
    name: 'Pinnacle Excess & Umbrella',
    vendorType: 'insurance',
    city: 'Hartford',
    state: 'CT',
    account: 'Umbrella',
    cadence: { every: 'months', months: [6] },
    dueDay: 1,
    amount: 318_000,
    spread: 0,
    method: 'check',
    source: 'vendor',
    invoicePrefix: 'PEU',
    memo: 'Personal umbrella policy, annual premium',
    commitment: 'insurance',
  },
  propertyTax: {
    key: 'propertyTax',
    name: 'Snohomish County Treasurer',
    vendorType: 'government',
    city: 'Seattle',
    state: 'WA',
    account: 'Property Tax',
    cadence: { every: 'months', months: [4, 10] },
    dueDay: 30,
    amount: 968_000,
    spread: 0,
    method: 'check',
    source: 'mail_scan',
    invoicePrefix: 'KCT',
    memo: 'Real property tax, half-year installment',
    commitment: 'property_tax',
  },
  cpa: {
    key: 'cpa',
    name: 'Meridian CPA Group',
    vendorType: 'professional',
    city: 'Seattle',
    state: 'WA',
    account: 'Professional Fees',
    cadence: { every: 'quarter', offset: 0 },
    dueDay: 25,
    amount: 560_000,
    spread: 0.2,
    method: 'ach',
    source: 'vendor',
    invoicePrefix: 'MCG',
    memo: 'Tax planning and quarterly estimates',
  },
  pool: {
    key: 'pool',
    name: 'Olympic Pool & Spa Care',
    vendorType: 'service',
    city: 'Bothell',
    state: 'WA',
    account: 'Maintenance',
    cadence: monthly,
    dueDay: 20,
    amount: 38_500,
    spread: 0.2,
    method: 'check',
    source: 'mail_scan',
    invoicePrefix: 'OPS',
    memo: 'Pool service visits',
  },
};
export type PracticeVendorKey = keyof typeof PRACTICE_VENDORS;

export interface PracticeEntity {
  nickname: string;
  kind: 'legal_entity' | 'private_individual';
  /** Vendors of a legal entity; a private individual keeps no books in the demo. */
  vendors: PracticeVendorKey[];
}

export interface PracticeClient {
  name: string;
  service: ClientService;
  /** Primary client user, who approves its bills (`<email>`, the demo password). */
  user: { firstName: string; lastName: string; email: string };
  city: string;
  /** Years the client has been with the practice (its record's age). */
  since: number;
  entities: PracticeEntity[];
}

export const PRACTICE_CLIENTS: PracticeClient[] = [
  {
    name: 'Whitfield Family',
    service: 'bill_pay',
    user: { firstName: 'Eleanor', lastName: 'Whitfield', email: 'eleanor@whitfield.test' },
    city: 'Bellevue',
    since: 4,
    entities: [
      {
        nickname: 'Whitfield Residence LLC',
        kind: 'legal_entity',
        vendors: ['energy', 'water', 'fiber', 'staff', 'garden', 'club', 'home', 'propertyTax', 'school'],
      },
      { nickname: 'Eleanor & James Whitfield', kind: 'private_individual', vendors: [] },
    ],
  },
  {
    name: 'Castellano Family Trust',
    service: 'family_office_accounting',
    user: { firstName: 'Marco', lastName: 'Castellano', email: 'marco@castellano.test' },
    city: 'Medina',
    since: 6,
    entities: [
      {
        nickname: 'Castellano Family Trust',
        kind: 'legal_entity',
        vendors: [
          'energy',
          'gas',
          'staff',
          'security',
          'concierge',
          'yacht',
          'cpa',
          'propertyTax',
          'umbrella',
        ],
      },
      {
        nickname: 'Castellano Vineyards LP',
        kind: 'legal_entity',
        vendors: ['water', 'garden', 'auto'],
      },
      { nickname: 'Marco Castellano', kind: 'private_individual', vendors: [] },
    ],
  },
  {
    name: 'Morrow Household',
    service: 'bill_pay',
    user: { firstName: 'Priya', lastName: 'Morrow', email: 'priya@morrow.test' },
    city: 'Kirkland',
    since: 2,
    entities: [
      {
        nickname: 'Morrow Household',
        kind: 'legal_entity',
        vendors: ['energy', 'water', 'gas', 'fiber', 'pool', 'mortgage', 'auto', 'home'],
      },
      { nickname: 'Priya Morrow', kind: 'private_individual', vendors: [] },
    ],
  },
  {
    name: 'Abernathy Family Foundation',
    service: 'family_office_accounting',
    user: { firstName: 'Gordon', lastName: 'Abernathy', email: 'gordon@abernathy.test' },
    city: 'Seattle',
    since: 8,
    entities: [
      {
        nickname: 'Abernathy Family Foundation',
        kind: 'legal_entity',
        vendors: ['energy', 'water', 'security', 'cpa', 'staff', 'club', 'propertyTax'],
      },
      { nickname: 'Gordon Abernathy', kind: 'private_individual', vendors: [] },
    ],
  },
  {
    name: 'Sato-Reyes Family',
    service: 'bill_pay',
    user: { firstName: 'Kenji', lastName: 'Sato-Reyes', email: 'kenji@satoreyes.test' },
    city: 'Mercer Island',
    since: 3,
    entities: [
      {
        nickname: 'Sato-Reyes Holdings LLC',
        kind: 'legal_entity',
        vendors: ['energy', 'water', 'fiber', 'garden', 'school', 'concierge', 'mortgage', 'home'],
      },
      { nickname: 'Kenji & Lucia Sato-Reyes', kind: 'private_individual', vendors: [] },
    ],
  },
  {
    name: 'Vance Capital Family Office',
    service: 'family_office_accounting',
    user: { firstName: 'Helena', lastName: 'Vance', email: 'helena@vance.test' },
    city: 'Seattle',
    since: 5,
    entities: [
      {
        nickname: 'Vance Capital Holdings LLC',
        kind: 'legal_entity',
        vendors: ['energy', 'gas', 'staff', 'security', 'yacht', 'cpa', 'umbrella', 'propertyTax', 'pool'],
      },
      {
        nickname: 'Vance Lake Chelan Retreat LLC',
        kind: 'legal_entity',
        vendors: ['energy', 'water', 'garden'],
      },
      { nickname: 'Helena Vance', kind: 'private_individual', vendors: [] },
    ],
  },
];

/** The statuses the current (unpaid) bills are dealt into, in turn: dozens in the busy queues. */
export const CURRENT_STATUS_ROTATION = [
  'org_approval',
  'client_approval',
  'payment_pending',
  'pre_bill',
  'client_approval',
  'org_approval',
  'payment_pending',
  'pre_bill',
  'rejected',
  'org_approval',
  'client_approval',
  'changes_required',
  'payment_pending',
  'verbal_approval',
  'pre_bill',
  'poa_approval',
] as const;
export type CurrentStatus = (typeof CURRENT_STATUS_ROTATION)[number];

export const REJECT_REASONS = ['duplicate', 'incorrect_amount', 'not_recognized'] as const;

export const REVISE_REASONS = [
  'Please split this between the residence and the guest house.',
  'The invoice shows last month’s meter reading; ask the vendor for the corrected bill.',
  'Hold until the contractor finishes the punch list, then resubmit.',
];

/** Conversations on bills waiting for the client: staff asks, the client answers (or not yet). */
export const CONVERSATIONS: { staff: string; client?: string }[] = [
  {
    staff: 'This is higher than usual; the vendor says it includes the annual service visit. OK to pay?',
    client: 'Yes, that matches what they told us. Please go ahead.',
  },
  { staff: 'Could you confirm this invoice is for the lake house and not the main residence?' },
  {
    staff: 'The vendor changed its bank details this month; we verified them by phone.',
    client: 'Thanks for checking. Approved on my side.',
  },
  { staff: 'Reminder: this one is due on Friday.' },
];

export const STAFF_NOTES = [
  'Amount checked against the contract schedule.',
  'Vendor called: the credit from last month is already applied.',
  'Client asked us to pay this one early to keep the autopay discount.',
  'Compared with the prior three months; within the usual range.',
];
