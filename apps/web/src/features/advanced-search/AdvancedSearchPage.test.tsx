import { buildUrl, pathOf } from '@bp/api-client';
import { billSearchRoutes, entitiesRoutes } from '@bp/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation, useNavigate } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BILL_GUID, billSummary } from '../bill-lists/fixtures.test-support.ts';
import {
  CLIENT_GUID,
  clientSummary,
  entity,
  ORG_GUID,
  page,
} from '../client-records/fixtures.test-support.ts';
import { createFakeApi, type FakeApi, renderPage, setupUser, testClaims } from '../test-utils.tsx';
import { AdvancedSearchPage } from './AdvancedSearchPage.tsx';

const CLIENT_SEARCH = pathOf(billSearchRoutes.getBillingClientAdvancedSearch, { clientGuid: CLIENT_GUID });
const CLIENT_EXPORT = pathOf(billSearchRoutes.getBillingClientAdvancedSearchExport, {
  clientGuid: CLIENT_GUID,
});
const ORG_SEARCH = pathOf(billSearchRoutes.getBillingOrganizationAdvancedSearch, {
  organizationGuid: ORG_GUID,
});

/** Answers the search path (statuses ride in the query, which the client writes as repeated keys). */
function searchApi(path: string, results = page([billSummary()])): FakeApi {
  return createFakeApi()
    .reply(
      'GET',
      pathOf(entitiesRoutes.getAccountsClientEntities, { clientGuid: CLIENT_GUID }),
      page([entity()]),
    )
    .reply('GET', path, results);
}

const lastSearch = (api: FakeApi, path: string) => api.callsTo('GET', path).at(-1)?.options?.query;

function openAsClient(route: string, api = searchApi(CLIENT_SEARCH)) {
  return renderPage(<PageWithUrl />, {
    route,
    path: '/advanced-search',
    api,
    session: { claims: testClaims({ type: 'client', staff: null }), client: clientSummary('client') },
  });
}

afterEach(() => vi.unstubAllGlobals());

/** The page with the url under it, as the address bar would show it. */
function PageWithUrl() {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <button type="button" onClick={() => navigate(-1)}>
        Browser back
      </button>
      <AdvancedSearchPage />
      <output data-testid="location">{`${location.pathname}${location.search}`}</output>
    </>
  );
}

