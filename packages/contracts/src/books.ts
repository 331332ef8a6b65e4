/**
 * Books (issue 17, decision 030): an entity's ledger accounts, journal entries, closed periods, pins and
 * reports, under /v2/integrations/proxy/entity/clients/{clientGuid}/entities/{entityGuid} (SPEC §7), and
 * the account type catalogue under /v2/integrations/proxy/admin. Amounts are integer cents; a line has a
 * debit or a credit; dates are YYYY-MM-DD, months YYYY-MM.
 */
import { ACCOUNT_FAMILY_VALUES, JOURNAL_SOURCE_VALUES, JOURNAL_STATUS_VALUES } from '@bp/domain';
import { z } from 'zod';
import { guid, paged, pageQuery } from './common.ts';
import { queryFlag } from './entities.ts';
import { choice, optionalText, requiredText } from './fields.ts';

const isoDate = z.iso.date('Enter a date as YYYY-MM-DD.');
const month = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Enter a month as YYYY-MM.');
/** Cents on one side of a line: 0 when the line is on the other side. */
const cents = z
  .number('Enter an amount in cents.')
  .int('Enter whole cents.')
  .min(0, 'Enter an amount that is not negative.')
  .max(100_000_000_000_000, 'Enter a smaller amount.');

export const accountTypeCatalogue = z.object({
  types: z.array(z.object({ code: z.enum(ACCOUNT_FAMILY_VALUES), name: z.string() })),
  subtypes: z.array(z.object({ code: z.string(), type: z.enum(ACCOUNT_FAMILY_VALUES), name: z.string() })),
  detail_types: z.array(z.object({ code: z.string(), subtype: z.string(), name: z.string() })),
});
export type AccountTypeCatalogue = z.infer<typeof accountTypeCatalogue>;

export const createBookAccountRequest = z
  .object({
    number: optionalText(20).optional(),
    name: requiredText(200),
    subtype: requiredText(60),
    detail_type: optionalText(60).optional(),
    classification_group: optionalText(100).optional(),
  })
  .strict();
export type CreateBookAccountRequest = z.input<typeof createBookAccountRequest>;

export const patchBookAccountRequest = z
  .object({
    number: optionalText(20).optional(),
    name: requiredText(200).optional(),
    classification_group: optionalText(100).optional(),
    is_active: z.boolean().optional(),
  })
  .strict();
export type PatchBookAccountRequest = z.input<typeof patchBookAccountRequest>;

export const bookAccount = z.object({
  guid,
  number: z.string().nullable(),
  name: z.string(),
  family: z.enum(ACCOUNT_FAMILY_VALUES),
  subtype: z.string(),
  detail_type: z.string().nullable(),
  classification_group: z.string().nullable(),
  system_role: z.enum(['accounts_payable', 'bill_pay_cash', 'uncategorized_expense']).nullable(),
  is_active: z.boolean(),
  is_pinned: z.boolean(),
  created_on: z.string(),
});
export type BookAccount = z.infer<typeof bookAccount>;
export const bookAccountList = paged(bookAccount);
export const bookAccountListQuery = pageQuery.extend({
  active: queryFlag.optional(),
  family: z.enum(ACCOUNT_FAMILY_VALUES).optional(),
  pinned: queryFlag.optional(),
});

export const journalLineInput = z
  .object({
    account: guid,
    debit: cents.default(0),
    credit: cents.default(0),
    division: guid.nullable().optional(),
    /** The client's property the amount is for (property expenses). */
    property: guid.nullable().optional(),
    memo: optionalText(500).optional(),
  })
  .strict();

export const createJournalRequest = z
  .object({
    date: isoDate,
    memo: optionalText(500).optional(),
    status: choice(JOURNAL_STATUS_VALUES).default('posted'),
    lines: z.array(journalLineInput).min(2, 'An entry needs at least two lines.').max(500),
  })
  .strict();
export type CreateJournalRequest = z.input<typeof createJournalRequest>;

