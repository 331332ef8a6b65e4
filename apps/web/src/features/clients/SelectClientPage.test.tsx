import type { ClientSummary } from '@bp/contracts';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeApi, renderPage, setupUser } from '../test-utils.tsx';
import { SelectClientPage } from './SelectClientPage.tsx';

const CLIENTS = '/v1/accounts/clients';

const client: ClientSummary = {
  guid: '33333333-3333-4333-8333-333333333333',
  name: 'Hartley Trust',
  created_on: '2026-01-02T00:00:00Z',
  role: 'designee',
  is_onboarding_completed: true,
  has_properties: false,
  service: 'bill_pay',
  client_referrer: null,
};

describe('SelectClientPage', () => {
  it('lists page 1 of the clients with their role and selects one', async () => {
    const api = createFakeApi().reply('GET', CLIENTS, {
      count: 1,
      next: null,
      previous: null,
      results: [client],
    });
    const { session } = renderPage(<SelectClientPage />, { route: '/select-client', api });

    expect(screen.getByRole('heading', { name: 'Select Client' })).toBeInTheDocument();
    expect(await screen.findByText('Hartley Trust')).toBeInTheDocument();
    expect(screen.getByText('Designee · Bill Pay')).toBeInTheDocument();
    expect(api.calls[0]?.options?.query).toMatchObject({ page: 1 });

    await setupUser().click(screen.getByRole('button', { name: /Hartley Trust/ }));
    expect(session.selectClient).toHaveBeenCalledWith(client);
  });

  it('goes to the terms page on must_accept_terms without retrying', async () => {
    const api = createFakeApi().fail('GET', CLIENTS, 403, {
      detail: 'Accept the terms.',
      code: 'must_accept_terms',
    });
    renderPage(<SelectClientPage />, { route: '/select-client', api });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/terms-conditions'));
    expect(api.calls).toHaveLength(1);
  });
});
