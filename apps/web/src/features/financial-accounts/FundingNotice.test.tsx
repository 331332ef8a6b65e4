import { pathOf } from '@bp/api-client';
import { bankFeedsRoutes, billWorkflowRoutes, type FundingOverview } from '@bp/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeApi, renderPage, setupUser } from '../test-utils.tsx';
import { FundingNotice } from './FundingNotice.tsx';

const CLIENT = '0b7a9d8e-1c2f-4a3b-9d4e-5f6a7b8c9d0e';
const ENTITY = '2d9c1f0a-3e4b-4c5d-9f6a-7b8c9d0e1f2a';
const fundingPath = pathOf(bankFeedsRoutes.getFunding, { clientGuid: CLIENT });
const remindPath = pathOf(billWorkflowRoutes.postNotificationsClientEntityAwaitingApproval, {
  clientGuid: CLIENT,
  entityGuid: ENTITY,
});

const overview = (required: boolean): FundingOverview => ({
  results: [
    {
      guid: '3e0d2a1b-4f5c-4d6e-8a7b-8c9d0e1f2a3b',
      entity_guid: ENTITY,
      entity_name: 'Harper Family LLC',
      name: 'Operating',
      mask: '4821',
      current_balance: 125_050,
      funding: {
        waiting_total: 90_000,
        waiting_count: 2,
        minimum_balance: 50_000,
        available: 70_000,
        funding_required: required,
        amount_to_move: required ? 20_000 : 0,
        fund_by: required ? '2026-12-05' : null,
      },
    },
  ],
});

describe('FundingNotice', () => {
  it('says how much to move into which account and by when', async () => {
    const api = createFakeApi().reply('GET', fundingPath, overview(true));
    renderPage(<FundingNotice clientGuid={CLIENT} />, { api });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(
      'Funding required: move $200.00 into Operating ····4821 (Harper Family LLC) by 12/05/2026 to pay the 2 bills waiting ($900.00, keeping the $500.00 minimum).',
    );
    expect(screen.queryByRole('button', { name: 'Notify approvers' })).toBeNull();
  });

  it('lets staff send the awaiting-approval notice marked funding required', async () => {
    const user = setupUser();
    const api = createFakeApi()
      .reply('GET', fundingPath, overview(true))
      .reply('POST', remindPath, { queued: 2, bills: 2 });
    renderPage(<FundingNotice clientGuid={CLIENT} canRemind />, { api });
    await user.click(await screen.findByRole('button', { name: 'Notify approvers' }));
    // Before sending, the dialog shows the paying account's funding: how much to move, by when.
    const dialog = await screen.findByRole('dialog', { name: 'Notify approvers' });
    expect(within(dialog).getByLabelText('Funding of the paying account').textContent).toBe(
      'Operating ····4821: funding required: move $200.00 by 12/05/2026 ($700.00 available for $900.00 waiting).',
    );
    expect(within(dialog).getByRole('checkbox', { name: 'Mark the notice funding required' })).toHaveProperty(
      'checked',
      true,
    );
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Send notice' }));
    expect(await screen.findByText('Sent to 2 approvers, marked funding required.')).toBeTruthy();
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({
      recipients: [],
      is_urgent: false,
      is_funding_required: true,
    });
  });

  it('sends the notice unmarked when staff untick funding required', async () => {
    const user = setupUser();
    const api = createFakeApi()
      .reply('GET', fundingPath, overview(true))
      .reply('POST', remindPath, { queued: 1, bills: 1 });
    renderPage(<FundingNotice clientGuid={CLIENT} canRemind />, { api });
    await user.click(await screen.findByRole('button', { name: 'Notify approvers' }));
    const dialog = await screen.findByRole('dialog', { name: 'Notify approvers' });
    await user.click(within(dialog).getByRole('checkbox', { name: 'Mark the notice funding required' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send notice' }));
    expect(await screen.findByText('Sent to 1 approver.')).toBeTruthy();
    expect(api.calls.find((c) => c.method === 'POST')?.body).toMatchObject({ is_funding_required: false });
  });
});
