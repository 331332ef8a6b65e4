import { pathOf } from '@bp/api-client';
import { entitiesRoutes } from '@bp/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type ApiCall, type FakeApi, renderPage, setupUser } from '../../test-utils.tsx';
import { accountRow, divisionRow, entityRow, vendorRow } from '../shared/fixtures.test-support.ts';
import { ClientBillPage, StaffBillPage } from './BillPage.tsx';
import {
  at,
  attachment,
  BILL,
  BILL_GUID,
  bill,
  billApi,
  CLIENT_GUID,
  clientSummary,
  event,
  guidOf,
  note,
  page,
} from './fixtures.test-support.ts';

const STAFF_ROUTE = `/clients/${CLIENT_GUID}/org/bill/${BILL_GUID}`;
const STAFF_PATH = '/clients/:clientGuid/:userType/bill/:billGuid';

function renderStaff(api: FakeApi) {
  return renderPage(<StaffBillPage />, { route: STAFF_ROUTE, path: STAFF_PATH, api });
}
function renderClient(api: FakeApi, role = 'client') {
  return renderPage(<ClientBillPage />, {
    route: `/bill/${BILL_GUID}`,
    path: '/bill/:billGuid',
    api,
    session: { client: clientSummary(role) },
  });
}

describe('BillPage for staff', () => {
  it('shows the bill, its lines with the total, and every plan step with its reason and state', async () => {
    renderStaff(billApi());
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Coastal Electric bill' }),
    ).toBeInTheDocument();
    const details = screen.getByRole('region', { name: 'Bill details' });
    for (const text of [
      '$12,500.75',
      'Client Approval',
      '05/15/2026',
      'INV-2041',
      '04/01/2026',
      'ACH',
      'Vendor email',
      'Harper Holdings LLC',
      'QB-77',
    ]) {
      expect(within(details).getByText(text)).toBeInTheDocument();
    }

    const lines = screen.getByRole('table', { name: 'Bill lines' });
    expect(within(lines).getByText('Utilities: Electricity')).toBeInTheDocument();
    expect(within(lines).getByText('Main house')).toBeInTheDocument();
    expect(within(lines).getByText('March usage')).toBeInTheDocument();
    expect(within(lines).getByText('$10,000.00')).toBeInTheDocument();
    expect(within(lines).getByRole('row', { name: /Total \$12,500\.75/ })).toBeInTheDocument();

    const steps = within(screen.getByRole('list', { name: 'Approval steps' })).getAllByRole('listitem');
    expect(steps.map((s) => s.getAttribute('aria-label'))).toEqual([
      'Org Approval: Approved by Morgan Manager on 04/02/2026',
      'Client Approval: Current',
      'Third Level Approval: Waiting',
      'Payment: Waiting',
    ]);
    expect(steps[1]).toHaveAttribute('aria-current', 'step');
    expect(steps[0]).not.toHaveAttribute('aria-current');
    expect(within(steps[2] as HTMLElement).getByText('The amount is above $10,000.00.')).toBeInTheDocument();
    expect(
      within(steps[1] as HTMLElement).getByText('Who may act: A client or designee'),
    ).toBeInTheDocument();
  });

  it('shows auto-approved and skipped steps and a pending verbal approval', async () => {
    const plan = bill().plan.map((s) =>
      s.kind === 'client_approval'
        ? {
            ...s,
            current: false,
            skipped: true,
            result: 'not_needed' as const,
            reason: 'Within 5% of $120.00.',
          }
        : s.kind === 'third_level_approval'
          ? { ...s, current: true, verbal_pending: true }
          : s,
    );
    renderStaff(billApi(bill({ plan })));
    const list = await screen.findByRole('list', { name: 'Approval steps' });
    expect(
      within(list).getByRole('listitem', { name: 'Client Approval: Auto approved' }),
    ).toBeInTheDocument();
    expect(within(list).getByText('Within 5% of $120.00.')).toBeInTheDocument();
    expect(within(list).getByText('Verbal approval pending confirmation')).toBeInTheDocument();
  });

  it('shows notes, open tasks, attachments and history to staff, and adds a note', async () => {
    const api = billApi().reply('POST', at('notes'), note({ body: 'x' }));
    api.reply(
      'GET',
      at('events'),
      page([
        event(),
        event({
          guid: guidOf(802),
          kind: 'bill_workflow_changed',
          from_status: 'org_approval',
          to_status: 'client_approval',
          data: { action: 'approve' },
        }),
        event({
          guid: guidOf(803),
          kind: 'attachment_deleted',
          to_status: null,
          data: { file_name: 'old-scan.pdf' },
        }),
      ]),
    );
    renderStaff(api);
    expect(await screen.findByText('Vendor called about the late fee.')).toBeInTheDocument();
    const tasks = await screen.findByRole('table', { name: 'Open tasks' });
    expect(
      within(tasks).getByRole('row', {
        name: /^Client Approval Client Approval Alex Associate Ready To Start/,
      }),
    ).toBeInTheDocument();
    expect(within(tasks).getAllByRole('row')).toHaveLength(2); // the completed task is not open
    expect(await screen.findByText('invoice-2041.pdf')).toBeInTheDocument();
    const history = screen.getByRole('list', { name: 'History' });
    expect(within(history).getByText('Bill Workflow Changed')).toBeInTheDocument();
    expect(within(history).getByText('Org Approval → Client Approval')).toBeInTheDocument();
    expect(within(history).getByText('File: old-scan.pdf')).toBeInTheDocument();

    const user = setupUser();
    const add = screen.getByRole('button', { name: 'Add note' });
    expect(add).toHaveProperty('disabled', true);
    await user.type(screen.getByLabelText('New note'), 'Called the client.');
    await user.click(add);
    expect(await screen.findByText('Note added.')).toBeInTheDocument();
    expect(api.callsTo('POST', at('notes'))[0]?.body).toEqual({ body: 'Called the client.' });
  });

  it('says when the bill is not found, with a way back', async () => {
    const api = billApi().fail('GET', BILL, 404, { detail: 'Not found.', code: 'not_found' });
    renderStaff(api);
    expect(await screen.findByRole('heading', { level: 1, name: 'Bill not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to bills' })).toHaveAttribute('href', '/billing');
  });

  it('shows a load failure with a retry', async () => {
    const api = billApi().fail('GET', BILL, 500, { detail: 'Database unavailable.', code: 'error' });
    renderStaff(api);
    expect(await screen.findByText('Database unavailable.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
  });

  it('deletes the bill after confirmation and goes back to its queue', async () => {
    const api = billApi(bill({ status: 'org_approval', can: { delete: true } })).reply(
      'DELETE',
      BILL,
      undefined,
    );
    renderStaff(api);
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this bill?' });
    expect(api.callsTo('DELETE', BILL)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Delete bill' }));
    expect((await screen.findByTestId('location')).textContent).toBe('/billing/org-approval');
    expect(api.callsTo('DELETE', BILL)).toHaveLength(1);
  });

  it('shows Edit only when the bill may be edited', async () => {
    renderStaff(billApi(bill({ can: { edit: false, delete: true } })));
    expect(await screen.findByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
  });

  it('edits the bill in a dialog and shows the saved bill', async () => {
    const entityGuid = guidOf(1);
    const api = billApi(bill({ can: { edit: true } }))
      .reply(
        'GET',
        pathOf(entitiesRoutes.getAccountsClientEntities, { clientGuid: CLIENT_GUID }),
        page([entityRow(entityGuid, 'Harper Holdings LLC')]),
      )
      .reply(
        'GET',
        pathOf(entitiesRoutes.getBillingClientEntityVendors, {
          clientGuid: CLIENT_GUID,
          entityGuid: entityGuid,
        }),
        page([vendorRow(guidOf(2), 'Coastal Electric')]),
      )
      .reply(
        'GET',
        pathOf(entitiesRoutes.getBillingClientEntityAccounts, {
          clientGuid: CLIENT_GUID,
          entityGuid: entityGuid,
        }),
        page([
          accountRow(guidOf(21), 'Utilities: Electricity'),
          accountRow(guidOf(22), 'Maintenance: Repairs'),
        ]),
      )
      .reply(
        'GET',
        pathOf(entitiesRoutes.getBillingClientEntityDivisions, {
          clientGuid: CLIENT_GUID,
          entityGuid: entityGuid,
        }),
        page([divisionRow(guidOf(31), 'Main house')]),
      )
      .reply('PATCH', BILL, (call: ApiCall) => bill({ ...(call.body as object), version: 4 }));
    renderStaff(api);
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit bill' });
    const invoice = within(dialog).getByRole('textbox', { name: 'Invoice number' });
    await waitFor(() => expect(invoice).toHaveValue('INV-2041'));
    await user.clear(invoice);
    await user.type(invoice, 'INV-2042');
    api.reply('GET', BILL, bill({ invoice_number: 'INV-2042', version: 4, can: { edit: true } }));
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('PATCH', BILL)[0]?.body).toEqual({ invoice_number: 'INV-2042', version: 3 });
    expect(await screen.findByText('INV-2042')).toBeInTheDocument();
  });
});

describe('Attachments', () => {
  it('shows the server’s refusal of a file by its content', async () => {
    const api = billApi().fail('POST', at('attachments'), 400, {
      file: ['The file content is not an accepted type.'],
    });
    renderStaff(api);
    await screen.findByText('invoice-2041.pdf');
    const user = setupUser();
    const fake = new File(['MZ...'], 'invoice.pdf', { type: 'application/pdf' });
    await user.upload(screen.getByLabelText('Attachment file'), fake);
    expect(await screen.findByText('The file content is not an accepted type.')).toBeInTheDocument();
    expect(api.callsTo('POST', at('attachments'))[0]?.options?.formData?.get('file')).toBe(fake);
  });

  it('refuses a file type the spec does not accept before sending it', async () => {
    const api = billApi();
    renderStaff(api);
    await screen.findByText('invoice-2041.pdf');
    const user = setupUser({ applyAccept: false });
    await user.upload(
      screen.getByLabelText('Attachment file'),
      new File(['x'], 'run.exe', { type: 'application/x-msdownload' }),
    );
    expect(await screen.findByText(/Choose a PDF, Excel/)).toBeInTheDocument();
    expect(api.callsTo('POST', at('attachments'))).toHaveLength(0);
  });

  it('deletes an attachment after confirmation', async () => {
    const file = attachment();
    const api = billApi().reply('DELETE', at(`attachments/${file.guid}`), undefined);
    renderStaff(api);
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: 'Delete invoice-2041.pdf' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete attachment?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('invoice-2041.pdf deleted.')).toBeInTheDocument();
    expect(api.callsTo('DELETE', at(`attachments/${file.guid}`))).toHaveLength(1);
  });
});

describe('BillPage for client users', () => {
  it('hides notes and tasks and never asks for them; a client deletes only their own uploads', async () => {
    const api = billApi(bill({ can: { approve: true, reject: true, revise: true } }));
    api.reply('GET', at('attachments'), [attachment()]);
    renderClient(api);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Coastal Electric bill' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Request changes' })).toBeInTheDocument();
    await screen.findByText('invoice-2041.pdf');
    expect(screen.queryByRole('heading', { name: 'Notes' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Open tasks' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete invoice-2041.pdf' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload file' })).toBeInTheDocument();
    expect(api.callsTo('GET', at('notes'))).toHaveLength(0);
    expect(api.callsTo('GET', at('tasks'))).toHaveLength(0);
    expect(screen.getByRole('link', { name: 'Back to your bills' })).toHaveAttribute('href', '/bills');
  });

  it('gives an observer no action buttons, no composer and no upload', async () => {
    const api = billApi(bill({ can: { approve: true, reject: true, revise: true, edit: true } }));
    renderClient(api, 'observer');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Coastal Electric bill' }),
    ).toBeInTheDocument();
    await screen.findByText('No messages yet.');
    expect(screen.queryByRole('group', { name: 'Bill actions' })).not.toBeInTheDocument();
    for (const name of ['Approve', 'Reject', 'Request changes', 'Edit', 'Send', 'Upload file']) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
    expect(screen.queryByLabelText('Message')).not.toBeInTheDocument();
  });

  it('shows no actions to anyone whose can flags are all false', async () => {
    renderClient(billApi(bill()));
    await screen.findByRole('heading', { level: 1, name: 'Coastal Electric bill' });
    expect(screen.queryByRole('group', { name: 'Bill actions' })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument());
  });
});
