import { pathOf } from '@bp/api-client';
import { clientsRoutes, commitmentsRoutes, entitiesRoutes } from '@bp/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { orgClient } from '../../client-records/fixtures.test-support.ts';
import { createFakeApi, type FakeApi, renderPage, setupUser } from '../../test-utils.tsx';
import {
  CLIENT_GUID,
  cashOutflowBody,
  commitmentRow,
  ENTITY_A,
  entityRow,
  monthlyOverviewBody,
  ORG_GUID,
  page,
} from '../fixtures.test-support.ts';
import { ArchivedCommitmentsPage, CommitmentsPage } from './CommitmentsPage.tsx';

const LIST = pathOf(commitmentsRoutes.getBillingOrganizationCommitments, { organizationGuid: ORG_GUID });

function Probe() {
  const location = useLocation();
  return (
    <div data-testid="url">
      {location.pathname}
      {location.search}
    </div>
  );
}

function script(api: FakeApi = createFakeApi()) {
  return api
    .reply(
      'GET',
      pathOf(clientsRoutes.getAccountsOrganizationClients, { orgGuid: ORG_GUID }),
      page([orgClient({ guid: CLIENT_GUID, name: 'Harper Family' })]),
    )
    .reply(
      'GET',
      pathOf(entitiesRoutes.getAccountsClientEntities, { clientGuid: CLIENT_GUID }),
      page([entityRow(ENTITY_A, 'Harper Holdings LLC')]),
    )
    .reply('GET', LIST, () =>
      page([
        commitmentRow(),
        commitmentRow({
          id: 43,
          guid: '00000000-0000-4000-8000-000000004300',
          vendor: { guid: '00000000-0000-4000-8000-000000000013', name: 'County Tax' },
          category: 'property_tax',
          frequency: 'yearly',
          expected_amount: null,
          is_variable: true,
          due_day: 1,
          due_month: 11,
          autopay: true,
          next_due_date: '2026-11-02',
        }),
      ]),
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
}

function renderList(route = '/commitments', archived = false, api = script()) {
  return renderPage(
    <Routes>
      <Route
        path={archived ? '/commitments/archived-commitments' : '/commitments'}
        element={
          <>
            {archived ? <ArchivedCommitmentsPage /> : <CommitmentsPage />}
            <Probe />
          </>
        }
      />
      <Route path="*" element={<Probe />} />
    </Routes>,
    { route, path: '/*', api, session: { organization: { guid: ORG_GUID, name: 'Acme' } } },
  );
}

const url = () => screen.getByTestId('url').textContent;
const lastQuery = (api: FakeApi) => api.callsTo('GET', LIST).at(-1)?.options?.query;

type User = ReturnType<typeof setupUser>;
async function choose(user: User, label: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: new RegExp(`^${label}`) }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('CommitmentsPage', () => {
  it('lists commitments with labels, the expected amount or Variable, next due date and autopay', async () => {
    const { api } = renderList();
    const table = await screen.findByRole('table', { name: 'Commitments' });
    const [, first, second] = within(table).getAllByRole('row') as HTMLElement[];
    for (const text of [
      'City Power',
      'Harper Family',
      'Harper Holdings LLC',
      'Utilities',
      'Monthly',
      '$125.00',
      '03/13/2026',
    ]) {
      expect(within(first as HTMLElement).getByText(text)).toBeInTheDocument();
    }
    for (const text of ['County Tax', 'Property Tax', 'Yearly', 'Variable', '11/02/2026', 'Autopay']) {
      expect(within(second as HTMLElement).getByText(text)).toBeInTheDocument();
    }
    expect(
      within(first as HTMLElement)
        .getByRole('link', { name: 'City Power' })
        .getAttribute('href'),
    ).toBe(`/commitments/42?client=${CLIENT_GUID}`);
    expect(lastQuery(api)).toEqual({ ordering: 'next_due_date', page: 1, page_size: 10 });
  });

  it('sends the chosen filters to the API and keeps them in the url', async () => {
    const { api } = renderList();
    const user = setupUser();
    await screen.findByRole('table', { name: 'Commitments' });
    await choose(user, 'Category', 'Property Tax');
    await waitFor(() => expect(url()).toBe('/commitments?category=property_tax'));
    await choose(user, 'Frequency', 'Yearly');
    await choose(user, 'Client', 'Harper Family');
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: /^Entity/ })).not.toHaveAttribute('aria-disabled'),
    );
    await choose(user, 'Entity', 'Harper Holdings LLC');
    await user.type(screen.getByRole('searchbox', { name: 'Search vendor or memo' }), 'county');
    await waitFor(() =>
      expect(lastQuery(api)).toEqual({
        client: CLIENT_GUID,
        entity: ENTITY_A,
        category: 'property_tax',
        frequency: 'yearly',
        search: 'county',
        ordering: 'next_due_date',
        page: 1,
        page_size: 10,
      }),
    );
    expect(url()).toBe(
      `/commitments?client=${CLIENT_GUID}&entity=${ENTITY_A}&category=property_tax&frequency=yearly&search=county`,
    );
    // With a client chosen, its cash outflow is shown under the list.
    expect(await screen.findByRole('heading', { name: 'Cash outflow of Harper Family' })).toBeInTheDocument();
  });

  it('reads filters, ordering and page from the url; all-clients means no client filter', async () => {
    const { api } = renderList('/commitments?client=all-clients&category=utilities&ordering=-vendor&page=2');
    await screen.findByRole('table', { name: 'Commitments' });
    expect(lastQuery(api)).toEqual({ category: 'utilities', ordering: '-vendor', page: 2, page_size: 10 });
  });

  it('New Commitment opens the form for the filtered client', async () => {
    renderList(`/commitments?client=${CLIENT_GUID}`);
    const user = setupUser();
    await screen.findByRole('table', { name: 'Commitments' });
    await user.click(screen.getByRole('button', { name: 'New Commitment' }));
    await waitFor(() => expect(url()).toBe(`/commitments/commitment-form?client=${CLIENT_GUID}`));
  });

  it('says so when nothing matches', async () => {
    const api = script().reply('GET', LIST, page([]));
    renderList('/commitments?category=insurance', false, api);
    expect(await screen.findByText('No commitments match these filters.')).toBeInTheDocument();
  });
});

describe('ArchivedCommitmentsPage', () => {
  it('lists archived commitments and unarchives one', async () => {
    const api = script();
    api.reply(
      'POST',
      pathOf(commitmentsRoutes.postBillingClientCommitmentUnarchive, {
        clientGuid: CLIENT_GUID,
        commitmentId: 42,
      }),
      () => commitmentRow(),
    );
    renderList('/commitments/archived-commitments', true, api);
    const user = setupUser();
    await screen.findByRole('table', { name: 'Archived Commitments' });
    expect(lastQuery(api)).toMatchObject({ archived: 'true' });
    await user.click(screen.getByRole('button', { name: 'Unarchive City Power' }));
    expect(await screen.findByText('City Power is active again.')).toBeInTheDocument();
    expect(
      api.callsTo(
        'POST',
        pathOf(commitmentsRoutes.postBillingClientCommitmentUnarchive, {
          clientGuid: CLIENT_GUID,
          commitmentId: 42,
        }),
      )[0]?.body,
    ).toEqual({
      version: 3,
    });
  });
});
