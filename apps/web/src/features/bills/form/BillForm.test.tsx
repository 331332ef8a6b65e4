import { pathOf } from '@bp/api-client';
import { type Bill, billsRoutes, entitiesRoutes } from '@bp/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { type ApiCall, createFakeApi, type FakeApi, renderPage, setupUser } from '../../test-utils.tsx';
import {
  ACCOUNT_A,
  ACCOUNT_B,
  accountRow,
  BILL_GUID,
  billRow,
  CLIENT_GUID,
  DIVISION_A,
  divisionRow,
  ENTITY_A,
  ENTITY_B,
  entityRow,
  page,
  VENDOR_A,
  VENDOR_B,
  vendorRow,
} from '../shared/fixtures.test-support.ts';
import { BillForm } from './BillForm.tsx';
import { NewBillPage } from './NewBillPage.tsx';

// These tests fill a whole form through MUI selects: slow in jsdom on a shared machine.
vi.setConfig({ testTimeout: 60_000 });

function scriptBooks(api: FakeApi = createFakeApi()) {
  api
    // The duplicate check before a new bill is saved: nothing like it here (DuplicateDialog's tests).
    .reply('GET', pathOf(billsRoutes.getBillingClientBillsDuplicates, { clientGuid: CLIENT_GUID }), {
      duplicates: [],
    })
    .reply(
      'GET',
      pathOf(entitiesRoutes.getAccountsClientEntities, { clientGuid: CLIENT_GUID }),
      page([entityRow(ENTITY_A, 'Harper Holdings LLC'), entityRow(ENTITY_B, 'Harper Trust')]),
    )
    .reply(
      'GET',
      pathOf(entitiesRoutes.getBillingClientEntityVendors, { clientGuid: CLIENT_GUID, entityGuid: ENTITY_A }),
      page([vendorRow(VENDOR_A, 'City Power'), vendorRow(VENDOR_B, 'Water Works')]),
    )
    .reply(
      'GET',
      pathOf(entitiesRoutes.getBillingClientEntityAccounts, {
        clientGuid: CLIENT_GUID,
        entityGuid: ENTITY_A,
      }),
      page([accountRow(ACCOUNT_A, 'Utilities: Electricity'), accountRow(ACCOUNT_B, 'Utilities: Water')]),
    )
    .reply(
      'GET',
      pathOf(entitiesRoutes.getBillingClientEntityDivisions, {
        clientGuid: CLIENT_GUID,
        entityGuid: ENTITY_A,
      }),
      page([divisionRow(DIVISION_A, 'Ranch')]),
    )
    .reply(
      'GET',
      pathOf(entitiesRoutes.getBillingClientEntityVendors, { clientGuid: CLIENT_GUID, entityGuid: ENTITY_B }),
      page([vendorRow(guidB, 'Trust Vendor')]),
    )
    .reply(
      'GET',
      pathOf(entitiesRoutes.getBillingClientEntityAccounts, {
        clientGuid: CLIENT_GUID,
        entityGuid: ENTITY_B,
      }),
      page([]),
    )
    .reply(
      'GET',
      pathOf(entitiesRoutes.getBillingClientEntityDivisions, {
        clientGuid: CLIENT_GUID,
        entityGuid: ENTITY_B,
      }),
      page([]),
    );
  return api;
}
const guidB = '00000000-0000-4000-8000-000000000099';

function renderForm(options: { bill?: Bill; api?: FakeApi } = {}) {
  const api = scriptBooks(options.api);
  const onSaved = vi.fn();
  const onCancel = vi.fn();
  renderPage(
    <BillForm clientGuid={CLIENT_GUID} bill={options.bill} onSaved={onSaved} onCancel={onCancel} />,
    {
      route: `/clients/${CLIENT_GUID}/new-bill`,
      api,
    },
  );
  return { api, onSaved, onCancel };
}

type User = ReturnType<typeof setupUser>;

async function choose(user: User, label: string, option: string, container: HTMLElement = document.body) {
  await user.click(within(container).getByRole('combobox', { name: new RegExp(`^${label}`) }));
  await user.click(await screen.findByRole('option', { name: option }));
}

const input = (label: string | RegExp, container: HTMLElement = document.body) =>
  within(container).getByLabelText(label) as HTMLInputElement;
const line = (n: number) => screen.getByRole('group', { name: `Line ${n}` });

async function fillHeader(user: User, amount = '1,234.56') {
  await choose(user, 'Entity', 'Harper Holdings LLC');
  await waitFor(() =>
    expect(screen.getByRole('combobox', { name: /^Vendor/ })).not.toHaveAttribute('aria-disabled'),
  );
  await choose(user, 'Vendor', 'City Power');
  await user.type(input(/^Amount/), amount);
  fireEvent.change(input('Due date'), { target: { value: '2026-04-01' } });
  await user.type(input('Invoice number'), 'INV-77');
  await choose(user, 'Payment method', 'ACH');
  await choose(user, 'Invoice source', 'Vendor email');
  await choose(user, 'Account', 'Utilities: Electricity', line(1));
}

