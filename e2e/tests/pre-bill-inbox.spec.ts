import { expect, type Page } from '@playwright/test';
import nodemailer from 'nodemailer';
import { minimalPdf } from '../../apps/api/src/test/minimal-pdf.ts';
import { expectLanding, signIn } from '../support/accounts.ts';
import { test } from '../support/test.ts';

// Issue 13: a vendor e-mails a PDF invoice to Harper Household's inbox address through the real SMTP
// receiver; staff see it in the pre-bill inbox, convert it with the amount and invoice number read
// from the PDF, and find the bill in the workflow with the PDF attached.
test.describe.configure({ timeout: 180_000 });

const SMTP_INBOUND_PORT = Number(process.env.E2E_PORT ?? 8181) + 3;

async function choose(page: Page, scope: ReturnType<Page['locator']> | Page, label: string, option: string) {
  await scope.getByRole('combobox', { name: new RegExp(`^${label}`) }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('an e-mailed PDF invoice becomes a bill with the proposed amount and invoice number', async ({
  page,
}) => {
  const run = Date.now().toString(36).toUpperCase();
  const invoiceNumber = `PPL-${run}`;
  const subject = `Your Pacific Power bill ${run}`;

  await signIn(page, 'associate@demo.test');
  await expectLanding(page, '/associate-dashboard', 'Associate Dashboard');

  // The client page shows Harper Household's inbox address.
  await page.goto('/clients');
  await page.getByRole('link', { name: 'Harper Household' }).click();
  const addressCard = page.getByRole('region', { name: 'Inbox address' });
  await expect(addressCard.getByTestId('inbox-address')).toContainText('@');
  const address = (await addressCard.getByTestId('inbox-address').textContent())?.trim() ?? '';
  expect(address).toMatch(/^bills-[a-z0-9]{12}@/);

  // The vendor's billing system sends the invoice.
  const transport = nodemailer.createTransport({
    host: '127.0.0.1',
    port: SMTP_INBOUND_PORT,
    ignoreTLS: true,
  });
  const sent = await transport.sendMail({
    from: '"Pacific Power & Light" <e-billing@pacific-power.test>',
    to: address,
    subject,
    text: 'Your bill is attached. Thank you for being a customer.',
    attachments: [
      {
        filename: 'invoice.pdf',
        contentType: 'application/pdf',
        content: minimalPdf([
          'Pacific Power & Light',
          `Invoice Number: ${invoiceNumber}`,
          'Invoice Date: 11/20/2030',
          'Amount Due: $1,234.56',
          'Due Date: 12/31/2030',
        ]),
      },
    ],
  });
  expect(sent.response).toMatch(/^250/);

  // It is in the pre-bill inbox, its PDF's first page drawn beside the list.
  await page.goto('/billing/pre-bill-inbox');
  await page.getByRole('searchbox', { name: 'Search sender or subject' }).fill(run);
  const emails = page.getByRole('table', { name: 'Pre-bill e-mails' });
  const row = emails.getByRole('row', { name: new RegExp(subject) });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Harper Household');
  await expect(page.getByRole('img', { name: 'First page of invoice.pdf' })).toBeVisible();

  await row.getByRole('link', { name: /^Convert/ }).click();
  await expect(page).toHaveURL(/\/clients\/[0-9a-f-]{36}\/convert-pre-bill\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Convert Pre-Bill' })).toBeVisible();

  // The values read from the PDF are marked Proposed until accepted.
  const proposed = page.getByRole('region', { name: 'Proposed values' });
  const amount = proposed.getByRole('group', { name: 'Amount: $1,234.56' });
  const number = proposed.getByRole('group', { name: `Invoice number: ${invoiceNumber}` });
  await expect(amount.getByText('Proposed')).toBeVisible();
  await expect(number.getByText('Proposed')).toBeVisible();
  await expect(proposed.getByRole('group', { name: 'Vendor: Pacific Power & Light' })).toBeVisible();
  const form = page.getByRole('form', { name: 'New bill' });
  await expect(form.getByRole('textbox', { name: 'Amount ($)', exact: true })).toHaveValue('1234.56');
  await expect(form.getByRole('textbox', { name: 'Invoice number', exact: true })).toHaveValue(invoiceNumber);

  // Saving is held until every proposal is looked at.
  await choose(page, page, 'Payment method', 'ACH');
  await choose(page, page.getByRole('group', { name: 'Line 1' }), 'Account', 'Utilities: Electricity');
  await page.getByRole('button', { name: 'Submit for approval' }).click();
  await expect(page.getByText('Accept or change each proposed value before saving.')).toBeVisible();
  for (const name of ['amount', 'invoice number', 'due date', 'invoice date', 'vendor'])
    await proposed.getByRole('button', { name: `Accept the ${name}` }).click();
  await expect(amount.getByText('Accepted')).toBeVisible();
  await page.getByRole('button', { name: 'Submit for approval' }).click();

  // The bill is in the workflow, with the e-mail's PDF attached.
  await expect(page).toHaveURL(/\/clients\/[0-9a-f-]{36}\/org\/bill\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Pacific Power & Light bill' })).toBeVisible();
  const details = page.getByRole('region', { name: 'Bill details' });
  await expect(details).toContainText('$1,234.56');
  await expect(details).toContainText(invoiceNumber);
  await expect(details.getByText('Org Approval', { exact: true })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Attachments' })).toContainText('invoice.pdf');

  // The e-mail left the inbox for the archived pre-bills.
  await page.goto('/billing/pre-bill-inbox');
  await page.getByRole('searchbox', { name: 'Search sender or subject' }).fill(run);
  await expect(page.getByText(`No pre-bill e-mails match "${run}".`)).toBeVisible();
});
