import type { BillSummary, BulkApproveRejectRequest } from '@bp/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { clientApiPath, orgClientsPath } from '../../client-records/api-paths.ts';
import { type ApiCall, createFakeApi, type FakeApi, renderPage, setupUser } from '../../test-utils.tsx';
import { permissionsHeld, permissionsPath } from '../form/new-bill.test-support.ts';
import { bulkApproveRejectPath, orgBillsPath, queueCountsPath } from '../shared/bill-api.ts';
import {
  billSummaryRow,
  CLIENT_GUID,
  ENTITY_A,
  entityRow,
  guidOf,
  ORG_GUID,
  page,
} from '../shared/fixtures.test-support.ts';
import { BillingQueuesPage } from './BillingQueuesPage.tsx';

const BILLS = orgBillsPath(ORG_GUID);
const COUNTS = queueCountsPath(ORG_GUID);
const BULK = bulkApproveRejectPath(ORG_GUID);

const COUNTS_BODY = {
  'pre-bill-inbox': 2,
  'client-approval': 0,
  'verbal-approval': 0,
  'payment-pending': 7,
  'org-approval': 1500,
  'poa-approval': 0,
  paid: 2_500_000,
  rejected: 1,
};

function Probe() {
  const location = useLocation();
  return (
    <div data-testid="url">
      {location.pathname}
      {location.search}
    </div>
  );
}

const bills = (n: number, from = 1): BillSummary[] =>
  Array.from({ length: n }, (_, i) =>
    billSummaryRow({
      guid: guidOf(1000 + from + i),
      vendor: { guid: guidOf(500), name: `Vendor ${from + i}` },
      invoice_number: `INV-${from + i}`,
    }),
  );

function script(
  api: FakeApi = createFakeApi(),
  rows: BillSummary[] = [billSummaryRow()],
  total = rows.length,
) {
  return api
    .reply('GET', COUNTS, COUNTS_BODY)
    .reply('GET', orgClientsPath(ORG_GUID), page([{ guid: CLIENT_GUID, name: 'Harper Family' }]))
    .reply('GET', clientApiPath(CLIENT_GUID, 'entities'), page([entityRow(ENTITY_A, 'Harper Holdings LLC')]))
    .reply('GET', BILLS, (call: ApiCall) => {
      const pageNo = Number(call.options?.query?.page ?? 1);
      return page(rows.slice((pageNo - 1) * 10, pageNo * 10), total);
    });
}

function renderQueue(route = '/billing/org-approval', api: FakeApi = script()) {
  const organization = { guid: ORG_GUID, name: 'Acme Bill Pay' };
  return renderPage(
    <Routes>
      <Route
        path="/billing/:queue"
        element={
          <>
            <BillingQueuesPage queue={route.split('?')[0]?.split('/')[2] as 'org-approval'} />
            <Probe />
          </>
        }
      />
      <Route path="*" element={<Probe />} />
    </Routes>,
    { route, path: '/*', api, session: { organization } },
  );
}

const url = () => screen.getByTestId('url').textContent;
const lastQuery = (api: FakeApi, path = BILLS) => api.callsTo('GET', path).at(-1)?.options?.query;

