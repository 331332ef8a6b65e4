/**
 * The advisor and family-office portfolio (SPEC §1, §6, §7 "/v1/accounts/advisor/...", "/v1/accounts/foa/..."):
 * the clients a wealth advisor or a family office is linked to, each with the figures its dashboard shows.
 * Money is integer cents.
 */
import { CLIENT_SERVICE_VALUES } from '@bp/domain';
import { z } from 'zod';
import { guid } from './common.ts';

const countAmount = z.object({ count: z.number().int(), amount: z.number().int() });

export const portfolioClient = z.object({
  guid,
  name: z.string(),
  service: z.enum(CLIENT_SERVICE_VALUES),
  is_onboarding_completed: z.boolean(),
  /**
   * Onboarding progress (done steps of the checklist) once the onboarding module provides it; null until
   * then: the dashboard shows is_onboarding_completed alone.
   */
  onboarding_progress: z.object({ done: z.number().int(), total: z.number().int() }).nullable(),
  /** Bills waiting on the family's approval (client pre-approval, client approval, second approval). */
  bills_waiting: countAmount,
  /** Of those, the ones past their due date. */
  approvals_overdue: countAmount,
  /** The commitments' committed outflow of the current month and the two after it. */
  cash_outflow_next_3_months: z.number().int(),
  /** Reports filed for the client (reports module). */
  reports_count: z.number().int(),
  /** Balances of the client's investment accounts (investment-data provider, decision 036), cents. */
  investments_total: z.number().int(),
  /** What must be moved into the client's bill-paying accounts to cover the bills waiting (decision 036), cents. */
  funding_required: z.number().int(),
});
export type PortfolioClient = z.infer<typeof portfolioClient>;

export const portfolio = z.object({
  /** Today as the server computed the figures with (caller's X-Timezone). */
  today: z.string(),
  results: z.array(portfolioClient),
  totals: z.object({
    clients: z.number().int(),
    onboarding_not_completed: z.number().int(),
    bills_waiting: countAmount,
    approvals_overdue: countAmount,
    cash_outflow_next_3_months: z.number().int(),
    investments_total: z.number().int(),
    funding_required: z.number().int(),
  }),
});
export type Portfolio = z.infer<typeof portfolio>;
