import { pathOf } from '@bp/api-client';
import { bankFeedsRoutes, entitiesRoutes, type FeedOverview } from '@bp/contracts';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeApi, renderPage } from '../test-utils.tsx';
import { PENDING_LINK_KEY } from './findata-hooks.ts';
import { LinkedBanksPanel } from './LinkedBanksPanel.tsx';

const CLIENT = '0b7a9d8e-1c2f-4a3b-9d4e-5f6a7b8c9d0e';
const ENTITY = '2d9c1f0a-3e4b-4c5d-9f6a-7b8c9d0e1f2a';
const ITEM = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';

const overview = (status: 'active' | 'login_required'): FeedOverview => ({
  configured: true,
  items: [
    {
      guid: ITEM,
      entity_guid: ENTITY,
      entity_name: 'Harper Family LLC',
      institution_name: 'First Platypus Bank',
      status,
      error_code: status === 'active' ? null : 'ITEM_LOGIN_REQUIRED',
      error_message:
        status === 'active' ? null : 'The bank needs you to sign in again before it shares new transactions.',
      last_synced_at: '2026-11-27T10:00:00.000Z',
      first_sync_job_id: null,
      created_on: '2026-11-20T10:00:00.000Z',
    },
  ],
  accounts: [
    {
      guid: '3e0d2a1b-4f5c-4d6e-8a7b-8c9d0e1f2a3b',
      item_guid: ITEM,
      entity_guid: ENTITY,
      entity_name: 'Harper Family LLC',
      name: 'Operating',
      official_name: null,
      mask: '4821',
      type: 'depository',
      subtype: 'checking',
      institution_guid: null,
      current_balance: 125_050,
      available_balance: 120_000,
      balance_at: '2026-11-27T10:00:00.000Z',
      pays_bills: true,
      book_account: null,
      funding: {
        waiting_total: 90_000,
        waiting_count: 2,
        minimum_balance: 50_000,
        available: 70_000,
        funding_required: true,
        amount_to_move: 20_000,
        fund_by: '2026-12-05',
      },
      item_status: status,
    },
  ],
});

const fake = (status: 'active' | 'login_required') =>
  createFakeApi()
    .reply('GET', pathOf(bankFeedsRoutes.getAggregatorAccounts, { clientGuid: CLIENT }), overview(status))
    .reply('GET', pathOf(entitiesRoutes.getAccountsClientEntities, { clientGuid: CLIENT }), {
      count: 1,
      next: null,
      previous: null,
      results: [{ guid: ENTITY, nickname: 'Harper Family LLC' }],
    })
    .reply('POST', pathOf(bankFeedsRoutes.postDataPipelineComplete, { clientGuid: CLIENT }), {
      items: overview('active').items,
    });

afterEach(() => {
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
});

describe('LinkedBanksPanel', () => {
  it('completes the link it started when the bank page sends the person back', async () => {
    sessionStorage.setItem(PENDING_LINK_KEY, 'link-sandbox-123');
    window.history.replaceState(null, '', '/financial-accounts?bank_link=done');
    const api = fake('active');
    renderPage(<LinkedBanksPanel clientGuid={CLIENT} canLink />, { api });
    expect(await screen.findByText('Your bank is linked.')).toBeTruthy();
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ link_token: 'link-sandbox-123' });
    // Done once: the pending token is gone and the address no longer says it came back.
    expect(sessionStorage.getItem(PENDING_LINK_KEY)).toBeNull();
    expect(window.location.search).toBe('');
    const accounts = await screen.findByRole('table', { name: 'Linked bank accounts' });
    const row = within(accounts).getByRole('row', { name: /Operating/ });
    expect(row.textContent).toContain('$1,250.50');
    expect(row.textContent).toContain('Funding required: $200.00');
  });

  it('shows the new link even when its first read was still on the way as the link completed', async () => {
    sessionStorage.setItem(PENDING_LINK_KEY, 'link-sandbox-123');
    window.history.replaceState(null, '', '/financial-accounts?bank_link=done');
    // As the server behaves: a read answers with what was committed when it ran; the first read is slow.
    let linked = false;
    let reads = 0;
    const api = fake('active')
      .reply('GET', pathOf(bankFeedsRoutes.getAggregatorAccounts, { clientGuid: CLIENT }), async () => {
        const committed = linked;
        reads += 1;
        if (reads === 1) await new Promise((resolve) => setTimeout(resolve, 50));
        return committed ? overview('active') : { configured: true, items: [], accounts: [] };
      })
      .reply('POST', pathOf(bankFeedsRoutes.postDataPipelineComplete, { clientGuid: CLIENT }), () => {
        linked = true;
        return { items: overview('active').items };
      });
    renderPage(<LinkedBanksPanel clientGuid={CLIENT} canLink />, { api });
    expect(await screen.findByText('Your bank is linked.')).toBeTruthy();
    const accounts = await screen.findByRole('table', { name: 'Linked bank accounts' });
    expect(within(accounts).getByRole('row', { name: /Operating/ })).toBeTruthy();
  });

  it('shows a link whose bank wants a new sign-in, with Sign in again for those who may link', async () => {
    renderPage(<LinkedBanksPanel clientGuid={CLIENT} canLink />, { api: fake('login_required') });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(
      'First Platypus Bank (Harper Family LLC): The bank needs you to sign in again before it shares new transactions.',
    );
    expect(within(alert).getByRole('button', { name: 'Sign in again' })).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Bank links' }).textContent).toContain('Sign-in needed');
  });

  it('lets a reader see the broken link but not repair or link', async () => {
    renderPage(<LinkedBanksPanel clientGuid={CLIENT} canLink={false} />, { api: fake('login_required') });
    const alert = await screen.findByRole('alert');
    expect(within(alert).queryByRole('button', { name: 'Sign in again' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Link a bank' })).toBeNull();
  });
});
