import { pathOf } from '@bp/api-client';
import { clientsRoutes } from '@bp/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CLIENT_GUID, ORG_GUID, orgClient, page } from '../client-records/fixtures.test-support.ts';
import { createFakeApi, renderPage, setupUser } from '../test-utils.tsx';
import { ArchivedClientsPage } from './ArchivedClientsPage.tsx';

const session = { organization: { guid: ORG_GUID, name: 'Demo Family Office' } };
const PATH = '/clients/archived/client-list/:clientType';

describe('ArchivedClientsPage', () => {
  it('lists the archived clients of the service and unarchives one after confirmation', async () => {
    const archived = orgClient({ archived: true, archived_on: '2026-04-02T10:00:00Z' });
    const api = createFakeApi()
      .reply(
        'GET',
        pathOf(clientsRoutes.getAccountsOrganizationClients, { orgGuid: ORG_GUID }),
        page([archived]),
      )
      .reply(
        'POST',
        pathOf(clientsRoutes.postAccountsOrganizationClientUnarchive, {
          orgGuid: ORG_GUID,
          clientGuid: CLIENT_GUID,
        }),
        orgClient(),
      );
    renderPage(<ArchivedClientsPage />, {
      route: '/clients/archived/client-list/bill_pay',
      path: PATH,
      api,
      session,
    });

    expect(screen.getByRole('heading', { level: 1, name: 'Archived Bill Pay Clients' })).toBeInTheDocument();
    expect(await screen.findByText('04/02/2026')).toBeInTheDocument();
    expect(api.calls[0]?.options?.query).toMatchObject({ service: 'bill_pay', archived: 'true', page: 1 });

    const user = setupUser();
    await user.click(screen.getByRole('button', { name: 'Unarchive Harper Household' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unarchive Harper Household?' });
    await user.click(within(dialog).getByRole('button', { name: 'Unarchive' }));
    expect(await screen.findByText('Client unarchived.')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        api.callsTo(
          'POST',
          pathOf(clientsRoutes.postAccountsOrganizationClientUnarchive, {
            orgGuid: ORG_GUID,
            clientGuid: CLIENT_GUID,
          }),
        ),
      ).toHaveLength(1),
    );
  });

  it('refuses an unknown service', () => {
    renderPage(<ArchivedClientsPage />, { route: '/clients/archived/client-list/golf', path: PATH, session });
    expect(screen.getByText('Unknown service.')).toBeInTheDocument();
  });
});
