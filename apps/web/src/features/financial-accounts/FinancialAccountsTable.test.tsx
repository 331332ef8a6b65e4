import { pathOf } from '@bp/api-client';
import { type FinancialAccount, financialAccountsRoutes } from '@bp/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type ApiCall, createFakeApi, renderPage, setupUser } from '../test-utils.tsx';
import { FinancialAccountsTable } from './FinancialAccountsTable.tsx';

const CLIENT = '0b7a9d8e-1c2f-4a3b-9d4e-5f6a7b8c9d0e';
const ACCOUNT = '1c8b0e9f-2d3a-4b4c-8e5f-6a7b8c9d0e1f';

const account = (overrides: Partial<FinancialAccount> = {}): FinancialAccount => ({
  guid: ACCOUNT,
  name: 'Operating account',
  institution_name: 'First Bank',
  account_last4: '4821',
  account_kind: 'bank',
  minimum_balance: 100_000,
  balance: null,
  balance_as_of: null,
  balance_source: null,
  last_statement_date: null,
  below_minimum: false,
  ...overrides,
});

const listPath = pathOf(financialAccountsRoutes.getAccountsClientFinancialAccounts, { clientGuid: CLIENT });
const recordPath = pathOf(financialAccountsRoutes.postAccountsClientFinancialAccountBalances, {
  clientGuid: CLIENT,
  institutionGuid: ACCOUNT,
});

describe('FinancialAccountsTable', () => {
  it('shows the client a balance entered by hand, below its minimum, and no Record balance', async () => {
    const api = createFakeApi().reply('GET', listPath, {
      results: [
        account({
          balance: 50_000,
          balance_as_of: '2026-04-30',
          balance_source: 'entered_by_hand',
          below_minimum: true,
        }),
      ],
    });
    renderPage(<FinancialAccountsTable clientGuid={CLIENT} canRecord={false} />, { api });
    const table = await screen.findByRole('table', { name: 'Financial accounts' });
    const row = within(table).getByRole('row', { name: /Operating account/ });
    expect(within(row).getByText('$500.00')).toBeTruthy();
    expect(within(row).getByText('Below minimum')).toBeTruthy();
    expect(within(row).getByText('04/30/2026 (entered by hand)')).toBeTruthy();
    expect(within(row).getByText('No statements yet')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Record balance/ })).toBeNull();
  });

  it('lets staff record a balance typed in dollars, sent in cents, after checking the fields', async () => {
    const user = setupUser();
    let balance: number | null = null;
    const api = createFakeApi()
      .reply('GET', listPath, () => ({
        results: [
          account(
            balance === null
              ? {}
              : { balance, balance_as_of: '2026-04-30', balance_source: 'entered_by_hand' },
          ),
        ],
      }))
      .reply('POST', recordPath, (call: ApiCall) => {
        balance = (call.body as { balance: number }).balance;
        return account({ balance, balance_as_of: '2026-04-30', balance_source: 'entered_by_hand' });
      });
    renderPage(<FinancialAccountsTable clientGuid={CLIENT} canRecord />, { api });
    expect(await screen.findByText('Not entered yet')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Record balance of Operating account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record balance' });
    await user.click(within(dialog).getByRole('button', { name: 'Record balance' }));
    expect(await within(dialog).findByText('Enter the balance.')).toBeTruthy();
    expect(api.callsTo('POST', recordPath)).toHaveLength(0);
    await user.type(within(dialog).getByLabelText(/Balance/), '-1,234.50');
    const asOf = within(dialog).getByLabelText(/As of/);
    await user.clear(asOf);
    await user.type(asOf, '2026-04-30');
    await user.click(within(dialog).getByRole('button', { name: 'Record balance' }));
    expect(await screen.findByText('-$1,234.50')).toBeTruthy();
    expect(api.callsTo('POST', recordPath)[0]?.body).toEqual({ balance: -123_450, as_of: '2026-04-30' });
  });
});
