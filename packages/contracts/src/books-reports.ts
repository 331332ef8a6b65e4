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
