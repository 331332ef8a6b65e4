import { pathOf } from '@bp/api-client';
import { billsRoutes, entitiesRoutes } from '@bp/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CLIENT_GUID, clientSummary, entity, guidOf, page } from '../client-records/fixtures.test-support.ts';
import { createFakeApi, renderPage, setupUser } from '../test-utils.tsx';
import { ClientBillsPage } from './ClientBillsPage.tsx';
import { BILL_GUID, billSummary } from './fixtures.test-support.ts';

const BILLS = pathOf(billsRoutes.getBillingClientBills, { clientGuid: CLIENT_GUID });
const ENTITIES = pathOf(entitiesRoutes.getAccountsClientEntities, { clientGuid: CLIENT_GUID });
const SECOND_ENTITY = guidOf(2);

function fakeApi(bills = page([billSummary()])) {
  return createFakeApi()
    .reply('GET', ENTITIES, page([entity(), entity({ guid: SECOND_ENTITY, nickname: 'Harper Trust' })]))
    .reply('GET', BILLS, bills);
}

function open(route: string, api = fakeApi()) {
  return renderPage(<ClientBillsPage />, {
    route,
    path: '/bills/:entityId/:status',
    api,
    session: { client: clientSummary('client') },
  });
}

const lastBillsQuery = (api: ReturnType<typeof fakeApi>) => api.callsTo('GET', BILLS).at(-1)?.options?.query;

describe('ClientBillsPage', () => {
  it("lists the bills awaiting the client's approval with vendor, entity, invoice, due date, amount and status", async () => {
    const { api } = open('/bills/all-entities/client-pre-bill');
    const table = await screen.findByRole('table', { name: 'Awaiting Approval bills' });
    const row = within(table).getAllByRole('row')[1] as HTMLElement;
    expect(within(row).getByRole('link', { name: 'City Water Utility' })).toHaveAttribute(
      'href',
      `/bill/${BILL_GUID}`,
    );
    expect(within(row).getByText('Harper Holdings LLC')).toBeInTheDocument();
    expect(within(row).getByText('INV-1001')).toBeInTheDocument();
    expect(within(row).getByText('04/05/2026')).toBeInTheDocument();
    expect(within(row).getByText('$1,234.56')).toBeInTheDocument();
    expect(within(row).getByText('Client Approval')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Awaiting Approval', selected: true })).toBeInTheDocument();
    expect(lastBillsQuery(api)).toMatchObject({
      client_list: 'client-pre-bill',
      entity: 'all-entities',
      ordering: 'due_date',
      page: 1,
      page_size: 10,
    });
  });

  it('says when no bill waits for approval', async () => {
    open('/bills/all-entities/client-pre-bill', fakeApi(page([])));
    expect(await screen.findByText('No bills are waiting for your approval.')).toBeInTheDocument();
  });

  it('opens another list from its tab and asks for that list', async () => {
    const user = setupUser();
    const { api } = open('/bills/all-entities/client-pre-bill');
    await screen.findByRole('table');
    await user.click(screen.getByRole('tab', { name: 'Auto Approved' }));
    expect(await screen.findByRole('table', { name: 'Auto Approved bills' })).toBeInTheDocument();
    expect(lastBillsQuery(api)).toMatchObject({ client_list: 'auto-approved', entity: 'all-entities' });
    await user.click(screen.getByRole('tab', { name: 'All Bills' }));
    expect(screen.getByTestId('location').textContent).toBe('/bills/all-entities');
  });

  it('filters by the chosen entity and keeps the list', async () => {
    const user = setupUser();
    const { api } = open('/bills/all-entities/paid');
    await screen.findByRole('table');
    await user.click(screen.getByRole('combobox', { name: 'Entity' }));
    await user.click(await screen.findByRole('option', { name: 'Harper Trust' }));
    await screen.findByRole('table', { name: 'Paid bills' });
    expect(lastBillsQuery(api)).toMatchObject({ client_list: 'paid', entity: SECOND_ENTITY });
    expect(screen.getByRole('combobox', { name: 'Entity' }).textContent).toBe('Harper Trust');
  });

  it('sorts by amount and pages through the list', async () => {
    const user = setupUser();
    const { api } = open(
      '/bills/all-entities/approved',
      fakeApi({
        ...page([billSummary({ status: 'payment_pending' })], 25),
        next: '/list?page=2&page_size=10&cursor=after-first',
      }),
    );
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Amount' }));
    await screen.findByRole('table');
    expect(lastBillsQuery(api)).toMatchObject({ ordering: 'amount', page: 1 });
    expect(lastBillsQuery(api)?.cursor).toBeUndefined();
    // The next page follows the answer's next link: its cursor goes with page 2.
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() =>
      expect(lastBillsQuery(api)).toMatchObject({ ordering: 'amount', page: 2, cursor: 'after-first' }),
    );
  });

  it('opens Awaiting Approval for an unknown list', async () => {
    open('/bills/all-entities/somewhere');
    await screen.findByRole('table', { name: 'Awaiting Approval bills' });
  });

  it('shows a failed load with a way to try again', async () => {
    const api = createFakeApi()
      .reply('GET', ENTITIES, page([entity()]))
      .fail('GET', BILLS, 500, { detail: 'The bills could not be read.', code: 'error' });
    open('/bills/all-entities/rejected', api);
    expect(await screen.findByText('The bills could not be read.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
  });
});
