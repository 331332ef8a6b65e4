import { buildUrl, pathOf } from '@bp/api-client';
import { clientsRoutes, type OrgClient } from '@bp/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { permissionsHeld, permissionsPath } from '../bills/form/new-bill.test-support.ts';
import { guidOf, ORG_GUID, orgClient, page } from '../client-records/fixtures.test-support.ts';
import { type ApiCall, createFakeApi, renderPage, setupUser } from '../test-utils.tsx';
import { ClientsPage } from './ClientsPage.tsx';

const CLIENTS = pathOf(clientsRoutes.getAccountsOrganizationClients, { orgGuid: ORG_GUID });
const session = { organization: { guid: ORG_GUID, name: 'Demo Family Office' } };

const all: OrgClient[] = Array.from({ length: 12 }, (_, i) =>
  orgClient({
    guid: guidOf(100 + i),
    name: `Client ${String(i + 1).padStart(2, '0')}`,
    service: i % 2 === 0 ? 'bill_pay' : 'family_office_accounting',
    total_ff_amount: 123456,
    created_on: '2026-02-01T10:00:00Z',
  }),
);

function listClients(call: ApiCall) {
  const query = call.options?.query ?? {};
  const search = typeof query.search === 'string' ? query.search.toLowerCase() : '';
  let rows = all.filter((c) => c.name.toLowerCase().includes(search));
  if (query.service) rows = rows.filter((c) => c.service === query.service);
  if (query.ordering === '-name') rows = [...rows].reverse();
  const n = Number(query.page ?? 1);
  return page(rows.slice((n - 1) * 10, n * 10), rows.length);
}

function render(held: Parameters<typeof permissionsHeld>[0] = []) {
  const api = createFakeApi()
    .reply('GET', CLIENTS, listClients)
    .reply('GET', permissionsPath(ORG_GUID), permissionsHeld(held));
  renderPage(<ClientsPage />, { route: '/clients', api, session });
  return { api };
}