describe('BillingQueuesPage', () => {
  it('shows the queues with shortened counts and the rows of the chosen queue', async () => {
    const { api } = renderQueue();
    expect(await screen.findByRole('heading', { name: 'Org Approval' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Org Approval bills' });
    const row = within(table).getAllByRole('row')[1] as HTMLElement;
    for (const text of [
      'Harper Family',
      'Harper Holdings LLC',
      'City Power',
      'INV-1',
      '03/05/2026',
      '$1,234.56',
      'ACH',
    ]) {
      expect(within(row).getByText(text)).toBeTruthy();
    }
    const tabs = screen.getByRole('tablist', { name: 'Billing queues' });
    await waitFor(() =>
      expect(within(tabs).getByRole('tab', { name: /Org Approval/ }).textContent).toContain('1.5k'),
    );
    expect(within(tabs).getByRole('tab', { name: /Paid/ }).textContent).toContain('2.5M');
    expect(
      within(tabs)
        .getByRole('tab', { name: /Org Approval/ })
        .getAttribute('aria-selected'),
    ).toBe('true');
    expect(lastQuery(api)).toMatchObject({
      queue: 'org-approval',
      ordering: 'due_date',
      page: 1,
      page_size: 10,
    });
  });

  it('orders by a clicked header and pages, both kept in the url and sent to the API', async () => {
    const { api } = renderQueue('/billing/org-approval', script(createFakeApi(), bills(25)));
    const user = setupUser();
    await screen.findByRole('table', { name: 'Org Approval bills' });
    await user.click(screen.getByRole('button', { name: 'Amount' }));
    await waitFor(() => expect(url()).toBe('/billing/org-approval?ordering=amount'));
    await waitFor(() => expect(lastQuery(api)).toMatchObject({ ordering: 'amount', page: 1 }));
    await user.click(screen.getByRole('button', { name: 'Amount' }));
    await waitFor(() => expect(url()).toBe('/billing/org-approval?ordering=-amount'));

    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(url()).toBe('/billing/org-approval?ordering=-amount&page=2'));
    await waitFor(() => expect(lastQuery(api)).toMatchObject({ ordering: '-amount', page: 2 }));
    expect(await screen.findByText('Vendor 11')).toBeTruthy();
    expect(screen.getByText('11–20 of 25')).toBeTruthy();
  });

  it('filters by client and entity, and offers New bill for the chosen client', async () => {
    const { api } = renderQueue(
      undefined,
      script().reply('GET', permissionsPath(ORG_GUID), permissionsHeld(['bills.create'])),
    );
    const user = setupUser();
    await screen.findByRole('table', { name: 'Org Approval bills' });
    // Before a client is chosen, New bill asks for one.
    await user.click(await screen.findByRole('button', { name: 'New bill' }));
    const ask = await screen.findByRole('dialog', { name: 'New bill' });
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('combobox', { name: 'Client' }));
    await user.click(await screen.findByRole('option', { name: 'Harper Family' }));
    await waitFor(() => expect(url()).toBe(`/billing/org-approval?client=${CLIENT_GUID}`));
    await waitFor(() => expect(lastQuery(api)).toMatchObject({ client: CLIENT_GUID }));
    expect(lastQuery(api, COUNTS)).toMatchObject({ client: CLIENT_GUID });

    await user.click(screen.getByRole('combobox', { name: 'Entity' }));
    await user.click(await screen.findByRole('option', { name: 'Harper Holdings LLC' }));
    await waitFor(() => expect(url()).toBe(`/billing/org-approval?client=${CLIENT_GUID}&entity=${ENTITY_A}`));
    await waitFor(() => expect(lastQuery(api)).toMatchObject({ client: CLIENT_GUID, entity: ENTITY_A }));

    await user.click(screen.getByRole('link', { name: 'New bill' }));
    expect(url()).toBe(`/clients/${CLIENT_GUID}/new-bill`);
  });

  it('opens the bill page when a row is clicked', async () => {
    renderQueue();
    const user = setupUser();
    const table = await screen.findByRole('table', { name: 'Org Approval bills' });
    await user.click(within(table).getByText('Harper Holdings LLC'));
    expect(url()).toBe(`/clients/${CLIENT_GUID}/org/bill/${guidOf(100)}`);
  });

  it('shows an empty state for an empty queue', async () => {
    renderQueue('/billing/org-approval', script(createFakeApi(), []));
    expect(await screen.findByText('No bills in Org Approval.')).toBeTruthy();
  });

  it('approves the selected bills in chunks of 10 with progress, then lists the failures', async () => {
    const rows = bills(15);
    const api = script(createFakeApi(), rows);
    let release: () => void = () => {};
    const secondChunk = new Promise<void>((resolve) => {
      release = resolve;
    });
    api.reply('POST', BULK, async (call: ApiCall) => {
      const body = call.body as BulkApproveRejectRequest;
      if (body.bills.length === 5) await secondChunk;
      return {
        results: body.bills.map((guid) =>
          guid === rows[12]?.guid
            ? {
                bill: guid,
                ok: false,
                status: null,
                detail: 'You created this bill; someone else must approve it.',
                code: 'permission_denied',
              }
            : { bill: guid, ok: true, status: 'payment_pending', detail: null, code: null },
        ),
      };
    });
    renderQueue('/billing/org-approval', api);
    const user = setupUser();
    await screen.findByRole('table', { name: 'Org Approval bills' });
    await user.click(screen.getByRole('checkbox', { name: 'Select all bills on this page' }));
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await screen.findByText('Vendor 11');
    await user.click(screen.getByRole('checkbox', { name: 'Select all bills on this page' }));
    expect(screen.getByText('15 selected')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Approve' }));
    const confirm = await screen.findByRole('dialog', { name: 'Approve 15 bills?' });
    const countsBefore = api.callsTo('GET', COUNTS).length;
    await user.click(within(confirm).getByRole('button', { name: 'Approve 15 bills' }));

    const progress = await screen.findByRole('progressbar', { name: 'Approving 10 of 15…' });
    expect(progress.getAttribute('aria-valuenow')).toBe('67');
    release();

    const summary = await screen.findByRole('dialog', { name: 'Approval finished' });
    expect(within(summary).getByText(/14 of 15 bills approved/)).toBeTruthy();
    expect(within(summary).getByText('You created this bill; someone else must approve it.')).toBeTruthy();
    expect(within(summary).getByText(/Vendor 13 · INV-13/)).toBeTruthy();
    expect(await screen.findByText('14 of 15 bills approved; 1 failed.')).toBeTruthy();

    const posts = api.callsTo('POST', BULK);
    expect(posts.map((c) => (c.body as BulkApproveRejectRequest).bills.length)).toEqual([10, 5]);
    expect(posts[0]?.body).toMatchObject({ action: 'approve' });
    expect(posts[0]?.options?.headers?.['Idempotency-Key']).toBeTruthy();
    await waitFor(() => expect(api.callsTo('GET', COUNTS).length).toBeGreaterThan(countsBefore));
    await user.click(within(summary).getByRole('button', { name: 'Close' }));
    expect(screen.getByText('1 selected')).toBeTruthy();
  });

  it('asks for a reason (and a description for Other) before rejecting', async () => {
    const api = script();
    api.reply('POST', BULK, (call: ApiCall) => ({
      results: (call.body as BulkApproveRejectRequest).bills.map((guid) => ({
        bill: guid,
        ok: true,
        status: 'rejected',
        detail: null,
        code: null,
      })),
    }));
    renderQueue('/billing/org-approval', api);
    const user = setupUser();
    await screen.findByRole('table', { name: 'Org Approval bills' });
    await user.click(screen.getByRole('checkbox', { name: 'Select the bill of City Power, invoice INV-1' }));
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject 1 bill?' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject 1 bill' }));
    expect(within(dialog).getByText('Choose a reason.')).toBeTruthy();
    await user.click(within(dialog).getByRole('combobox', { name: /Reason/ }));
    await user.click(await screen.findByRole('option', { name: 'Other' }));
    await user.click(within(dialog).getByRole('button', { name: 'Reject 1 bill' }));
    expect(within(dialog).getByText('Describe why the bills are rejected.')).toBeTruthy();
    await user.type(
      within(dialog).getByRole('textbox', { name: /Description/ }),
      'Paid by the client directly',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Reject 1 bill' }));

    expect(await screen.findByRole('dialog', { name: 'Rejection finished' })).toBeTruthy();
    expect(api.callsTo('POST', BULK)[0]?.body).toEqual({
      bills: [guidOf(100)],
      action: 'reject',
      reject_reason: 'other',
      reject_other_description: 'Paid by the client directly',
    });
  });

  it('offers no selection on the paid queue', async () => {
    renderQueue('/billing/paid');
    await screen.findByRole('table', { name: 'Paid bills' });
    expect(screen.queryByRole('checkbox')).toBeNull();
  });
});
