import type { PortfolioClient } from '@bp/contracts';
import { formatMoney } from '@bp/domain';

/** One reason a family needs the advisor's or the family office's attention. */
export interface Attention {
  client: PortfolioClient;
  reason: string;
}

/**
 * Who needs attention, most urgent first: approvals past their due date, funding required (money to move
 * before waiting bills can be paid, decision 036), then onboarding not completed.
 */
export function needsAttention(clients: readonly PortfolioClient[]): Attention[] {
  const overdue = clients
    .filter((c) => c.approvals_overdue.count > 0)
    .map((c) => ({
      client: c,
      reason: `${c.approvals_overdue.count} ${c.approvals_overdue.count === 1 ? 'approval' : 'approvals'} overdue (${formatMoney(c.approvals_overdue.amount)})`,
    }));
  const funding = clients
    .filter((c) => c.funding_required > 0)
    .map((c) => ({ client: c, reason: `Funding required: move ${formatMoney(c.funding_required)}` }));
  const onboarding = clients
    .filter((c) => !c.is_onboarding_completed)
    .map((c) => ({
      client: c,
      reason: c.onboarding_progress
        ? `Onboarding not completed (${c.onboarding_progress.done} of ${c.onboarding_progress.total} steps)`
        : 'Onboarding not completed',
    }));
  return [...overdue, ...funding, ...onboarding];
}