export const reverseJournalRequest = z
  .object({ date: isoDate.optional(), memo: optionalText(500).optional() })
  .strict();

const accountRef = z.object({ guid, number: z.string().nullable(), name: z.string() });

export const journalEntry = z.object({
  guid,
  date: z.string(),
  memo: z.string().nullable(),
  source: z.enum(JOURNAL_SOURCE_VALUES),
  source_id: z.string().nullable(),
  kind: z.string(),
  status: z.enum(JOURNAL_STATUS_VALUES),
  reversal_of: guid.nullable(),
  reversed_by: guid.nullable(),
  total: z.number().int(),
  lines: z.array(
    z.object({
      account: accountRef,
      debit: z.number().int(),
      credit: z.number().int(),
      division: guid.nullable(),
      property: guid.nullable(),
      memo: z.string().nullable(),
    }),
  ),
  posted_at: z.string().nullable(),
  created_on: z.string(),
});
export type JournalEntry = z.infer<typeof journalEntry>;
export const journalList = paged(journalEntry);
export const journalListQuery = pageQuery.extend({
  status: z.enum(JOURNAL_STATUS_VALUES).optional(),
  source: z.enum(JOURNAL_SOURCE_VALUES).optional(),
  account: guid.optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
});

export const closePeriodRequest = z.object({ month }).strict();
export const closedPeriod = z.object({ month: z.string(), closed_on: z.string() });
export const closedPeriodList = z.object({ results: z.array(closedPeriod) });

/** A date range; `from` left out means from the first entry. */
export const reportRangeQuery = z.object({ from: isoDate.optional(), to: isoDate });
export const reportAsOfQuery = z.object({ to: isoDate });

const reportRow = z.object({
  account: accountRef.extend({ family: z.enum(ACCOUNT_FAMILY_VALUES), subtype: z.string() }),
  debit: z.number().int(),
  credit: z.number().int(),
  /** On the family's normal side (debit for assets and expenses), positive when it is. */
  balance: z.number().int(),
});

export const trialBalance = z.object({
  from: z.string().nullable(),
  to: z.string(),
  rows: z.array(reportRow),
  total_debit: z.number().int(),
  total_credit: z.number().int(),
});
export type TrialBalance = z.infer<typeof trialBalance>;

const section = z.object({ rows: z.array(reportRow), total: z.number().int() });

export const balanceSheet = z.object({
  to: z.string(),
  assets: section,
  liabilities: section,
  equity: section,
  /** Net income of the year up to `to` (income less expenses), part of equity. */
  current_earnings: z.number().int(),
  /** Net income of earlier years, part of equity. */
  retained_earnings: z.number().int(),
  total_liabilities_and_equity: z.number().int(),
});
export type BalanceSheet = z.infer<typeof balanceSheet>;

export const profitAndLoss = z.object({
  from: z.string().nullable(),
  to: z.string(),
  income: section,
  expenses: section,
  net_income: z.number().int(),
});
export type ProfitAndLoss = z.infer<typeof profitAndLoss>;

export const generalLedgerQuery = reportRangeQuery.extend({ account: guid.optional() });
export const generalLedger = z.object({
  from: z.string().nullable(),
  to: z.string(),
  accounts: z.array(
    z.object({
      account: accountRef.extend({ family: z.enum(ACCOUNT_FAMILY_VALUES) }),
      opening: z.number().int(),
      lines: z.array(
        z.object({
          entry: guid,
          date: z.string(),
          memo: z.string().nullable(),
          source: z.enum(JOURNAL_SOURCE_VALUES),
          debit: z.number().int(),
          credit: z.number().int(),
          running: z.number().int(),
        }),
      ),
      closing: z.number().int(),
    }),
  ),
});
export type GeneralLedger = z.infer<typeof generalLedger>;

export const bookSettings = z.object({ ledger_posting: z.boolean() });
export type BookSettings = z.infer<typeof bookSettings>;
export const bookSettingsRequest = z.object({ ledger_posting: z.boolean() }).strict();
