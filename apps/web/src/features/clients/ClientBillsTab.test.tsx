import { pathOf } from '@bp/api-client';
import { type BillSummary, billsRoutes, clientsRoutes, entitiesRoutes } from '@bp/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { permissionsHeld, permissionsPath } from '../bills/form/new-bill.test-support.ts';
import { billSummaryRow, cursorPage } from '../bills/shared/fixtures.test-support.ts';
import {
  CLIENT_GUID,
  entity,
  guidOf,
  ORG_GUID,
  orgClient,
  page,
} from '../client-records/fixtures.test-support.ts';
import { type ApiCall, createFakeApi, renderPage, setupUser } from '../test-utils.tsx';
import { ClientDetailPage } from './ClientDetailPage.tsx';

const BILLS = pathOf(billsRoutes.getBillingClientBills, { clientGuid: CLIENT_GUID });
const session = { organization: { guid: ORG_GUID, name: 'Demo Family Office' } };

const bills: BillSummary[] = Array.from({ length: 12 }, (_, i) =>
  billSummaryRow({
    guid: guidOf(700 + i),
    vendor: { guid: guidOf(800 + i), name: `Vendor ${String(i + 1).padStart(2, '0')}` },
    invoice_number: i === 0 ? null : `INV-${i + 1}`,
    status: i === 0 ? 'client_approval' : 'paid',
    amount: 100_000 + i,
    due_date: '2026-03-05',
  }),
);

function render(rows: BillSummary[], held: Parameters<typeof permissionsHeld>[0] = ['bills.create']) {
  const api = createFakeApi()
    .reply(
      'GET',
      pathOf(clientsRoutes.getAccountsOrganizationClient, { orgGuid: ORG_GUID, clientGuid: CLIENT_GUID }),
      orgClient(),
    )
    .reply(
      'GET',
      pathOf(entitiesRoutes.getAccountsClientEntities, { clientGuid: CLIENT_GUID }),
      page([entity()]),
    )
    .reply('GET', permissionsPath(ORG_GUID), permissionsHeld(held))
    .reply('GET', BILLS, (call: ApiCall) => {
      const n = Number(call.options?.query?.page ?? 1);
      return cursorPage(rows, n);
    });
  renderPage(<ClientDetailPage />, {
    route: `/clients/${CLIENT_GUID}`,
    path: '/clients/:clientGuid',
    api,
    session,
  });
  return api;
}

describe("the client page's bills", () => {
  it("lists the client's bills with vendor, status, amount and due date, each opening its bill", async () => {
    const api = render(bills);
    const user = setupUser();
    await user.click(await screen.findByRole('tab', { name: 'Bills' }));
    const table = await screen.findByRole('table', { name: 'Bills' });
    const first = within(table).getAllByRole('row')[1] as HTMLElement;
    expect(within(first).getByRole('link', { name: 'Vendor 01' })).toHaveAttribute(
      'href',
      `/clients/${CLIENT_GUID}/org/bill/${guidOf(700)}`,
    );
    expect(within(first).getByText('Client Approval')).toBeInTheDocument();
    expect(within(first).getByText('$1,000.00')).toBeInTheDocument();
    expect(within(first).getByText('03/05/2026')).toBeInTheDocument();
    expect(within(first).getByText('Harper Holdings LLC')).toBeInTheDocument();
    expect(within(first).getByText('—')).toBeInTheDocument();
    expect(within(table).getAllByText('Paid').length).toBe(9);
    expect(api.callsTo('GET', BILLS)[0]?.options?.query).toEqual({
      ordering: 'due_date',
      page: 1,
      page_size: 10,
    });

    // Paging: the second page is asked of the API and its rows shown.
    expect(screen.getByText('1–10 of 12')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(await screen.findByRole('link', { name: 'Vendor 11' })).toBeInTheDocument();
    // It continues from the first page's last row: the cursor of the answer's next link.
    expect(api.callsTo('GET', BILLS).at(-1)?.options?.query).toMatchObject({
      page: 2,
      cursor: `after-${bills[9]?.guid}`,
    });
    expect(screen.getByText('11–12 of 12')).toBeInTheDocument();

    // Sorting by amount starts again from the first page.
    await user.click(
      within(screen.getByRole('table', { name: 'Bills' })).getByRole('button', { name: 'Amount' }),
    );
    await waitFor(() =>
      expect(api.callsTo('GET', BILLS).at(-1)?.options?.query).toMatchObject({ ordering: 'amount', page: 1 }),
    );
  });

  it('offers New bill for this client, on the header and above its (empty) list', async () => {
    render([]);
    const user = setupUser();
    await user.click(await screen.findByRole('tab', { name: 'Bills' }));
    expect(await screen.findByText('No bills yet.')).toBeInTheDocument();
    const links = await screen.findAllByRole('link', { name: 'New bill' });
    expect(links.length).toBe(2);
    for (const link of links) expect(link).toHaveAttribute('href', `/clients/${CLIENT_GUID}/new-bill`);
  });

  it('offers no New bill to staff who may not enter bills', async () => {
    const api = render([], ['clients.view']);
    const user = setupUser();
    await user.click(await screen.findByRole('tab', { name: 'Bills' }));
    expect(await screen.findByText('No bills yet.')).toBeInTheDocument();
    expect(screen.getByText('Bills entered for this client will be listed here.')).toBeInTheDocument();
    expect(api.callsTo('GET', permissionsPath(ORG_GUID)).length).toBeGreaterThan(0);
    expect(screen.queryByRole('link', { name: 'New bill' })).not.toBeInTheDocument();
  });

  it('says so when the bills cannot be loaded, with Try again', async () => {
    const api = render([]).fail('GET', BILLS, 500, { detail: 'Bills are unavailable.', code: 'error' });
    const user = setupUser();
    await user.click(await screen.findByRole('tab', { name: 'Bills' }));
    expect(await screen.findByText('Bills are unavailable.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
    expect(api.callsTo('GET', BILLS)).toHaveLength(1);
  });
});
