import { pathOf } from '@bp/api-client';
import { type ClientSummary, commitmentsRoutes, entitiesRoutes } from '@bp/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeApi, type FakeApi, renderPage } from '../../test-utils.tsx';

import {
  CLIENT_GUID,
  cashOutflowBody,
  commitmentRow,
  ENTITY_A,
  entityRow,
  monthlyOverviewBody,
  page,
} from '../fixtures.test-support.ts';
import { ClientCommitmentsPage } from './ClientCommitmentsPage.tsx';

const client = { guid: CLIENT_GUID, name: 'Harper Family' } as ClientSummary;

function renderClientPage(entity = 'all-entities', adjust: (api: FakeApi) => void = () => {}) {
  const api = createFakeApi();
  api
    .reply(
      'GET',
      pathOf(entitiesRoutes.getAccountsClientEntities, { clientGuid: CLIENT_GUID }),
      page([entityRow(ENTITY_A, 'Harper Holdings LLC')]),
    )
    .reply(
      'GET',
      pathOf(commitmentsRoutes.getBillingClientCommitments, { clientGuid: CLIENT_GUID }),
      page([commitmentRow()]),
    )
    .reply(
      'GET',
      pathOf(commitmentsRoutes.getBillingClientCommitmentsCashOutflow, { clientGuid: CLIENT_GUID }),
      cashOutflowBody(),
    )
    .reply(
      'GET',
      pathOf(commitmentsRoutes.getBillingClientCommitmentsMonthlyOverview, { clientGuid: CLIENT_GUID }),
      monthlyOverviewBody(),
    );
  adjust(api);
  return renderPage(<ClientCommitmentsPage />, {
    route: `/commitments/${entity}`,
    path: '/commitments/:commitmentId',
    api,
    session: { client },
  });
}

const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('ClientCommitmentsPage', () => {
  it("lists the client's commitments read-only", async () => {
    renderClientPage();
    const table = await screen.findByRole('table', { name: 'Commitments' });
    expect(within(table).getByText('City Power')).toBeInTheDocument();
    expect(within(table).getByText('$125.00')).toBeInTheDocument();
    expect(within(table).queryByRole('link')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Archive|Edit|New/ })).not.toBeInTheDocument();
  });

  it('draws the cash outflow and shows the same numbers in a table with totals', async () => {
    renderClientPage();
    const chart = await screen.findByRole('figure', {
      name: 'Committed amounts by month, stacked by category',
    });
    expect(screen.getByRole('figure', { name: 'Paid and pending bills by month' })).toBeInTheDocument();
    const legend = within(chart).getByRole('list');
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Utilities', 'Property Tax']);

    const table = screen.getByRole('table', { name: 'Cash outflow by month' });
    const header = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(header).toEqual(['Month', 'Utilities', 'Property Tax', 'Committed', 'Paid', 'Pending']);
    const apr = within(table).getByRole('rowheader', { name: 'Apr 2026' }).closest('tr') as HTMLElement;
    expect(cells(apr)).toEqual(['$125.00', '$2,500.00', '$2,625.00', '$0.00', '$0.00']);
    const total = within(table).getByRole('rowheader', { name: 'Total' }).closest('tr') as HTMLElement;
    expect(cells(total)).toEqual(['$375.00', '$2,500.00', '$2,875.00', '$120.00', '$5.00']);

    const overview = screen.getByRole('table', { name: 'Monthly overview by category' });
    const committed = within(overview)
      .getByRole('rowheader', { name: 'Committed' })
      .closest('tr') as HTMLElement;
    expect(cells(committed)).toEqual(['$125.00', '$2,625.00', '$125.00', '$2,875.00']);
  });

  it('filters the list and the forecast by the entity in the url', async () => {
    const { api } = renderClientPage(ENTITY_A);
    await screen.findByRole('table', { name: 'Commitments' });
    await waitFor(() =>
      expect(
        api.callsTo(
          'GET',
          pathOf(commitmentsRoutes.getBillingClientCommitmentsCashOutflow, { clientGuid: CLIENT_GUID }),
        )[0]?.options?.query,
      ).toEqual({
        entity: ENTITY_A,
      }),
    );
    expect(
      api.callsTo(
        'GET',
        pathOf(commitmentsRoutes.getBillingClientCommitments, { clientGuid: CLIENT_GUID }),
      )[0]?.options?.query,
    ).toMatchObject({
      entity: ENTITY_A,
      page: 1,
      page_size: 10,
    });
  });

  it('says so when there is nothing to pay in the next 12 months', async () => {
    renderClientPage('all-entities', (api) =>
      api.reply(
        'GET',
        pathOf(commitmentsRoutes.getBillingClientCommitmentsCashOutflow, { clientGuid: CLIENT_GUID }),
        {
          ...cashOutflowBody(),
          months: [],
          totals: { committed: 0, paid: 0, pending: 0 },
        },
      ),
    );
    expect(await screen.findByText('No cash outflow in the next 12 months.')).toBeInTheDocument();
  });
});
