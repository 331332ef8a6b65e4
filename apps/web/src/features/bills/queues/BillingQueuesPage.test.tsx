import { pathOf } from '@bp/api-client';
import {
  type BillSummary,
  type BulkApproveRejectRequest,
  type BulkRecordPaymentRequest,
  billWorkflowRoutes,
  clientRecordsRoutes,
  clientsRoutes,
  entitiesRoutes,
} from '@bp/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { orgClient } from '../../client-records/fixtures.test-support.ts';
import { type ApiCall, createFakeApi, type FakeApi, renderPage, setupUser } from '../../test-utils.tsx';
import { permissionsHeld, permissionsPath } from '../form/new-bill.test-support.ts';
import {
  billSummaryRow,
  CLIENT_GUID,
  cursorPage,
  ENTITY_A,
  entityRow,
  guidOf,
  ORG_BILLS_PATH,
  ORG_GUID,
  ORG_QUEUE_COUNTS_PATH,
  page,
  queueCountsBody,
} from '../shared/fixtures.test-support.ts';
import { BillingQueuesPage } from './BillingQueuesPage.tsx';

const BILLS = ORG_BILLS_PATH;
const COUNTS = ORG_QUEUE_COUNTS_PATH;
const BULK = pathOf(billWorkflowRoutes.postBillingOrganizationBulkApproveReject, {
  organizationGuid: ORG_GUID,
});
const PAY = pathOf(billWorkflowRoutes.postBillingOrganizationBulkRecordPayment, {
  organizationGuid: ORG_GUID,
});
const NO_CAN = {
  approve: false,
  reject: false,
  revise: false,
  record_verbal_approval: false,
  record_payment: false,
  reverse_payment: false,
};
const ACCOUNT = {
  guid: guidOf(600),
  name: 'Operating account',
  account_last4: '4821',
  parent_institution: null,
  parent_institution_name: null,
  created_on: '2026-01-01T00:00:00Z',
};