describe('ClientsPage', () => {
  it('lists clients with service label, fees in dollars and the created date', async () => {
    const { api } = render();
    const table = await screen.findByRole('table', { name: 'Clients' });
    const first = within(table).getAllByRole('row')[1] as HTMLElement;
    expect(within(first).getByRole('link', { name: 'Client 01' })).toHaveAttribute(
      'href',
      `/clients/${guidOf(100)}`,
    );
    expect(within(first).getByText('Bill Pay')).toBeInTheDocument();
    expect(within(first).getByText('$1,234.56')).toBeInTheDocument();
    expect(within(first).getByText('02/01/2026')).toBeInTheDocument();
    expect(within(first).getByText('Claire Harper')).toBeInTheDocument();
    expect(within(table).getAllByText('Family Office Accounting').length).toBeGreaterThan(0);
    expect(api.callsTo('GET', CLIENTS)[0]?.options?.query).toEqual({
      page: 1,
      page_size: 10,
      ordering: 'name',
    });
    expect(screen.getByText('1–10 of 12')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Archived Bill Pay clients' })).toHaveAttribute(
      'href',
      '/clients/archived/client-list/bill_pay',
    );
    expect(
      screen.getByRole('link', { name: 'Archived Family Office Accounting clients' }),
    ).toBeInTheDocument();
  });

  it('sorts by a header and pages', async () => {
    const { api } = render();
    await screen.findByRole('table', { name: 'Clients' });
    const user = setupUser();
    await user.click(screen.getByRole('button', { name: 'Name' }));
    await waitFor(() =>
      expect(api.calls.at(-1)?.options?.query).toMatchObject({ ordering: '-name', page: 1 }),
    );
    expect(await screen.findByRole('link', { name: 'Client 12' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() =>
      expect(api.calls.at(-1)?.options?.query).toMatchObject({ ordering: '-name', page: 2 }),
    );
  });

  it('searches once typing pauses', async () => {
    const { api } = render();
    await screen.findByRole('table', { name: 'Clients' });
    await setupUser().type(screen.getByLabelText('Search clients'), 'client 07');
    expect(await screen.findByRole('link', { name: 'Client 07' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Client 01' })).not.toBeInTheDocument());
    const searches = api.calls.map((c) => c.options?.query?.search).filter((s) => s !== undefined);
    expect(searches).toEqual(['client 07']);
  });

  it('creates a client with fees in cents and opens it', async () => {
    const { api } = render();
    api.reply('POST', CLIENTS, orgClient({ guid: guidOf(999) }));
    const user = setupUser();
    await user.click(screen.getByRole('button', { name: 'New client' }));
    const dialog = await screen.findByRole('dialog', { name: 'New client' });
    await user.type(within(dialog).getByLabelText(/^Name/), 'Quinn Family');
    await user.type(within(dialog).getByLabelText('Primary contact'), 'Ann Quinn');
    await user.type(within(dialog).getByLabelText('Bill Pay fee ($)'), '1,250.50');
    await user.click(within(dialog).getByLabelText('Has properties'));
    await user.click(within(dialog).getByRole('button', { name: 'Create client' }));

    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(`/clients/${guidOf(999)}`));
    expect(api.callsTo('POST', CLIENTS)[0]?.body).toEqual({
      name: 'Quinn Family',
      service: 'bill_pay',
      primary_contact: 'Ann Quinn',
      bp_ff_amount: 125050,
      foa_ff_amount: 0,
      has_properties: true,
    });
  });

  it('says how to write a fee it cannot read', async () => {
    const { api } = render();
    const user = setupUser();
    await user.click(screen.getByRole('button', { name: 'New client' }));
    const dialog = await screen.findByRole('dialog', { name: 'New client' });
    await user.type(within(dialog).getByLabelText(/^Name/), 'Quinn Family');
    await user.type(within(dialog).getByLabelText('Bill Pay fee ($)'), 'lots{Enter}');
    expect(await within(dialog).findByText('Enter an amount in dollars, e.g. 1,250.00.')).toBeInTheDocument();
    expect(api.callsTo('POST', CLIENTS)).toHaveLength(0);
  });

  it('exports the filtered list as XLSX through the API client', async () => {
    const exportPath = pathOf(clientsRoutes.getAccountsOrganizationClientsExport, { orgGuid: ORG_GUID });
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    const names: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      names.push(this.download);
    });
    // The API client sends the bearer (and renews it) on every call.
    const { api } = render();
    api.reply('GET', exportPath, {
      blob: new Blob(['x']),
      disposition: 'attachment; filename="clients-2026-05-01.xlsx"',
    });
    await screen.findByRole('table', { name: 'Clients' });
    const user = setupUser();
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await user.click(await screen.findByRole('menuitem', { name: 'XLSX' }));
    await waitFor(() => expect(names).toEqual(['clients-2026-05-01.xlsx']));
    const call = api.callsTo('GET', exportPath)[0];
    expect(buildUrl('', exportPath, call?.options?.query)).toBe(`${exportPath}?ordering=name&format=xlsx`);
    expect(call?.options?.responseType).toBe('file');
    click.mockRestore();
  });

  it('offers New bill to staff who enter bills: it asks which client, then opens its bill form', async () => {
    render(['bills.create']);
    const user = setupUser();
    await screen.findByRole('table', { name: 'Clients' });
    await user.click(await screen.findByRole('button', { name: 'New bill' }));
    const dialog = await screen.findByRole('dialog', { name: 'New bill' });
    await user.type(within(dialog).getByRole('combobox', { name: /Client/ }), 'Client 12');
    await user.click(await screen.findByRole('option', { name: 'Client 12' }));
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await screen.findByTestId('location')).toHaveProperty(
      'textContent',
      `/clients/${guidOf(111)}/new-bill`,
    );
  });

  it('shows no New bill to staff who may not enter bills', async () => {
    const { api } = render();
    await screen.findByRole('table', { name: 'Clients' });
    await waitFor(() => expect(api.callsTo('GET', permissionsPath(ORG_GUID))).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'New bill' })).not.toBeInTheDocument();
  });
});
