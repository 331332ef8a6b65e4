import type { SummaryMetrics } from '@bp/contracts';

export function summaryMetrics(overrides: Partial<SummaryMetrics> = {}): SummaryMetrics {
  return {
    by_status: [
      { status: 'client_approval', count: 12, amount: 1_234_567 },
      { status: 'ofac_approval', count: 1, amount: 50_000 },
      { status: 'paid', count: 1500, amount: 98_765_432 },
    ],
    awaiting_approval: { count: 12, amount: 1_234_567 },
    due_next_7_days: { count: 1, amount: 9_999 },
    overdue: { count: 3, amount: 45_000 },
    paid_this_month: { count: 1500, amount: 98_765_432 },
    ...overrides,
  };
}