const COUNTS_BODY = queueCountsBody({
  'pre-bill-inbox': 2,
  'payment-pending': 7,
  'org-approval': 1500,
  paid: 2_500_000,
  rejected: 1,
});

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
  options: { capped?: boolean } = {},
) {
  return api
    .reply(
      'GET',
      COUNTS,
      options.capped ? { ...COUNTS_BODY, 'org-approval': 1000, capped: ['org-approval'] } : COUNTS_BODY,
    )
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
    .reply('GET', BILLS, (call: ApiCall) => {
      const pageNo = Number(call.options?.query?.page ?? 1);
      return cursorPage(rows, pageNo, options);
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
    expect(await screen.findByRole('heading', { name: 'Org Approval' })).toBeInTheDocument();
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
      expect(within(row).getByText(text)).toBeInTheDocument();
    }
    const tabs = screen.getByRole('tablist', { name: 'Billing queues' });
    await waitFor(() =>
      expect(within(tabs).getByRole('tab', { name: /Org Approval/ })).toHaveTextContent('1.5k'),
    );
    expect(within(tabs).getByRole('tab', { name: /Paid/ })).toHaveTextContent('2.5M');
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
    // The next page continues from page 1's last row: the cursor of the answer's next link.
    const after10 = `after-${guidOf(1010)}`;
    await waitFor(() =>
      expect(url()).toBe(`/billing/org-approval?ordering=-amount&page=2&cursor=${after10}`),
    );
    await waitFor(() =>
      expect(lastQuery(api)).toMatchObject({ ordering: '-amount', page: 2, cursor: after10 }),
    );
    expect(await screen.findByText('Vendor 11')).toBeInTheDocument();
    expect(screen.getByText('11–20 of 25')).toBeInTheDocument();
    // A new ordering starts again from page 1, without a cursor.
    await user.click(screen.getByRole('button', { name: 'Due Date' }));
    await waitFor(() => expect(url()).toBe('/billing/org-approval'));
    await waitFor(() => expect(lastQuery(api)).toMatchObject({ ordering: 'due_date', page: 1 }));
    expect(lastQuery(api)?.cursor).toBeUndefined();
  });

  it('shows "1,000+" for a queue past the count cap, and follows the cursors forward and back', async () => {
    const { api } = renderQueue(
      '/billing/org-approval',
      script(createFakeApi(), bills(35), { capped: true }),
    );
    const user = setupUser();
    await screen.findByRole('table', { name: 'Org Approval bills' });
    expect(screen.getByText('1–10 of 1,000+')).toBeInTheDocument();
    const tab = within(screen.getByRole('tablist', { name: 'Billing queues' })).getByRole('tab', {
      name: /Org Approval/,
    });
    expect(within(tab).getByLabelText('more than 1,000 bills')).toHaveTextContent('1,000+');

    const next = () => user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await next();
    await waitFor(() => expect(lastQuery(api)).toMatchObject({ page: 2, cursor: `after-${guidOf(1010)}` }));
    expect(await screen.findByText('11–20 of 1,000+')).toBeInTheDocument();
    await next();
    await waitFor(() => expect(lastQuery(api)).toMatchObject({ page: 3, cursor: `after-${guidOf(1020)}` }));
    expect(await screen.findByText('21–30 of 1,000+')).toBeInTheDocument();
    await next();
    expect(await screen.findByText('Vendor 35')).toBeInTheDocument();
    // The list ends here although the count does not say so: the answer has no next link.
    expect(screen.getByRole('button', { name: 'Go to next page' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Go to previous page' }));
    await waitFor(() => expect(lastQuery(api)).toMatchObject({ page: 3, cursor: `before-${guidOf(1031)}` }));
    expect(url()).toBe(`/billing/org-approval?page=3&cursor=before-${guidOf(1031)}`);
    await user.click(screen.getByRole('button', { name: 'Go to previous page' }));
    await user.click(screen.getByRole('button', { name: 'Go to previous page' }));
    // Page 1 is the list's start: no cursor.
    await waitFor(() => expect(url()).toBe('/billing/org-approval'));
    expect(lastQuery(api)?.cursor).toBeUndefined();
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
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
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
    expect(await screen.findByText('No bills in Org Approval.')).toBeInTheDocument();
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
    expect(screen.getByText('15 selected')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Approve' }));
    const confirm = await screen.findByRole('dialog', { name: 'Approve 15 bills?' });
    const countsBefore = api.callsTo('GET', COUNTS).length;
    await user.click(within(confirm).getByRole('button', { name: 'Approve 15 bills' }));

    const progress = await screen.findByRole('progressbar', { name: 'Approving 10 of 15…' });
    expect(progress).toHaveAttribute('aria-valuenow', '67');
    release();

    const summary = await screen.findByRole('dialog', { name: 'Approval finished' });
    expect(within(summary).getByText(/14 of 15 bills approved/)).toBeInTheDocument();
    expect(
      within(summary).getByText('You created this bill; someone else must approve it.'),
    ).toBeInTheDocument();
    expect(within(summary).getByText(/Vendor 13 · INV-13/)).toBeInTheDocument();
    expect(await screen.findByText('14 of 15 bills approved; 1 failed.')).toBeInTheDocument();

    const posts = api.callsTo('POST', BULK);
    expect(posts.map((c) => (c.body as BulkApproveRejectRequest).bills.length)).toEqual([10, 5]);
    expect(posts[0]?.body).toMatchObject({ action: 'approve' });
    expect(posts[0]?.options?.headers?.['Idempotency-Key']).toBeTruthy();
    await waitFor(() => expect(api.callsTo('GET', COUNTS).length).toBeGreaterThan(countsBefore));
    await user.click(within(summary).getByRole('button', { name: 'Close' }));
    expect(screen.getByText('1 selected')).toBeInTheDocument();
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
    expect(within(dialog).getByText('Choose a reason.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('combobox', { name: /Reason/ }));
    await user.click(await screen.findByRole('option', { name: 'Other' }));
    await user.click(within(dialog).getByRole('button', { name: 'Reject 1 bill' }));
    expect(within(dialog).getByText('Describe why the bills are rejected.')).toBeInTheDocument();
    await user.type(
      within(dialog).getByRole('textbox', { name: /Description/ }),
      'Paid by the client directly',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Reject 1 bill' }));

    expect(await screen.findByRole('dialog', { name: 'Rejection finished' })).toBeInTheDocument();
    expect(api.callsTo('POST', BULK)[0]?.body).toEqual({
      bills: [guidOf(100)],
      action: 'reject',
      reject_reason: 'other',
      reject_other_description: 'Paid by the client directly',
    });
  });

  it('offers only the actions every selected bill allows this user', async () => {
    const staffCannot = { approve: false, reject: true, record_verbal_approval: true };
    const rows = [
      billSummaryRow({ guid: guidOf(301), status: 'client_approval', can: { ...NO_CAN, ...staffCannot } }),
      billSummaryRow({ guid: guidOf(302), status: 'client_approval', can: { ...NO_CAN, ...staffCannot } }),
      billSummaryRow({
        guid: guidOf(303),
        status: 'client_approval',
        vendor: { guid: guidOf(500), name: 'Excluded Vendor' },
        can: { ...NO_CAN },
      }),
    ];
    const api = script(createFakeApi(), rows);
    api.reply('POST', BULK, (call: ApiCall) => ({
      results: (call.body as BulkApproveRejectRequest).bills.map((guid) => ({
        bill: guid,
        ok: true,
        status: 'verbal_approval',
        detail: null,
        code: null,
      })),
    }));
    renderQueue('/billing/client-approval', api);
    const user = setupUser();
    await screen.findByRole('table', { name: 'Client Approval bills' });
    const bar = () => screen.getByRole('toolbar', { name: 'Bulk actions' });
    await user.click(screen.getAllByRole('checkbox', { name: /^Select the bill of/ })[0] as HTMLElement);
    await user.click(screen.getAllByRole('checkbox', { name: /^Select the bill of/ })[1] as HTMLElement);
    // Staff never approve a client step: no Approve, but the phone approval and Reject.
    expect(within(bar()).queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(within(bar()).getByRole('button', { name: 'Reject' })).toBeInTheDocument();
    expect(within(bar()).getByRole('button', { name: 'Record verbal approval' })).toBeInTheDocument();

    // A bill that allows nothing takes away what it does not allow.
    await user.click(screen.getAllByRole('checkbox', { name: /^Select the bill of/ })[2] as HTMLElement);
    expect(within(bar()).queryByRole('button', { name: 'Reject' })).not.toBeInTheDocument();
    expect(within(bar()).queryByRole('button', { name: 'Record verbal approval' })).not.toBeInTheDocument();
    expect(
      within(bar()).getByText('You cannot act on all of the selected bills together.'),
    ).toBeInTheDocument();
    await user.click(screen.getAllByRole('checkbox', { name: /^Select the bill of/ })[2] as HTMLElement);

    await user.click(within(bar()).getByRole('button', { name: 'Record verbal approval' }));
    const confirm = await screen.findByRole('dialog', { name: 'Record verbal approval of 2 bills?' });
    await user.click(within(confirm).getByRole('button', { name: 'Record 2 bills' }));
    expect(await screen.findByRole('dialog', { name: 'Verbal approvals recorded' })).toBeInTheDocument();
    expect(api.callsTo('POST', BULK)[0]?.body).toEqual({
      bills: [guidOf(301), guidOf(302)],
      action: 'approve',
      verbal: true,
    });
  });

  it('records one payment on the selected bills after a confirmation showing their count and total', async () => {
    const payable = { ...NO_CAN, record_payment: true, reject: true };
    const rows = [
      billSummaryRow({ guid: guidOf(401), status: 'payment_pending', amount: 100_050, can: payable }),
      billSummaryRow({ guid: guidOf(402), status: 'payment_pending', amount: 25_000, can: payable }),
    ];
    const api = script(createFakeApi(), rows);
    api.reply(
      'GET',
      pathOf(clientRecordsRoutes.getAccountsClientInstitutions, { clientGuid: CLIENT_GUID }),
      page([ACCOUNT]),
    );
    api.reply('POST', PAY, (call: ApiCall) => ({
      results: (call.body as BulkRecordPaymentRequest).bills.map((guid) => ({
        bill: guid,
        ok: true,
        status: 'paid',
        detail: null,
        code: null,
      })),
    }));
    renderQueue('/billing/payment-pending', api);
    const user = setupUser();
    await screen.findByRole('table', { name: 'Payment Pending bills' });
    await user.click(screen.getByRole('checkbox', { name: 'Select all bills on this page' }));
    const bar = screen.getByRole('toolbar', { name: 'Bulk actions' });
    // Approve does not pay: the payment queue offers Record payment instead.
    expect(within(bar).queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    await user.click(within(bar).getByRole('button', { name: 'Record payment' }));

    const dialog = await screen.findByRole('dialog', { name: 'Record payment of 2 bills' });
    expect(within(dialog).getByText('$1,250.50')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(dialog).getByRole('combobox', { name: /Paid from account/ })).toHaveTextContent(
        'Operating account ••4821',
      ),
    );
    await user.type(within(dialog).getByRole('textbox', { name: /ACH trace or batch number/ }), 'BATCH-7');
    await user.click(within(dialog).getByRole('button', { name: 'Record 2 payments ($1,250.50)' }));

    expect(await screen.findByRole('dialog', { name: 'Payments recorded' })).toBeInTheDocument();
    expect(await screen.findByText('2 bills paid.')).toBeInTheDocument();
    expect(api.callsTo('POST', PAY)[0]?.body).toMatchObject({
      bills: [guidOf(401), guidOf(402)],
      paid_from_account: ACCOUNT.guid,
      reference: 'BATCH-7',
    });
    expect(api.callsTo('POST', PAY)[0]?.options?.headers?.['Idempotency-Key']).toBeTruthy();
  });

  it('offers no selection on the paid queue', async () => {
    renderQueue('/billing/paid');
    await screen.findByRole('table', { name: 'Paid bills' });
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });
});
