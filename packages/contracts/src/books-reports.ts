/**
 * More books reports (issue 17, decision 034): period comparison, income-expense by month, property
 * expenses, a client's entities combined, and PDF/XLSX of each report. Amounts are integer cents.
 */
import { ACCOUNT_FAMILY_VALUES } from '@bp/domain';
import { z } from 'zod';
import { guid } from './common.ts';

const isoDate = z.iso.date('Enter a date as YYYY-MM-DD.');

export const BOOKS_REPORT_VALUES = [
  'trial',
  'balance',
  'profit-and-loss',
  'income-expense',
  'general-ledger',
  'property-expenses',
] as const;
export type BooksReportName = (typeof BOOKS_REPORT_VALUES)[number];

const accountRef = z.object({
  guid,
  number: z.string().nullable(),
  name: z.string(),
  family: z.enum(ACCOUNT_FAMILY_VALUES),
});

/** A row of a comparing report: the figure of each period and the difference (first less second). */
export const comparedRow = z.object({
  account: accountRef,
  amount: z.number().int(),
  compare: z.number().int(),
  difference: z.number().int(),
});
const comparedSection = z.object({
  rows: z.array(comparedRow),
  total: z.number().int(),
  compare: z.number().int(),
  difference: z.number().int(),
});
export const periodComparison = z.object({
  report: z.enum(['balance', 'profit-and-loss']),
  period: z.object({ from: z.string().nullable(), to: z.string() }),
  compare_period: z.object({ from: z.string().nullable(), to: z.string() }),
  sections: z.array(z.object({ title: z.string() }).extend(comparedSection.shape)),
  /** Net income (profit and loss) or total liabilities and equity (balance sheet), each period. */
  bottom_line: z.object({
    label: z.string(),
    amount: z.number().int(),
    compare: z.number().int(),
    difference: z.number().int(),
  }),
});
export type PeriodComparison = z.infer<typeof periodComparison>;
export const comparisonQuery = z.object({
  report: z.enum(['balance', 'profit-and-loss']),
  from: isoDate.optional(),
  to: isoDate,
  compare_from: isoDate.optional(),
  compare_to: isoDate,
});

/** Income and expense accounts by month over the range (at most 24 months). */
export const incomeExpense = z.object({
  from: z.string(),
  to: z.string(),
  months: z.array(z.string()),
  income: z.object({
    rows: z.array(
      z.object({ account: accountRef, amounts: z.array(z.number().int()), total: z.number().int() }),
    ),
    totals: z.array(z.number().int()),
    total: z.number().int(),
  }),
  expenses: z.object({
    rows: z.array(
      z.object({ account: accountRef, amounts: z.array(z.number().int()), total: z.number().int() }),
    ),
    totals: z.array(z.number().int()),
    total: z.number().int(),
  }),
  net: z.array(z.number().int()),
  net_total: z.number().int(),
});
export type IncomeExpense = z.infer<typeof incomeExpense>;
export const incomeExpenseQuery = z.object({ from: isoDate, to: isoDate });

/** Expenses booked to each of the client's properties (journal lines naming a property), by account. */
export const propertyExpenses = z.object({
  from: z.string().nullable(),
  to: z.string(),
  properties: z.array(
    z.object({
      property: z.object({ guid, name: z.string(), kind: z.string() }),
      rows: z.array(z.object({ account: accountRef, amount: z.number().int() })),
      total: z.number().int(),
    }),
  ),
  total: z.number().int(),
});
export type PropertyExpenses = z.infer<typeof propertyExpenses>;
export const propertyExpensesQuery = z.object({
  from: isoDate.optional(),
  to: isoDate,
  property: guid.optional(),
});

export const reportExportQuery = z.object({
  format: z.enum(['pdf', 'xlsx']).default('pdf'),
  from: isoDate.optional(),
  to: isoDate,
  compare_from: isoDate.optional(),
  compare_to: isoDate.optional(),
  account: guid.optional(),
});

/**
 * The report dictionary (SPEC §3 "report dictionary and report filters"): the columns a custom ledger
 * report may show and filter on, each with its type and operators. A custom report lists an entity's
 * posted journal lines with the chosen columns, filtered, with totals of its money columns.
 */
export const REPORT_FIELD_TYPES = ['text', 'date', 'money', 'choice'] as const;
export const REPORT_FILTER_OPS = ['eq', 'contains', 'starts_with', 'in', 'gte', 'lte'] as const;
export const reportDictionary = z.object({
  fields: z.array(
    z.object({
      key: z.string(),
      label: z.string(),
      type: z.enum(REPORT_FIELD_TYPES),
      operators: z.array(z.enum(REPORT_FILTER_OPS)),
      choices: z.array(z.string()).nullable(),
    }),
  ),
});
export type ReportDictionary = z.infer<typeof reportDictionary>;
export const customReportRequest = z
  .object({
    columns: z
      .array(z.string().max(40))
      .min(1, 'Choose at least one column.')
      .max(20, 'Choose at most 20 columns.'),
    filters: z
      .array(
        z
          .object({
            field: z.string().max(40),
            op: z.enum(REPORT_FILTER_OPS),
            value: z.union([z.string().max(200), z.number().int(), z.array(z.string().max(200)).max(50)]),
          })
          .strict(),
      )
      .max(20)
      .default([]),
    from: isoDate.optional(),
    to: isoDate,
  })
  .strict();
export type CustomReportRequest = z.input<typeof customReportRequest>;
export const customReport = z.object({
  columns: z.array(z.object({ key: z.string(), label: z.string(), type: z.enum(REPORT_FIELD_TYPES) })),
  rows: z.array(z.array(z.union([z.string(), z.number(), z.null()]))),
  /** Sum of each money column over every matching line (null for other columns). */
  totals: z.array(z.number().int().nullable()),
  count: z.number().int(),
  /** More lines matched than are listed (the first 2,000 by date are). */
  truncated: z.boolean(),
});
export type CustomReport = z.infer<typeof customReport>;
