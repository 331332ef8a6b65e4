import { pathOf } from '@bp/api-client';
import { type ClientReferrerDetail, clientsRoutes, entitiesRoutes } from '@bp/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CLIENT_GUID, guidOf, ORG_GUID, orgClient, page } from '../client-records/fixtures.test-support.ts';
import { createFakeApi, renderPage, setupUser } from '../test-utils.tsx';
import { ClientDetailPage } from './ClientDetailPage.tsx';
import { ClientsPage } from './ClientsPage.tsx';

const ONE = pathOf(clientsRoutes.getAccountsOrganizationClient, {
  orgGuid: ORG_GUID,
  clientGuid: CLIENT_GUID,
});
const CLIENTS = pathOf(clientsRoutes.getAccountsOrganizationClients, { orgGuid: ORG_GUID });
const REFERRERS = '/v1/accounts/client-referrers';
const session = { organization: { guid: ORG_GUID, name: 'Demo Family Office' } };

function referrer(n: number, name: string): ClientReferrerDetail {
  return {
    guid: guidOf(n),
    name,
    created_on: '2026-01-01T00:00:00Z',
    white_label_enabled: false,
    news_enabled: false,
    explore_services_enabled: false,
    options: {},
  };
}
const referrers = page([referrer(501, 'Atlas Wealth'), referrer(502, 'Birch Advisors')]);

function editClient(client = orgClient()) {
  const api = createFakeApi()
    .reply('GET', ONE, client)
    .reply('GET', pathOf(entitiesRoutes.getAccountsClientEntities, { clientGuid: CLIENT_GUID }), page([]))
    .reply('GET', REFERRERS, referrers)
    .reply('PATCH', ONE, client);
  renderPage(<ClientDetailPage />, {
    route: `/clients/${CLIENT_GUID}`,
    path: '/clients/:clientGuid',
    api,
    session,
  });
  return api;
}

async function openEdit() {
  const user = setupUser();
  await user.click(await screen.findByRole('button', { name: 'Edit client' }));
  const dialog = await screen.findByRole('dialog', { name: 'Edit client' });
  return { user, dialog };
}

describe('client form: referrer and onboarding', () => {
  it('sends the chosen referrer and the onboarding switch, and nothing else', async () => {
    const api = editClient();
    const { user, dialog } = await openEdit();
    const onboarding = within(dialog).getByRole('switch', {
      name: 'Onboarding completed',
    }) as HTMLInputElement;
    expect(onboarding).toBeChecked();
    await user.click(within(dialog).getByRole('combobox', { name: 'Referred by' }));
    await user.click(await screen.findByRole('option', { name: 'Birch Advisors' }));
    await user.click(onboarding);
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Client updated.')).toBeInTheDocument();
    expect(api.callsTo('PATCH', ONE).map((c) => c.body)).toEqual([
      { client_referrer: guidOf(502), is_onboarding_completed: false },
    ]);
  });

  it('clears the referrer as null, leaving the onboarding flag unsent', async () => {
    const api = editClient(orgClient({ client_referrer: { guid: guidOf(501), name: 'Atlas Wealth' } }));
    const { user, dialog } = await openEdit();
    const select = within(dialog).getByRole('combobox', { name: 'Referred by' });
    expect(select.textContent).toBe('Atlas Wealth');
    await user.click(select);
    await user.click(await screen.findByRole('option', { name: 'None' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(api.callsTo('PATCH', ONE)).toHaveLength(1));
    expect(api.callsTo('PATCH', ONE)[0]?.body).toEqual({ client_referrer: null });
  });

  it('creates a client with its referrer, and has no onboarding switch', async () => {
    const api = createFakeApi()
      .reply('GET', CLIENTS, page([]))
      .reply('GET', REFERRERS, referrers)
      .reply('POST', CLIENTS, orgClient({ guid: guidOf(999) }));
    renderPage(<ClientsPage />, { route: '/clients', api, session });
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: 'New client' }));
    const dialog = await screen.findByRole('dialog', { name: 'New client' });
    expect(within(dialog).queryByRole('switch', { name: 'Onboarding completed' })).not.toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/^Name/), 'Quinn Family');
    await user.click(within(dialog).getByRole('combobox', { name: 'Referred by' }));
    await user.click(await screen.findByRole('option', { name: 'Atlas Wealth' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create client' }));

    await waitFor(() => expect(api.callsTo('POST', CLIENTS)).toHaveLength(1));
    expect(api.callsTo('POST', CLIENTS)[0]?.body).toEqual({
      name: 'Quinn Family',
      service: 'bill_pay',
      primary_contact: null,
      bp_ff_amount: 0,
      foa_ff_amount: 0,
      has_properties: false,
      client_referrer: guidOf(501),
    });
  });
});