describe('AdvancedSearchPage', () => {
  it('reads the filters of a shared link into the form and the request', async () => {
    const api = searchApi(CLIENT_SEARCH);
    openAsClient(
      '/advanced-search?vendor=Water&amount_min=10000&due_date_from=2026-01-01&status=paid&status=rejected',
      api,
    );
    const table = await screen.findByRole('table', { name: 'Search results' });
    expect(within(table).getByRole('link', { name: 'City Water Utility' })).toHaveAttribute(
      'href',
      `/bill/${BILL_GUID}`,
    );
    expect(within(table).getByText('$1,234.56')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Vendor' })).toHaveProperty('value', 'Water');
    expect(screen.getByRole('textbox', { name: 'Amount from' })).toHaveProperty('value', '100.00');
    expect(screen.getByRole('textbox', { name: 'Due date from' })).toHaveProperty('value', '01/01/2026');
    expect(screen.getByRole('combobox', { name: 'Status' }).textContent).toBe('Paid, Rejected');
    const query = lastSearch(api, CLIENT_SEARCH);
    expect(buildUrl('', CLIENT_SEARCH, query)).toContain('status=paid&status=rejected');
    expect(query).toEqual({
      vendor: 'Water',
      amount_min: 10000,
      due_date_from: '2026-01-01',
      ordering: '-due_date',
      status: ['paid', 'rejected'],
      page: 1,
      page_size: 10,
    });
  });

  it('puts the typed filters in the url in cents and ISO dates, and searches with them', async () => {
    const user = setupUser();
    const { api } = openAsClient('/advanced-search');
    await screen.findByRole('table', { name: 'Search results' });
    await user.type(screen.getByRole('textbox', { name: 'Vendor' }), 'City');
    await user.type(screen.getByRole('textbox', { name: 'Amount from' }), '12.50');
    await user.type(screen.getByRole('textbox', { name: 'Amount to' }), '1,000');
    await user.type(screen.getByRole('textbox', { name: 'Paid date from' }), '03/01/2026');
    await user.type(screen.getByRole('textbox', { name: 'Paid date to' }), '03/31/2026');
    await user.type(screen.getByRole('textbox', { name: 'Memo' }), 'water');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe(
        '/advanced-search?vendor=City&memo=water&amount_min=1250&amount_max=100000&paid_date_from=2026-03-01&paid_date_to=2026-03-31',
      ),
    );
    await waitFor(() =>
      expect(lastSearch(api, CLIENT_SEARCH)).toEqual({
        vendor: 'City',
        memo: 'water',
        amount_min: 1250,
        amount_max: 100000,
        paid_date_from: '2026-03-01',
        paid_date_to: '2026-03-31',
        ordering: '-due_date',
        page: 1,
        page_size: 10,
      }),
    );
  });

  it('goes back to the previous search with Back', async () => {
    const user = setupUser();
    const { api } = openAsClient('/advanced-search?vendor=Water');
    await screen.findByRole('table');
    const vendor = screen.getByRole('textbox', { name: 'Vendor' });
    await user.clear(vendor);
    await user.type(vendor, 'Power');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(lastSearch(api, CLIENT_SEARCH)).toMatchObject({ vendor: 'Power' }));
    await user.click(screen.getByRole('button', { name: 'Browser back' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Vendor' })).toHaveProperty('value', 'Water'),
    );
    expect(screen.getByTestId('location').textContent).toBe('/advanced-search?vendor=Water');
    expect(lastSearch(api, CLIENT_SEARCH)).toMatchObject({ vendor: 'Water' });
  });

  it('chooses statuses by their labels', async () => {
    const user = setupUser();
    openAsClient('/advanced-search');
    await screen.findByRole('table');
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Payment Pending' }));
    await user.click(screen.getByRole('option', { name: 'Paid' }));
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe(
        '/advanced-search?status=payment_pending&status=paid',
      ),
    );
  });

  it('says under the fields when a range is reversed or a value malformed, and does not search', async () => {
    const user = setupUser();
    openAsClient('/advanced-search');
    await screen.findByRole('table');
    await user.type(screen.getByRole('textbox', { name: 'Amount from' }), '100');
    await user.type(screen.getByRole('textbox', { name: 'Amount to' }), '5');
    await user.type(screen.getByRole('textbox', { name: 'Due date from' }), '02/10/2026');
    await user.type(screen.getByRole('textbox', { name: 'Due date to' }), '02/01/2026');
    await user.type(screen.getByRole('textbox', { name: 'Invoice date from' }), '13/45/2026');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('The maximum must not be less than the minimum.')).toBeInTheDocument();
    expect(screen.getByText('The end date must not be before the start date.')).toBeInTheDocument();
    expect(screen.getByText('Enter a date as MM/dd/yyyy.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Amount to' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByTestId('location').textContent).toBe('/advanced-search');
  });

  it('exports the same filters as CSV and XLSX', async () => {
    const api = searchApi(CLIENT_SEARCH).reply('GET', CLIENT_EXPORT, {
      blob: new Blob(['a,b']),
      disposition: 'attachment; filename="bills.csv"',
    });
    URL.createObjectURL = vi.fn(() => 'blob:bills');
    URL.revokeObjectURL = vi.fn();
    const user = setupUser();
    openAsClient('/advanced-search?vendor=Water&status=paid&page=2', api);
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(api.callsTo('GET', CLIENT_EXPORT)).toHaveLength(1));
    const csv = api.callsTo('GET', CLIENT_EXPORT)[0]?.options;
    expect(csv?.responseType).toBe('file');
    expect(buildUrl('', CLIENT_EXPORT, csv?.query)).toBe(
      `${CLIENT_EXPORT}?vendor=Water&ordering=-due_date&status=paid&format=csv`,
    );
    expect(await screen.findByText('Export downloaded.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Export XLSX' }));
    await waitFor(() => expect(api.callsTo('GET', CLIENT_EXPORT)).toHaveLength(2));
    expect(api.callsTo('GET', CLIENT_EXPORT)[1]?.options?.query).toMatchObject({ format: 'xlsx' });
  });

  it('sorts and pages through the url', async () => {
    const user = setupUser();
    const api = searchApi(CLIENT_SEARCH, {
      ...page([billSummary()], 30),
      next: '/list?page=2&page_size=10&cursor=c2',
    });
    openAsClient('/advanced-search?vendor=Water', api);
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Amount' }));
    await waitFor(() =>
      expect(lastSearch(api, CLIENT_SEARCH)).toMatchObject({ ordering: 'amount', page: 1 }),
    );
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() =>
      expect(lastSearch(api, CLIENT_SEARCH)).toMatchObject({ ordering: 'amount', page: 2, cursor: 'c2' }),
    );
    expect(screen.getByTestId('location').textContent).toBe(
      '/advanced-search?vendor=Water&ordering=amount&page=2&cursor=c2',
    );
    // Back to page 1: no cursor, page 1 is the start of the results.
    await user.click(screen.getByRole('button', { name: 'Go to previous page' }));
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe(
        '/advanced-search?vendor=Water&ordering=amount',
      ),
    );
  });

  it('says "more than 1,000" when the search matches more than the count cap', async () => {
    const api = searchApi(CLIENT_SEARCH, {
      ...page([billSummary()], 1000),
      count_capped: true,
      next: '/list?page=2&page_size=10&cursor=c2',
    });
    openAsClient('/advanced-search?memo=service', api);
    await screen.findByRole('table');
    expect(screen.getByText('More than 1,000 bills found')).toHaveAttribute('role', 'status');
    expect(screen.getByText('1–1 of 1,000+')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go to next page' })).toBeEnabled();
  });

  it('says when nothing matches', async () => {
    openAsClient('/advanced-search?vendor=Nobody', searchApi(CLIENT_SEARCH, page([])));
    expect(await screen.findByText('No bills match these filters.')).toBeInTheDocument();
  });

  it("searches the organisation's bills for staff, with the client column and the staff bill page", async () => {
    const api = searchApi(ORG_SEARCH);
    renderPage(<PageWithUrl />, {
      route: `/advanced-search?client=${CLIENT_GUID}&client_name=Harper%20Household&entity=all-entities`,
      path: '/advanced-search',
      api,
      session: { claims: testClaims(), organization: { guid: ORG_GUID, name: 'Northwind' } },
    });
    const table = await screen.findByRole('table', { name: 'Search results' });
    expect(within(table).getByRole('columnheader', { name: 'Client' })).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'City Water Utility' })).toHaveAttribute(
      'href',
      `/clients/${CLIENT_GUID}/org/bill/${BILL_GUID}`,
    );
    expect(screen.getByRole('combobox', { name: 'Client' })).toHaveProperty('value', 'Harper Household');
    expect(lastSearch(api, ORG_SEARCH)).toMatchObject({ client: CLIENT_GUID });
    expect(lastSearch(api, ORG_SEARCH)).not.toHaveProperty('entity');
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/advanced-search'));
  });
});