const created = (call: ApiCall) =>
  billRow({ guid: BILL_GUID, amount: (call.body as { amount: number }).amount });

describe('BillForm (new bill)', () => {
  it('shows what is required when submitted empty and sends nothing', async () => {
    const { api } = renderForm();
    const user = setupUser();
    await user.click(screen.getByRole('button', { name: 'Submit for approval' }));
    expect(await screen.findAllByText('This field is required.')).toHaveLength(8);
    expect(screen.getByRole('combobox', { name: /^Entity/ })).toHaveAttribute('aria-invalid', 'true');
    expect(input(/^Amount/)).toHaveAttribute('aria-invalid', 'true');
    expect(
      api.callsTo('POST', pathOf(billsRoutes.getBillingClientBills, { clientGuid: CLIENT_GUID })),
    ).toHaveLength(0);
  });

  it('submits for approval in cents: "1,234.56" is 123456, the only line follows the amount', async () => {
    const { api, onSaved } = renderForm();
    api.reply('POST', pathOf(billsRoutes.getBillingClientBills, { clientGuid: CLIENT_GUID }), created);
    const user = setupUser();
    await fillHeader(user);
    expect(input('Line amount ($)', line(1))).toHaveValue('1,234.56');
    expect(screen.getByText('Remaining: $0.00')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit for approval' }));

    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(await screen.findByText('Bill created')).toBeInTheDocument();
    expect(
      api.callsTo('POST', pathOf(billsRoutes.getBillingClientBills, { clientGuid: CLIENT_GUID }))[0]?.body,
    ).toEqual({
      entity: ENTITY_A,
      vendor: VENDOR_A,
      amount: 123456,
      due_date: '2026-04-01',
      invoice_number: 'INV-77',
      payment_method: 'ach',
      invoice_source: 'vendor',
      under_power_of_attorney: false,
      lines: [{ account: ACCOUNT_A, division: null, amount: 123456 }],
      draft: false,
    });
  });

  it('saves a draft with draft: true', async () => {
    const { api, onSaved } = renderForm();
    api.reply('POST', pathOf(billsRoutes.getBillingClientBills, { clientGuid: CLIENT_GUID }), created);
    const user = setupUser();
    await fillHeader(user, '50');
    await user.click(screen.getByRole('switch', { name: 'Paid under power of attorney' }));
    await user.click(screen.getByRole('button', { name: 'Save as draft' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const body = api.callsTo(
      'POST',
      pathOf(billsRoutes.getBillingClientBills, { clientGuid: CLIENT_GUID }),
    )[0]?.body as Record<string, unknown>;
    expect(body.draft).toBe(true);
    expect(body.amount).toBe(5000);
    expect(body.under_power_of_attorney).toBe(true);
  });

  it('blocks submitting while the lines do not add up, and shows what remains', async () => {
    const { api } = renderForm();
    api.reply('POST', pathOf(billsRoutes.getBillingClientBills, { clientGuid: CLIENT_GUID }), created);
    const user = setupUser();
    await fillHeader(user, '100.00');
    await user.click(screen.getByRole('button', { name: 'Add line' }));
    await user.clear(input('Line amount ($)', line(1)));
    await user.type(input('Line amount ($)', line(1)), '60');
    await user.type(input('Line amount ($)', line(2)), '30.5');

    expect(screen.getByText('Lines total:')).toBeInTheDocument();
    expect(screen.getByText('Remaining: $9.50')).toBeInTheDocument();
    expect(screen.getByText(/The lines must add up to the bill amount/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit for approval' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Save as draft' })).toHaveProperty('disabled', true);

    await user.clear(input('Line amount ($)', line(2)));
    await user.type(input('Line amount ($)', line(2)), '40');
    await choose(user, 'Account', 'Utilities: Water', line(2));
    await choose(user, 'Division', 'Ranch', line(2));
    await user.type(input('Memo', line(2)), 'Ranch share');
    expect(screen.getByText('Remaining: $0.00')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit for approval' }));
    await screen.findByText('Bill created');
    const body = api.callsTo(
      'POST',
      pathOf(billsRoutes.getBillingClientBills, { clientGuid: CLIENT_GUID }),
    )[0]?.body as Record<string, unknown>;
    expect(body.amount).toBe(10000);
    expect(body.lines).toEqual([
      { account: ACCOUNT_A, division: null, amount: 6000 },
      { account: ACCOUNT_B, division: DIVISION_A, memo: 'Ranch share', amount: 4000 },
    ]);
  });

  it('changing the entity clears the vendor and the line accounts', async () => {
    renderForm();
    const user = setupUser();
    await fillHeader(user);
    await choose(user, 'Entity', 'Harper Trust');
    expect(screen.getByRole('combobox', { name: /^Vendor/ })).toHaveValue('');
    expect(within(line(1)).getByRole('combobox', { name: /^Account/ })).not.toHaveTextContent('Electricity');
  });

  it('shows the server field errors under their fields', async () => {
    const { api, onSaved } = renderForm();
    api.fail('POST', pathOf(billsRoutes.getBillingClientBills, { clientGuid: CLIENT_GUID }), 400, {
      invoice_number: ['A bill with this invoice number already exists for the vendor.'],
      'lines.0.account': ['The account cannot be assigned to bills.'],
    });
    const user = setupUser();
    await fillHeader(user);
    await user.click(screen.getByRole('button', { name: 'Submit for approval' }));
    expect(
      await screen.findByText('A bill with this invoice number already exists for the vendor.'),
    ).toBeInTheDocument();
    expect(within(line(1)).getByText('The account cannot be assigned to bills.')).toBeInTheDocument();
    expect(input('Invoice number')).toHaveAttribute('aria-invalid', 'true');
    expect(input('Invoice number')).toHaveFocus();
    expect(onSaved).not.toHaveBeenCalled();
  });

  it("shows the server's message about the lines as a whole under the lines, not over the form", async () => {
    const { api } = renderForm();
    api.fail('POST', pathOf(billsRoutes.getBillingClientBills, { clientGuid: CLIENT_GUID }), 400, {
      lines: ['A bill has at most 50 lines.'],
    });
    const user = setupUser();
    await fillHeader(user);
    await user.click(screen.getByRole('button', { name: 'Submit for approval' }));
    const lines = await screen.findByRole('region', { name: 'Lines' });
    expect(within(lines).getByRole('alert')).toHaveTextContent('A bill has at most 50 lines.');
    expect(screen.getAllByText('A bill has at most 50 lines.')).toHaveLength(1);
  });
});

describe('BillForm (edit)', () => {
  const bill = billRow();
  const path = pathOf(billsRoutes.getBillingClientBill, { clientGuid: CLIENT_GUID, billGuid: BILL_GUID });

  it('is prefilled and sends only the changed fields with the version', async () => {
    const { api, onSaved } = renderForm({ bill });
    api.reply('PATCH', path, (call: ApiCall) => ({ ...bill, ...(call.body as object), version: 4 }));
    const user = setupUser();
    expect(input(/^Amount/)).toHaveValue('1234.56');
    expect(input('Invoice number')).toHaveValue('INV-1');
    await user.clear(input('Invoice number'));
    await user.type(input('Invoice number'), 'INV-2');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(api.callsTo('PATCH', path)[0]?.body).toEqual({ invoice_number: 'INV-2', version: 3 });
  });

  it("shows a line's memo under its Memo label, the label raised out of the text", async () => {
    renderForm({ bill });
    const memo = input('Memo', line(1));
    expect(memo).toHaveValue('March');
    const label = document.querySelector(`label[for="${memo.id}"]`) as HTMLElement;
    expect(label.textContent).toBe('Memo');
    expect(label).toHaveAttribute('data-shrink', 'true');
  });

  it('sends both amount and lines when the amount changes', async () => {
    const { api } = renderForm({ bill });
    // The answer is a bill: the new amount, its lines as the API presents them (not the request's).
    api.reply('PATCH', path, (call: ApiCall) => ({
      ...bill,
      amount: (call.body as { amount: number }).amount,
      version: 4,
    }));
    const user = setupUser();
    await user.clear(input(/^Amount/));
    await user.type(input(/^Amount/), '2,000');
    expect(input('Line amount ($)', line(1))).toHaveValue('2,000');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByText('Bill saved');
    expect(api.callsTo('PATCH', path)[0]?.body).toEqual({
      amount: 200000,
      lines: [{ account: ACCOUNT_A, division: null, memo: 'March', amount: 200000 }],
      version: 3,
    });
  });

  it('on 409 says the bill changed and reloads it', async () => {
    const { api } = renderForm({ bill });
    api.fail('PATCH', path, 409, { detail: 'Stale version.', code: 'conflict' });
    api.reply('GET', path, billRow({ version: 5, invoice_number: 'INV-NEW' }));
    const user = setupUser();
    await user.type(input('Invoice number'), 'X');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('The bill was changed by someone else. Reload it.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(input('Invoice number')).toHaveValue('INV-NEW'));
    expect(screen.queryByText('The bill was changed by someone else. Reload it.')).not.toBeInTheDocument();
  });
});

describe('NewBillPage', () => {
  it('enters a bill for the client of the url and opens its page', async () => {
    const api = scriptBooks().reply(
      'POST',
      pathOf(billsRoutes.getBillingClientBills, { clientGuid: CLIENT_GUID }),
      created,
    );
    renderPage(<NewBillPage />, {
      route: `/clients/${CLIENT_GUID}/new-bill`,
      path: '/clients/:clientGuid/new-bill',
      api,
    });
    expect(screen.getByRole('heading', { name: 'New Bill' })).toBeInTheDocument();
    const user = setupUser();
    await fillHeader(user, '10');
    await user.click(screen.getByRole('button', { name: 'Submit for approval' }));
    expect(await screen.findByTestId('location')).toHaveProperty(
      'textContent',
      `/clients/${CLIENT_GUID}/org/bill/${BILL_GUID}`,
    );
  });
});
