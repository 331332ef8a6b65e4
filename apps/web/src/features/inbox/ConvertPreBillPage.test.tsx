import { pathOf } from '@bp/api-client';
import { billsRoutes, entitiesRoutes, type InboxPrefill, inboxRoutes } from '@bp/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  ACCOUNT_A,
  accountRow,
  BILL_GUID,
  billRow,
  CLIENT_GUID,
  ENTITY_A,
  entityRow,
  ORG_GUID,
  page,
  VENDOR_A,
  vendorRow,
} from '../bills/shared/fixtures.test-support.ts';
import { createFakeApi, renderPage, setupUser } from '../test-utils.tsx';
import { ConvertPreBillPage } from './ConvertPreBillPage.tsx';
import { EMAIL_GUID, emailRow, PDF_GUID, PNG_GUID } from './inbox.test-support.ts';

vi.mock('./pdf-first-page.ts', () => ({ renderFirstPage: vi.fn(async () => {}) }));
// A whole bill form through MUI selects: slow in jsdom on a shared machine.
vi.setConfig({ testTimeout: 60_000 });

const session = { organization: { guid: ORG_GUID, name: 'Demo Family Office' } };
const emailParams = { clientGuid: CLIENT_GUID, emailGuid: EMAIL_GUID };
const books = { clientGuid: CLIENT_GUID, entityGuid: ENTITY_A };
const prefillPath = (guid: string) =>
  pathOf(inboxRoutes.getInboxClientEmailAttachmentPrefill, { ...emailParams, inboxAttachmentGuid: guid });
const convertPath = pathOf(inboxRoutes.postInboxClientEmailConvert, emailParams);
const duplicatesPath = pathOf(billsRoutes.getBillingClientBillsDuplicates, { clientGuid: CLIENT_GUID });

const READ: InboxPrefill = {
  attachment: PDF_GUID,
  text_found: true,
  message: null,
  amount: { value: 123_456, source: 'Amount Due: $1,234.56' },
  due_date: { value: '2026-12-15', source: 'Due Date: 12/15/2026' },
  invoice_number: { value: 'INV-77', source: 'Invoice Number: INV-77' },
  invoice_date: null,
  vendor: {
    guid: VENDOR_A,
    name: 'City Power',
    entity: ENTITY_A,
    reason: 'sender_address',
    detail: "billing@citypower.test is this vendor's e-mail address.",
  },
};

function render(prefill: InboxPrefill, email = emailRow()) {
  const api = createFakeApi()
    .reply('GET', pathOf(inboxRoutes.getInboxClientEmail, emailParams), email)
    .reply('GET', prefillPath(prefill.attachment), prefill)
    .reply(
      'GET',
      pathOf(inboxRoutes.getInboxClientEmailAttachment, { ...emailParams, inboxAttachmentGuid: PDF_GUID }),
      {
        blob: new Blob(['%PDF-1.4'], { type: 'application/pdf' }),
        disposition: null,
      },
    )
    .reply(
      'GET',
      pathOf(entitiesRoutes.getAccountsClientEntities, { clientGuid: CLIENT_GUID }),
      page([entityRow(ENTITY_A, 'Harper Holdings LLC')]),
    )
    .reply(
      'GET',
      pathOf(entitiesRoutes.getBillingClientEntityVendors, books),
      page([vendorRow(VENDOR_A, 'City Power')]),
    )
    .reply(
      'GET',
      pathOf(entitiesRoutes.getBillingClientEntityAccounts, books),
      page([accountRow(ACCOUNT_A, 'Utilities: Electricity')]),
    )
    .reply('GET', pathOf(entitiesRoutes.getBillingClientEntityDivisions, books), page([]))
    .reply('GET', duplicatesPath, { duplicates: [] });
  renderPage(<ConvertPreBillPage />, {
    route: `/clients/${CLIENT_GUID}/convert-pre-bill/${EMAIL_GUID}`,
    path: '/clients/:clientGuid/convert-pre-bill/:emailGuid',
    api,
    session,
  });
  return api;
}

