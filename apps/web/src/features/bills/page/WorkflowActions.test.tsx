import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type FakeApi, renderPage, setupUser } from '../../test-utils.tsx';
import { ClientBillPage, StaffBillPage } from './BillPage.tsx';
import { at, BILL, BILL_GUID, bill, billApi, CLIENT_GUID, clientSummary } from './fixtures.test-support.ts';

const WORKFLOW = at('workflow');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function renderStaff(api: FakeApi) {
  return renderPage(<StaffBillPage />, {
    route: `/clients/${CLIENT_GUID}/org/bill/${BILL_GUID}`,
    path: '/clients/:clientGuid/:userType/bill/:billGuid',
    api,
  });
}
function renderClient(api: FakeApi) {
  return renderPage(<ClientBillPage />, {
    route: `/bill/${BILL_GUID}`,
    path: '/bill/:billGuid',
    api,
    session: { client: clientSummary('client') },
  });
}

const keyOf = (api: FakeApi, path = WORKFLOW, index = 0) =>
  api.callsTo('POST', path)[index]?.options?.headers?.['Idempotency-Key'];

describe('Workflow actions', () => {
  it('approves after confirmation with an Idempotency-Key and the version, then refreshes the bill', async () => {
    const api = billApi(bill({ can: { approve: true, reject: true, revise: true } }));
    api.reply('POST', WORKFLOW, bill({ status: 'payment_pending' }));
    renderClient(api);
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve this bill?' });
    expect(within(dialog).getByText(/\$12,500\.75 to Coastal Electric/)).toBeInTheDocument();
    const reads = api.callsTo('GET', BILL).length;
    api.reply('GET', BILL, bill({ status: 'payment_pending' }));
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));

    expect(await screen.findByText('Bill approved.')).toBeInTheDocument();
    const call = api.callsTo('POST', WORKFLOW)[0];
    expect(call?.body).toEqual({ action: 'approve', version: 3 });
    expect(keyOf(api)).toMatch(UUID);
    await waitFor(() => expect(api.callsTo('GET', BILL).length).toBeGreaterThan(reads));
    expect(await screen.findByText('Payment Pending')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
  });

  it('reuses the key when the same submission is retried, and a new opening gets a new key', async () => {
    const api = billApi(bill({ can: { approve: true } }));
    api.fail('POST', WORKFLOW, 503, { detail: 'Service temporarily unavailable.', code: 'unavailable' });
    renderStaff(api);
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    let dialog = await screen.findByRole('dialog', { name: 'Approve this bill?' });
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await within(dialog).findByText('Service temporarily unavailable.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(api.callsTo('POST', WORKFLOW)).toHaveLength(2));
    expect(keyOf(api, WORKFLOW, 1)).toBe(keyOf(api, WORKFLOW, 0));

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    dialog = await screen.findByRole('dialog', { name: 'Approve this bill?' });
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(api.callsTo('POST', WORKFLOW)).toHaveLength(3));
    expect(keyOf(api, WORKFLOW, 2)).not.toBe(keyOf(api, WORKFLOW, 0));
  });

  it('sends a changed form with a new key, since the server refuses one key with two bodies', async () => {
    const api = billApi(bill({ can: { revise: true } }));
    api.fail('POST', WORKFLOW, 503, { detail: 'Service temporarily unavailable.', code: 'unavailable' });
    renderStaff(api);
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: 'Revise' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revise bill' });
    const reason = within(dialog).getByRole('textbox', { name: /Reason/ });
    await user.type(reason, 'Wrong vendor');
    await user.click(within(dialog).getByRole('button', { name: 'Revise' }));
    expect(await within(dialog).findByText('Service temporarily unavailable.')).toBeInTheDocument();
    await user.type(reason, '.');
    await user.click(within(dialog).getByRole('button', { name: 'Revise' }));
    await waitFor(() => expect(api.callsTo('POST', WORKFLOW)).toHaveLength(2));
    expect(keyOf(api, WORKFLOW, 1)).not.toBe(keyOf(api, WORKFLOW, 0));
    expect(api.callsTo('POST', WORKFLOW)[1]?.body).toEqual({
      action: 'revise',
      version: 3,
      reason: 'Wrong vendor.',
    });
  });

  it('requires a reject reason, and a description when the reason is Other', async () => {
    const api = billApi(bill({ can: { approve: true, reject: true } }));
    api.reply('POST', WORKFLOW, bill({ status: 'rejected' }));
    renderStaff(api);
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject bill' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Choose a reason.')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('combobox', { name: /Reason/ }));
    const options = await screen.findByRole('listbox');
    expect(
      within(options)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Duplicate bill', 'Incorrect amount', 'Not recognized', 'Already paid', 'Other']);
    await user.click(within(options).getByRole('option', { name: 'Other' }));
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Describe why the bill is rejected.')).toBeInTheDocument();
    expect(api.callsTo('POST', WORKFLOW)).toHaveLength(0);

    await user.type(
      within(dialog).getByRole('textbox', { name: /Description/ }),
      'Paid by the client directly.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Bill rejected.')).toBeInTheDocument();
    expect(api.callsTo('POST', WORKFLOW)[0]?.body).toEqual({
      action: 'reject',
      version: 3,
      reject_reason: 'other',
      reject_other_description: 'Paid by the client directly.',
    });
    expect(keyOf(api)).toMatch(UUID);
  });

  it('asks a client for what should change before requesting changes', async () => {
    const api = billApi(bill({ can: { approve: true, reject: true, revise: true } }));
    api.reply('POST', WORKFLOW, bill({ status: 'changes_required' }));
    renderClient(api);
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: 'Request changes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request changes' });
    await user.click(within(dialog).getByRole('button', { name: 'Request changes' }));
    expect(await within(dialog).findByText('This field is required.')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /What should change/ }), 'Wrong account.');
    await user.click(within(dialog).getByRole('button', { name: 'Request changes' }));
    expect(await screen.findByText('Changes requested.')).toBeInTheDocument();
    expect(api.callsTo('POST', WORKFLOW)[0]?.body).toEqual({
      action: 'revise',
      version: 3,
      reason: 'Wrong account.',
    });
  });

  it('says the bill changed on a 409 and refetches it', async () => {
    const api = billApi(bill({ can: { approve: true } }));
    api.fail('POST', WORKFLOW, 409, { detail: 'Stale version.', code: 'conflict' });
    renderStaff(api);
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    const reads = api.callsTo('GET', BILL).length;
    const dialog = await screen.findByRole('dialog', { name: 'Approve this bill?' });
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('This bill was changed by someone else.')).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('GET', BILL).length).toBeGreaterThan(reads));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows the server’s reason on a 403 in the dialog', async () => {
    const api = billApi(bill({ can: { approve: true } }));
    api.fail('POST', WORKFLOW, 403, {
      detail: 'This bill is above your approval limit of $5,000.00.',
      code: 'permission_denied',
    });
    renderClient(api);
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve this bill?' });
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(
      await within(dialog).findByText('This bill is above your approval limit of $5,000.00.'),
    ).toBeInTheDocument();
  });

  it('gives staff Record verbal approval and Reverse payment, and clients never', async () => {
    const can = { approve: true, record_verbal_approval: true, reverse_payment: true, revise: true };
    const api = billApi(bill({ can }));
    api.reply('POST', WORKFLOW, bill()).reply('POST', at('workflow/reverse-payment'), bill());
    renderStaff(api);
    const user = setupUser();
    expect(await screen.findByRole('button', { name: 'Revise' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Record verbal approval' }));
    let dialog = await screen.findByRole('dialog', { name: 'Record verbal approval?' });
    await user.click(within(dialog).getByRole('button', { name: 'Record approval' }));
    expect(await screen.findByText('Verbal approval recorded.')).toBeInTheDocument();
    expect(api.callsTo('POST', WORKFLOW)[0]?.body).toEqual({ action: 'approve', verbal: true, version: 3 });

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Reverse payment' }));
    dialog = await screen.findByRole('dialog', { name: 'Reverse payment' });
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Check bounced.');
    await user.click(within(dialog).getByRole('button', { name: 'Reverse payment' }));
    expect(await screen.findByText('Payment reversed.')).toBeInTheDocument();
    expect(api.callsTo('POST', at('workflow/reverse-payment'))[0]?.body).toEqual({
      reason: 'Check bounced.',
      version: 3,
    });
    expect(keyOf(api, at('workflow/reverse-payment'))).toMatch(UUID);
  });

  it('hides staff-only actions from client users', async () => {
    const can = { approve: true, record_verbal_approval: true, reverse_payment: true };
    renderClient(billApi(bill({ can })));
    expect(await screen.findByRole('button', { name: 'Approve' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Record verbal approval' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reverse payment' })).not.toBeInTheDocument();
  });
});
