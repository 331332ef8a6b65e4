import { pathOf } from '@bp/api-client';
import { clientRecordsRoutes, clientsRoutes, entitiesRoutes } from '@bp/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CLIENT_GUID, entity, ORG_GUID, orgClient, page } from '../client-records/fixtures.test-support.ts';
import { createFakeApi, renderPage, setupUser } from '../test-utils.tsx';
import { ClientDetailPage } from './ClientDetailPage.tsx';

const ONE = pathOf(clientsRoutes.getAccountsOrganizationClient, {
  orgGuid: ORG_GUID,
  clientGuid: CLIENT_GUID,
});
const session = { organization: { guid: ORG_GUID, name: 'Demo Family Office' } };

function render(route = `/clients/${CLIENT_GUID}`) {
  const api = createFakeApi()
    .reply('GET', ONE, orgClient())
    .reply(
      'GET',
      pathOf(entitiesRoutes.getAccountsClientEntities, { clientGuid: CLIENT_GUID }),
      page([entity()]),
    )
    .reply(
      'GET',
      pathOf(clientRecordsRoutes.getAccountsClientContacts, { clientGuid: CLIENT_GUID }),
      page([]),
    );
  renderPage(<ClientDetailPage />, { route, path: '/clients/:clientGuid', api, session });
  return api;
}

describe('ClientDetailPage', () => {
  it('shows the client with its service and fees, and the entities tab first', async () => {
    render();
    expect(await screen.findByRole('heading', { level: 1, name: 'Harper Household' })).toBeInTheDocument();
    expect(screen.getByText('Bill Pay')).toBeInTheDocument();
    expect(screen.getAllByText('$1,500.00').length).toBeGreaterThan(0);
    expect(screen.getByRole('tab', { name: 'Entities', selected: true })).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'Entities' })).toBeInTheDocument();
    for (const tab of ['Users', 'Contacts', 'Properties', 'Documents', 'Banks']) {
      expect(screen.getByRole('tab', { name: tab })).toBeInTheDocument();
    }
  });

  it('switches tabs', async () => {
    render();
    await setupUser().click(await screen.findByRole('tab', { name: 'Contacts' }));
    expect(await screen.findByText('No contacts yet.')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Contacts' })).toHaveAttribute('aria-selected', 'true');
  });

  it('opens an entity with its settings from the list', async () => {
    render();
    await setupUser().click(await screen.findByRole('button', { name: 'Open Harper Holdings LLC' }));
    const panel = await screen.findByRole('region', { name: 'Entity Harper Holdings LLC' });
    expect(within(panel).getByLabelText('Allowable payment threshold (%)')).toHaveValue('5.000');
    expect(within(panel).getByRole('tab', { name: 'Vendors' })).toBeInTheDocument();
  });

  it('edits the client sending only the changed fee in cents', async () => {
    const api = render().reply('PATCH', ONE, orgClient({ foa_ff_amount: 2500 }));
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: 'Edit client' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit client' });
    expect(within(dialog).getByLabelText('Bill Pay fee ($)')).toHaveValue('1500.00');
    const fee = within(dialog).getByLabelText('Family Office Accounting fee ($)');
    await user.clear(fee);
    await user.type(fee, '25{Enter}');
    expect(await screen.findByText('Client updated.')).toBeInTheDocument();
    expect(api.callsTo('PATCH', ONE)[0]?.body).toEqual({ foa_ff_amount: 2500 });
  });

  it('archives after confirmation and sends the onboarding invitation', async () => {
    const api = render()
      .reply('POST', `${ONE}/archive`, orgClient({ archived: true }))
      .reply('POST', `/v1/accounts/organizations/${ORG_GUID}/send-onboarding-invite`, {
        detail: 'Sent.',
        recipients: ['client@demo.test'],
        onboarding_invited_at: '2026-05-01T10:00:00Z',
      });
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: 'Archive' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Archive Harper Household?' })).getByRole('button', {
        name: 'Archive',
      }),
    );
    expect(await screen.findByText('Client archived.')).toBeInTheDocument();
    expect(api.callsTo('POST', `${ONE}/archive`)).toHaveLength(1);

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Send onboarding invite' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Sent to client@demo.test.')).toBeInTheDocument();
    expect(
      api.callsTo('POST', `/v1/accounts/organizations/${ORG_GUID}/send-onboarding-invite`)[0]?.body,
    ).toEqual({
      client: CLIENT_GUID,
    });
  });

  it('says so when the client does not exist', async () => {
    const api = createFakeApi().fail('GET', ONE, 404, { detail: 'Not found.', code: 'not_found' });
    renderPage(<ClientDetailPage />, {
      route: `/clients/${CLIENT_GUID}`,
      path: '/clients/:clientGuid',
      api,
      session,
    });
    expect(await screen.findByText('Client not found.')).toBeInTheDocument();
  });
});
