/**
 * Books (issue 17): the account catalogue every entity's chart of accounts is built from, and the pure
 * ledger rules the API, the web form and the tests share. Amounts are signed integer cents: a debit is
 * positive, a credit negative, so an entry balances when its lines sum to zero.
 */

export const ACCOUNT_FAMILY_VALUES = ['asset', 'liability', 'equity', 'income', 'expense'] as const;
export type AccountFamily = (typeof ACCOUNT_FAMILY_VALUES)[number];

export const ACCOUNT_FAMILY_LABELS: Record<AccountFamily, string> = {
  asset: 'Assets',
  liability: 'Liabilities',
  equity: 'Equity',
  income: 'Income',
  expense: 'Expenses',
};

/** Assets and expenses grow with debits; the others with credits. */
export function isDebitNormal(family: AccountFamily): boolean {
  return family === 'asset' || family === 'expense';
}

/** The account's balance as a report shows it: positive when on the family's normal side. */
export function naturalBalance(family: AccountFamily, signedCents: number): number {
  return isDebitNormal(family) ? signedCents : -signedCents;
}

interface CatalogueSubtype {
  code: string;
  name: string;
  family: AccountFamily;
  detailTypes: readonly (readonly [code: string, name: string])[];
}

/**
 * Account subtypes and detailed types as accounting-software users know them. The migration that creates
 * the catalogue tables inserts exactly these rows (books.test.ts compares them).
 */
export const ACCOUNT_CATALOGUE: readonly CatalogueSubtype[] = [
  {
    code: 'bank',
    name: 'Bank',
    family: 'asset',
    detailTypes: [
      ['checking', 'Checking'],
      ['savings', 'Savings'],
      ['money_market', 'Money Market'],
      ['cash_on_hand', 'Cash on hand'],
    ],
  },
  {
    code: 'accounts_receivable',
    name: 'Accounts receivable (A/R)',
    family: 'asset',
    detailTypes: [['accounts_receivable', 'Accounts Receivable (A/R)']],
  },
  {
    code: 'other_current_asset',
    name: 'Other Current Assets',
    family: 'asset',
    detailTypes: [
      ['prepaid_expenses', 'Prepaid Expenses'],
      ['undeposited_funds', 'Undeposited Funds'],
      ['inventory', 'Inventory'],
    ],
  },
  {
    code: 'fixed_asset',
    name: 'Fixed Assets',
    family: 'asset',
    detailTypes: [
      ['buildings', 'Buildings'],
      ['land', 'Land'],
      ['vehicles', 'Vehicles'],
      ['furniture_and_fixtures', 'Furniture & Fixtures'],
      ['accumulated_depreciation', 'Accumulated Depreciation'],
    ],
  },
  {
    code: 'other_asset',
    name: 'Other Assets',
    family: 'asset',
    detailTypes: [
      ['security_deposits', 'Security Deposits'],
      ['investments', 'Investments'],
    ],
  },
  {
    code: 'accounts_payable',
    name: 'Accounts payable (A/P)',
    family: 'liability',
    detailTypes: [['accounts_payable', 'Accounts Payable (A/P)']],
  },
  {
    code: 'credit_card',
    name: 'Credit Card',
    family: 'liability',
    detailTypes: [['credit_card', 'Credit Card']],
  },
  {
    code: 'other_current_liability',
    name: 'Other Current Liabilities',
    family: 'liability',
    detailTypes: [
      ['payroll_liabilities', 'Payroll Liabilities'],
      ['sales_tax_payable', 'Sales Tax Payable'],
      ['line_of_credit', 'Line of Credit'],
    ],
  },
  {
    code: 'long_term_liability',
    name: 'Long Term Liabilities',
    family: 'liability',
    detailTypes: [
      ['notes_payable', 'Notes Payable'],
      ['mortgage', 'Mortgage'],
    ],
  },
  {
    code: 'equity',
    name: 'Equity',
    family: 'equity',
    detailTypes: [
      ['opening_balance_equity', 'Opening Balance Equity'],
      ['owners_equity', "Owner's Equity"],
      ['retained_earnings', 'Retained Earnings'],
      ['partner_contributions', 'Partner Contributions'],
    ],
  },
  {
    code: 'income',
    name: 'Income',
    family: 'income',
    detailTypes: [
      ['service_fee_income', 'Service/Fee Income'],
      ['sales_of_product_income', 'Sales of Product Income'],
      ['rental_income', 'Rental Income'],
    ],
  },
  {
    code: 'other_income',
    name: 'Other Income',
    family: 'income',
    detailTypes: [
      ['interest_earned', 'Interest Earned'],
      ['dividend_income', 'Dividend Income'],
      ['other_miscellaneous_income', 'Other Miscellaneous Income'],
    ],
  },
  {
    code: 'cost_of_goods_sold',
    name: 'Cost of Goods Sold',
    family: 'expense',
    detailTypes: [['supplies_materials_cogs', 'Supplies & Materials - COGS']],
  },
  {
    code: 'expense',
    name: 'Expenses',
    family: 'expense',
    detailTypes: [
      ['utilities', 'Utilities'],
      ['insurance', 'Insurance'],
      ['repair_maintenance', 'Repair & Maintenance'],
      ['legal_professional_fees', 'Legal & Professional Fees'],
      ['office_general_administrative', 'Office/General Administrative Expenses'],
      ['rent_or_lease_of_buildings', 'Rent or Lease of Buildings'],
      ['taxes_paid', 'Taxes Paid'],
      ['travel', 'Travel'],
    ],
  },
  {
    code: 'other_expense',
    name: 'Other Expense',
    family: 'expense',
    detailTypes: [
      ['depreciation', 'Depreciation'],
      ['other_miscellaneous_expense', 'Other Miscellaneous Expense'],
    ],
  },
];

export const JOURNAL_SOURCE_VALUES = [
  'manual',
  'bill',
  'feeder_rule',
  'import',
  'template',
  'bank_match',
] as const;
export type JournalSource = (typeof JOURNAL_SOURCE_VALUES)[number];
export const JOURNAL_STATUS_VALUES = ['draft', 'posted'] as const;
export type JournalStatus = (typeof JOURNAL_STATUS_VALUES)[number];

/** Why an entry's lines cannot be posted, or null when they balance (debits = credits, two lines or more). */
export function unbalancedReason(lines: readonly { debit: number; credit: number }[]): string | null {
  if (lines.length < 2) return 'An entry needs at least two lines.';
  for (const line of lines) {
    if (!Number.isSafeInteger(line.debit) || !Number.isSafeInteger(line.credit))
      return 'Amounts are whole cents.';
    if (line.debit < 0 || line.credit < 0) return 'Debits and credits are not negative.';
    if ((line.debit === 0) === (line.credit === 0)) return 'Each line has either a debit or a credit.';
  }
  const debits = lines.reduce((sum, l) => sum + l.debit, 0);
  const credits = lines.reduce((sum, l) => sum + l.credit, 0);
  if (debits !== credits) return 'Debits must equal credits.';
  return null;
}

/** A line's signed amount in the ledger (debit positive). */
export const signedAmount = (line: { debit: number; credit: number }) => line.debit - line.credit;

/** The first day of the month of an ISO date (YYYY-MM-DD), the key of period balances and closings. */
export const monthOf = (isoDate: string) => `${isoDate.slice(0, 7)}-01`;
