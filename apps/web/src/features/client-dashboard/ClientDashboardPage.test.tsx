import { pathOf } from '@bp/api-client';
import { clientRecordsRoutes, clientsRoutes, entitiesRoutes } from '@bp/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  CLIENT_GUID,
  clientSummary,
  clientUser,
  contact,
  entity,
  page,
  property,
} from '../client-records/fixtures.test-support.ts';
import { createFakeApi, renderPage } from '../test-utils.tsx';
import { ClientDashboardPage } from './ClientDashboardPage.tsx';

function household() {
  return createFakeApi()
    .reply(
      'GET',
      pathOf(entitiesRoutes.getAccountsClientEntities, { clientGuid: CLIENT_GUID }),
      page([entity()]),
    )
    .reply(
      'GET',
      pathOf(clientsRoutes.getAccountsClientUsers, { clientGuid: CLIENT_GUID }),
      page([clientUser({ role: 'observer', role_label: 'Observer' })]),
    )
    .reply(
      'GET',
      pathOf(clientRecordsRoutes.getAccountsClientContacts, { clientGuid: CLIENT_GUID }),
      page([contact()]),
    )
    .reply(
      'GET',
      pathOf(clientRecordsRoutes.getAccountsClientProperties, { clientGuid: CLIENT_GUID }),
      page([property()]),
    )
    .reply('GET', `/v1/billing/clients/${CLIENT_GUID}/summary-metrics`, {
      by_status: [],
      awaiting_approval: { count: 2, amount: 5000 },
      due_next_7_days: { count: 0, amount: 0 },
      overdue: { count: 0, amount: 0 },
      paid_this_month: { count: 0, amount: 0 },
    });
}

const WRITE_BUTTON = /^(Add|Edit|Delete|Upload|Invite|Remove|Open)/;

describe('ClientDashboardPage', () => {
  it("shows an observer the household's entities, users, contacts and properties with no write control", async () => {
    renderPage(<ClientDashboardPage />, {
      route: '/dashboard',
      api: household(),
      session: { client: clientSummary('observer') },
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    const entities = await screen.findByRole('table', { name: 'Entities' });
    expect(within(entities).getByText('Harper Holdings LLC')).toBeInTheDocument();
    expect(await screen.findByText('Harper Family CPA')).toBeInTheDocument();
    expect(await screen.findByText('Harper Residence')).toBeInTheDocument();
    expect(await screen.findByText('claire@example.test')).toBeInTheDocument();
    expect(screen.queryAllByRole('button', { name: WRITE_BUTTON })).toHaveLength(0);
    const awaiting = await screen.findByRole('region', { name: 'Awaiting your approval' });
    expect(within(awaiting).getByText('2 bills')).toBeInTheDocument();
  });

  it('shows a designee the same household read-only', async () => {
    renderPage(<ClientDashboardPage />, {
      route: '/dashboard',
      api: household(),
      session: { client: clientSummary('designee') },
    });
    expect(await screen.findByText('Harper Family CPA')).toBeInTheDocument();
    expect(screen.queryAllByRole('button', { name: WRITE_BUTTON })).toHaveLength(0);
  });

  it('gives the client role add, edit and delete on contacts and properties only', async () => {
    renderPage(<ClientDashboardPage />, {
      route: '/dashboard',
      api: household(),
      session: { client: clientSummary('client') },
    });
    expect(await screen.findByRole('button', { name: 'Add contact' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add property' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Edit Harper Family CPA' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Delete Harper Residence' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add entity' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Invite user' })).not.toBeInTheDocument();
  });
});
