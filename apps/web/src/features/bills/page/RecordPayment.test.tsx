import type { BillEventItem, ClientInstitution } from '@bp/contracts';
import { calendarDateOf, toIsoDate } from '@bp/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type FakeApi, renderPage, setupUser } from '../../test-utils.tsx';
import { StaffBillPage } from './BillPage.tsx';
import {
  at,
  BILL,
  BILL_GUID,
  bill,
  billApi,
  CLIENT_GUID,
  guidOf,
  MANAGER,
  page,
} from './fixtures.test-support.ts';

const PAY = at('workflow/record-payment');
const ACCOUNTS = `/v1/accounts/clients/${CLIENT_GUID}/institutions`;
const account = (n: number, name: string, last4: string): ClientInstitution => ({
  guid: guidOf(1200 + n),
  name,
  account_last4: last4,
  parent_institution: null,
  parent_institution_name: null,
  created_on: '2026-01-01T00:00:00Z',
});
const OPERATING = account(1, 'Operating account', '4821');
const RESERVE = account(2, 'Reserve account', '1177');

function renderStaff(api: FakeApi) {
  return renderPage(<StaffBillPage />, {
    route: `/clients/${CLIENT_GUID}/org/bill/${BILL_GUID}`,
    path: '/clients/:clientGuid/:userType/bill/:billGuid',
    api,
  });
}

describe('Record payment on the bill page', () => {
  it('pays with the date, the account and the reference, then shows them on the bill', async () => {
    const api = billApi(bill({ status: 'payment_pending', can: { record_payment: true, reject: true } }));
    api.reply('GET', ACCOUNTS, page([OPERATING, RESERVE]));
    const paid = bill({
      status: 'paid',
      paid_date: '2026-04-20',
      paid_from_account: { guid: RESERVE.guid, name: 'Reserve account', account_last4: '1177' },
      payment_reference: 'TRACE-991',
    });
    api.reply('POST', PAY, paid);
    renderStaff(api);
    const user = setupUser();
    // Paying is its own action: no Approve button waits for the payment.
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Record payment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record payment' });
    expect(within(dialog).getByText('$12,500.75')).toBeInTheDocument();

    // ACH needs its trace number; the date defaults to today.
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    expect(await within(dialog).findByText('Choose the account the payment left from.')).toBeInTheDocument();
    expect(within(dialog).getByText('ACH trace or batch number is required.')).toBeInTheDocument();
    expect(api.callsTo('POST', PAY)).toHaveLength(0);
    const today = toIsoDate(calendarDateOf(new Date()));
    expect(within(dialog).getByLabelText(/Payment date/)).toHaveValue(today);

    await user.click(within(dialog).getByRole('combobox', { name: /Paid from account/ }));
    await user.click(await screen.findByRole('option', { name: 'Reserve account ••1177' }));
    await user.type(within(dialog).getByRole('textbox', { name: /ACH trace or batch number/ }), 'TRACE-991');
    api.reply('GET', BILL, paid);
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));

    expect(await screen.findByText('Payment recorded.')).toBeInTheDocument();
    expect(api.callsTo('POST', PAY)[0]?.body).toEqual({
      payment_date: today,
      paid_from_account: RESERVE.guid,
      reference: 'TRACE-991',
      version: 3,
    });
    expect(api.callsTo('POST', PAY)[0]?.options?.headers?.['Idempotency-Key']).toBeTruthy();
    const details = await screen.findByRole('region', { name: 'Bill details' });
    await waitFor(() => expect(within(details).getByText('Reserve account ••1177')).toBeInTheDocument());
    expect(within(details).getByText('TRACE-991')).toBeInTheDocument();
    expect(within(details).getByText('ACH trace or batch number')).toBeInTheDocument();
  });

  it('keeps a refusal of the payment details in the dialog', async () => {
    const api = billApi(bill({ status: 'payment_pending', can: { record_payment: true } }));
    api.reply('GET', ACCOUNTS, page([OPERATING]));
    api.fail('POST', PAY, 400, { payment_date: ['The payment date cannot be after today.'] });
    renderStaff(api);
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: 'Record payment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record payment' });
    // The only account is chosen already.
    await waitFor(() =>
      expect(within(dialog).getByRole('combobox', { name: /Paid from account/ })).toHaveTextContent(
        'Operating account ••4821',
      ),
    );
    await user.type(within(dialog).getByRole('textbox', { name: /ACH trace/ }), 'T-1');
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    expect(await within(dialog).findByText('The payment date cannot be after today.')).toBeInTheDocument();
  });

  it('shows a recorded payment in the history', async () => {
    const payment: BillEventItem = {
      guid: guidOf(1300),
      kind: 'bill_workflow_changed',
      user: MANAGER,
      from_status: 'payment_pending',
      to_status: 'paid',
      data: {
        action: 'record_payment',
        payment_date: '2026-04-20',
        paid_from: 'Operating account ••4821',
        reference: 'CHK-1001',
      },
      created_on: '2026-04-20T15:00:00Z',
    };
    const api = billApi(bill({ status: 'paid' })).reply('GET', at('events'), page([payment]));
    renderStaff(api);
    const history = await screen.findByRole('list', { name: 'History' });
    expect(within(history).getByText('Paid from: Operating account ••4821')).toBeInTheDocument();
    expect(within(history).getByText('Reference: CHK-1001')).toBeInTheDocument();
    expect(within(history).getByText(/Payment date: /)).toBeInTheDocument();
  });
});
