/**
 * A client's financial accounts (SPEC §2 /financial-accounts): its accounts at institutions (client
 * records) with a balance. Until the books and the bank-feed integrations land, balances are entered by
 * hand by staff with their "as of" date, and say so (`balance_source`). Money is integer cents.
 */
import { z } from 'zod';
import { guid } from './common.ts';

export const FINANCIAL_ACCOUNT_KIND_VALUES = ['bank', 'investment'] as const;
export const financialAccountKind = z.enum(FINANCIAL_ACCOUNT_KIND_VALUES, 'Choose bank or investment.');

/** ±10^13 cents: an overdrawn account has a negative balance. */
const signedCents = z
  .number('Enter an amount.')
  .int('Enter the amount in cents.')
  .min(-10_000_000_000_000, 'The amount is too large.')
  .max(10_000_000_000_000, 'The amount is too large.');

export const financialAccount = z.object({
  /** The client institution (client records) the account is. */
  guid,
  name: z.string(),
  institution_name: z.string().nullable(),
  account_last4: z.string().nullable(),
  account_kind: financialAccountKind,
  minimum_balance: z.number().int().nullable(),
  /** The latest balance recorded, null when none yet. */
  balance: z.number().int().nullable(),
  balance_as_of: z.string().nullable(),
  /** Where the balance comes from: entered by hand by staff until statement feeds exist. */
  balance_source: z.enum(['entered_by_hand']).nullable(),
  /** The last statement's date: null until statements are fed (financial-data issue). */
  last_statement_date: z.string().nullable(),
  /** Below its minimum balance (both known). */
  below_minimum: z.boolean(),
});
export type FinancialAccount = z.infer<typeof financialAccount>;
export const financialAccountList = z.object({ results: z.array(financialAccount) });

export const recordBalanceRequest = z
  .object({
    balance: signedCents,
    as_of: z.iso.date('Enter a date as YYYY-MM-DD.'),
  })
  .strict();
export type RecordBalanceRequest = z.infer<typeof recordBalanceRequest>;

export const patchFinancialAccountRequest = z
  .object({
    account_kind: financialAccountKind.optional(),
    minimum_balance: z
      .number('Enter an amount.')
      .int('Enter the amount in cents.')
      .min(0, 'Enter an amount of 0 or more.')
      .max(10_000_000_000_000, 'The amount is too large.')
      .nullable()
      .optional(),
  })
  .strict();
export type PatchFinancialAccountRequest = z.infer<typeof patchFinancialAccountRequest>;
