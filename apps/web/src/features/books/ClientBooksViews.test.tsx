import { pathOf } from '@bp/api-client';
import {
  type BalanceSheet,
  booksReportsRoutes,
  financialAccountsRoutes,
  type UserProfile,
} from '@bp/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FinancialAccountsPage } from '../financial-accounts/FinancialAccountsPage.tsx';
import { createFakeApi, renderPage } from '../test-utils.tsx';

const CLIENT = '0b7a9d8e-1c2f-4a3b-9d4e-5f6a7b8c9d0e';
const accountsPath = pathOf(financialAccountsRoutes.getAccountsClientFinancialAccounts, {
  clientGuid: CLIENT,
});
const balancePath = pathOf(booksReportsRoutes.getBooksClientBalanceSheet, { clientGuid: CLIENT });

const row = (
  guid: string,
  name: string,
  family: 'asset' | 'liability',
  subtype: string,
  balance: number,
) => ({
  account: { guid, number: null, name, family, subtype },
  debit: family === 'asset' ? balance : 0,
  credit: family === 'asset' ? 0 : balance,
  balance,
});

const sheet: BalanceSheet = {
  to: '2026-11-28',
  assets: {
    rows: [row('0b7a9d8e-1c2f-4a3b-9d4e-5f6a7b8c9d01', 'Checking', 'asset', 'bank', 187_950)],
    total: 187_950,
  },
  liabilities: {
    rows: [row('0b7a9d8e-1c2f-4a3b-9d4e-5f6a7b8c9d02', 'Amex', 'liability', 'credit_card', 12_000)],
    total: 12_000,
  },
  equity: { rows: [], total: 0 },
  current_earnings: 175_950,
  retained_earnings: 0,
  total_liabilities_and_equity: 187_950,
};

function render(features: string[]) {
  const api = createFakeApi().reply('GET', accountsPath, { results: [] }).reply('GET', balancePath, sheet);
  return renderPage(<FinancialAccountsPage />, {
    route: '/financial-accounts',
    api,
    session: {
      client: { guid: CLIENT, name: 'Harper Household' } as never,
      profile: { features: features.map((feature_name) => ({ feature_name })) } as unknown as UserProfile,
    },
  });
}

describe('/financial-accounts with the books', () => {
  it("shows a client user with the Books feature their books' balances", async () => {
    render(['BOOKS']);
    const table = await screen.findByRole('table', { name: 'Balances in your books' });
    expect(within(table).getByRole('row', { name: /Checking/ })).toHaveTextContent('$1,879.50');
    expect(within(table).getByRole('row', { name: /Amex/ })).toHaveTextContent('credit card');
  });

  it('shows nothing of the books without the feature', async () => {
    const { api } = render([]);
    expect(await screen.findByText(/your bank and investment accounts/)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Balances in your books' })).toBeNull();
    expect(api.calls.some((c) => c.path === balancePath)).toBe(false);
  });
});