describe('ConvertPreBillPage', () => {
  it('prefills the form, marks each proposal until accepted, warns of a duplicate, and converts', async () => {
    const api = render(READ);
    const user = setupUser();
    const proposed = await screen.findByRole('region', { name: 'Proposed values' });
    const amount = within(proposed).getByRole('group', { name: 'Amount: $1,234.56' });
    expect(within(amount).getByText('Proposed')).toBeInTheDocument();
    expect(within(amount).getByText('Amount Due: $1,234.56')).toBeInTheDocument();
    expect(within(proposed).getByRole('group', { name: 'Vendor: City Power' })).toHaveTextContent(
      "billing@citypower.test is this vendor's e-mail address.",
    );
    const form = screen.getByRole('form', { name: 'New bill' });
    expect(within(form).getByRole('textbox', { name: 'Amount ($)' })).toHaveValue('1234.56');
    expect(within(form).getByRole('textbox', { name: 'Invoice number' })).toHaveValue('INV-77');

    await user.click(within(form).getByRole('combobox', { name: /^Payment method/ }));
    await user.click(await screen.findByRole('option', { name: 'ACH' }));
    const line = within(form).getByRole('group', { name: 'Line 1' });
    await user.click(within(line).getByRole('combobox', { name: /^Account/ }));
    await user.click(await screen.findByRole('option', { name: 'Utilities: Electricity' }));

    // Nothing is saved while a proposal waits.
    await user.click(screen.getByRole('button', { name: 'Submit for approval' }));
    expect(
      await screen.findByText('Accept or change each proposed value before saving.'),
    ).toBeInTheDocument();
    expect(api.callsTo('POST', convertPath)).toHaveLength(0);
    for (const name of ['amount', 'invoice number', 'vendor'])
      await user.click(within(proposed).getByRole('button', { name: `Accept the ${name}` }));
    expect(within(amount).getByText('Accepted')).toBeInTheDocument();
    // Typing another value is as good as accepting: the proposal shows it was changed.
    fireEvent.change(within(form).getByLabelText('Due date'), { target: { value: '2026-12-20' } });
    expect(
      within(within(proposed).getByRole('group', { name: /^Due date/ })).getByText('Changed'),
    ).toBeInTheDocument();
    // The photo stays with the e-mail only.
    await user.click(screen.getByRole('checkbox', { name: 'photo.png' }));

    api.reply('GET', duplicatesPath, {
      duplicates: [
        {
          guid: BILL_GUID,
          status: 'paid',
          amount: 123_456,
          due_date: '2026-11-30',
          invoice_number: 'INV-77',
          invoice_date: null,
          entity: { guid: ENTITY_A, nickname: 'Harper Holdings LLC' },
          vendor: { guid: VENDOR_A, name: 'City Power' },
          reasons: ['invoice_number'],
        },
      ],
    });
    api.reply('POST', convertPath, billRow({ guid: BILL_GUID }));
    await user.click(screen.getByRole('button', { name: 'Submit for approval' }));
    const dialog = await screen.findByRole('dialog', { name: 'Possible duplicate bill' });
    expect(within(dialog).getByRole('list', { name: 'Similar bills' })).toHaveTextContent(
      'same invoice number',
    );
    const anyway = within(dialog).getByRole('button', { name: 'Save anyway' });
    expect(anyway).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: /Why enter it anyway/ }), 'A second meter.');
    await user.click(anyway);

    await waitFor(() => expect(api.callsTo('POST', convertPath)).toHaveLength(1));
    expect(api.callsTo('POST', convertPath)[0]?.body).toMatchObject({
      entity: ENTITY_A,
      vendor: VENDOR_A,
      amount: 123_456,
      due_date: '2026-12-20',
      invoice_number: 'INV-77',
      invoice_source: 'vendor',
      payment_method: 'ach',
      lines: [{ account: ACCOUNT_A, amount: 123_456 }],
      duplicate_reason: 'A second meter.',
      attachments: [PDF_GUID],
    });
    expect(await screen.findByTestId('location')).toHaveTextContent(
      `/clients/${CLIENT_GUID}/org/bill/${BILL_GUID}`,
    );
  });

  it('says when nothing could be read, and leaves the fields blank', async () => {
    const email = emailRow({ attachments: [emailRow().attachments[1] as never] });
    render(
      {
        attachment: PNG_GUID,
        text_found: false,
        message: 'This file is an image: it has no text to read, so nothing is proposed from it.',
        amount: null,
        due_date: null,
        invoice_number: null,
        invoice_date: null,
        vendor: null,
      },
      email,
    );
    expect(
      await screen.findByText(
        'This file is an image: it has no text to read, so nothing is proposed from it.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('Proposed')).not.toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'New bill' });
    expect(within(form).getByRole('textbox', { name: 'Amount ($)' })).toHaveValue('');
  });
});
