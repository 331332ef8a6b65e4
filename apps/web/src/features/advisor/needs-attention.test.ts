import type { PortfolioClient } from '@bp/contracts';
import { describe, expect, it } from 'vitest';
import { mayApprove } from '../client-dashboard/sections.tsx';
import { needsAttention } from './needs-attention.ts';

const client = (overrides: Partial<PortfolioClient>): PortfolioClient => ({
  guid: '00000000-0000-4000-8000-000000000001',
  name: 'Harper Household',
  service: 'bill_pay',
  is_onboarding_completed: true,
  onboarding_progress: null,
  bills_waiting: { count: 0, amount: 0 },
  approvals_overdue: { count: 0, amount: 0 },
  cash_outflow_next_3_months: 0,
  reports_count: 0,
  investments_total: 0,
  funding_required: 0,
  ...overrides,
});

describe('needs attention', () => {
  it('lists overdue approvals first, then onboarding not completed, and nobody who is fine', () => {
    const items = needsAttention([
      client({ name: 'Fine' }),
      client({ name: 'Okafor Family', is_onboarding_completed: false }),
      client({ name: 'Harper Household', approvals_overdue: { count: 2, amount: 12_345 } }),
      client({ name: 'Both', is_onboarding_completed: false, approvals_overdue: { count: 1, amount: 500 } }),
      client({ name: 'Short', funding_required: 20_000 }),
    ]);
    expect(items.map((i) => [i.client.name, i.reason])).toEqual([
      ['Harper Household', '2 approvals overdue ($123.45)'],
      ['Both', '1 approval overdue ($5.00)'],
      ['Short', 'Funding required: move $200.00'],
      ['Okafor Family', 'Onboarding not completed'],
      ['Both', 'Onboarding not completed'],
    ]);
  });

  it('shows onboarding progress once the onboarding module gives it', () => {
    const [item] = needsAttention([
      client({ is_onboarding_completed: false, onboarding_progress: { done: 3, total: 14 } }),
    ]);
    expect(item?.reason).toBe('Onboarding not completed (3 of 14 steps)');
  });
});

describe('approve from the dashboard', () => {
  it('is offered to the client and designee roles only, never read-only viewers', () => {
    expect(mayApprove('client', false)).toBe(true);
    expect(mayApprove('designee', false)).toBe(true);
    expect(mayApprove('observer', false)).toBe(false);
    expect(mayApprove('exec', false)).toBe(false);
    expect(mayApprove('client', true)).toBe(false);
    expect(mayApprove(null, false)).toBe(false);
  });
});
