import { type Browser, expect, type Page } from '@playwright/test';
import { expectLanding, signIn } from '../support/accounts.ts';
import { test } from '../support/test.ts';

// Each test walks several people through one bill against the real server: give it room.
test.describe.configure({ timeout: 180_000 });

const DEMO_HOMES: Record<string, { path: string; heading: string }> = {
  'associate@demo.test': { path: '/associate-dashboard', heading: 'Associate Dashboard' },
  'manager@demo.test': { path: '/manager-dashboard', heading: 'Manager Dashboard' },
  'client@demo.test': { path: '/dashboard', heading: 'Dashboard' },
};

/** A signed-in page of its own (its own storage), so several people can work on one bill. */
async function as(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, email);
  const home = DEMO_HOMES[email];
  if (home) await expectLanding(page, home.path, home.heading);
  return page;
}

async function choose(page: Page, scope: ReturnType<Page['locator']> | Page, label: string, option: string) {
  await scope.getByRole('combobox', { name: new RegExp(`^${label}`) }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The associate enters a bill for Harper Household and submits it; returns the staff bill page's path. */
async function enterHarperBill(page: Page, invoice: string, amount: string): Promise<string> {
  await page.goto('/clients');
  await page.getByRole('link', { name: 'Harper Household' }).click();
  await expect(page).toHaveURL(/\/clients\/[0-9a-f-]{36}$/);
  const clientGuid = new URL(page.url()).pathname.split('/')[2];
  await page.goto(`/clients/${clientGuid}/new-bill`);
  await expect(page.getByRole('heading', { level: 1, name: 'New Bill' })).toBeVisible();

  await choose(page, page, 'Entity', 'Harper Holdings LLC');
  await expect(page.getByRole('combobox', { name: /^Vendor/ })).not.toHaveAttribute('aria-disabled', 'true');
  await choose(page, page, 'Vendor', 'Pacific Power & Light');
  await page.getByLabel(/^Amount/).fill(amount);
  await page.getByLabel('Due date').fill('2030-06-30');
  await page.getByLabel('Invoice number').fill(invoice);
  await choose(page, page, 'Payment method', 'ACH');
  await choose(page, page, 'Invoice source', 'Vendor email');
  const line = page.getByRole('group', { name: 'Line 1' });
  await choose(page, line, 'Account', 'Utilities: Electricity');
  await page.getByRole('button', { name: 'Submit for approval' }).click();

  await expect(page).toHaveURL(/\/clients\/[0-9a-f-]{36}\/org\/bill\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Pacific Power & Light bill' })).toBeVisible();
  return new URL(page.url()).pathname;
}

const billGuidOf = (staffPath: string) => staffPath.split('/').pop() ?? '';

async function expectStatus(page: Page, status: string) {
  await expect(
    page.getByRole('region', { name: 'Bill details' }).getByText(status, { exact: true }),
  ).toBeVisible();
}

async function approve(page: Page) {
  await page.getByRole('group', { name: 'Bill actions' }).getByRole('button', { name: 'Approve' }).click();
  const dialog = page.getByRole('dialog', { name: 'Approve this bill?' });
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Bill approved.')).toBeVisible();
  await expect(dialog).toBeHidden();
}

/** Pays a bill waiting for its payment: the date is today, the client's only account is chosen already. */
async function recordPayment(page: Page, reference: string) {
  await page
    .getByRole('group', { name: 'Bill actions' })
    .getByRole('button', { name: 'Record payment' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Record payment' });
  await expect(dialog.getByRole('combobox', { name: /Paid from account/ })).toContainText('••');
  await dialog.getByRole('textbox', { name: /ACH trace or batch number/ }).fill(reference);
  await dialog.getByRole('button', { name: 'Record payment' }).click();
  await expect(page.getByText('Payment recorded.')).toBeVisible();
}

test('a bill goes from the associate through org and client approval to Paid', async ({ browser }) => {
  const invoice = `E2E-PAY-${Date.now().toString(36)}`;
  const associate = await as(browser, 'associate@demo.test');
  const staffPath = await enterHarperBill(associate, invoice, '184.20');
  await expectStatus(associate, 'Org Approval');
  const plan = associate.getByRole('list', { name: 'Approval steps' });
  await expect(plan.getByRole('listitem', { name: 'Org Approval: Current' })).toHaveAttribute(
    'aria-current',
    'step',
  );
  // Four eyes: the associate who entered it cannot give its supervisor review.
  await expect(associate.getByRole('button', { name: 'Approve' })).toHaveCount(0);

  const manager = await as(browser, 'manager@demo.test');
  await manager.goto(staffPath);
  await expectStatus(manager, 'Org Approval');
  await approve(manager);
  await expectStatus(manager, 'Client Approval');
  await expect(
    manager
      .getByRole('list', { name: 'Approval steps' })
      .getByRole('listitem', { name: /^Org Approval: Approved by Maya Manager/ }),
  ).toBeVisible();

  const client = await as(browser, 'client@demo.test');
  await client.goto(`/bill/${billGuidOf(staffPath)}`);
  await expect(client.getByRole('heading', { level: 1, name: 'Pacific Power & Light bill' })).toBeVisible();
  await expect(client.getByRole('heading', { name: 'Notes' })).toHaveCount(0);
  await client.getByRole('textbox', { name: 'Message' }).fill('Looks right, approving now.');
  await client.getByRole('button', { name: 'Send' }).click();
  await expect(
    client.getByRole('list', { name: 'Messages' }).getByText('Looks right, approving now.'),
  ).toBeVisible();
  await approve(client);
  await expectStatus(client, 'Payment Pending');
  await expect(client.getByRole('group', { name: 'Bill actions' })).toHaveCount(0);

  await manager.reload();
  await expectStatus(manager, 'Payment Pending');
  await expect(
    manager.getByRole('list', { name: 'Messages' }).getByText('Looks right, approving now.'),
  ).toBeVisible();
  // Paying is its own action, with the payment's details.
  await expect(
    manager.getByRole('group', { name: 'Bill actions' }).getByRole('button', { name: 'Approve' }),
  ).toHaveCount(0);
  await recordPayment(manager, `TRACE-${invoice}`);
  await expectStatus(manager, 'Paid');
  const details = manager.getByRole('region', { name: 'Bill details' });
  await expect(details.getByText(`TRACE-${invoice}`)).toBeVisible();
  await expect(details.getByText(/^Operating account ••\d{4}$/)).toBeVisible();
  await expect(
    manager.getByRole('list', { name: 'History' }).getByText(`Reference: TRACE-${invoice}`),
  ).toBeVisible();
  await expect(manager.getByRole('button', { name: 'Reverse payment' })).toBeVisible();
});

test('a client asks for changes, staff edit the bill and then reject it', async ({ browser }) => {
  const invoice = `E2E-REV-${Date.now().toString(36)}`;
  const associate = await as(browser, 'associate@demo.test');
  const staffPath = await enterHarperBill(associate, invoice, '212.75');

  const manager = await as(browser, 'manager@demo.test');
  await manager.goto(staffPath);
  await approve(manager);
  await expectStatus(manager, 'Client Approval');

  const client = await as(browser, 'client@demo.test');
  await client.goto(`/bill/${billGuidOf(staffPath)}`);
  await client.getByRole('button', { name: 'Request changes' }).click();
  const changes = client.getByRole('dialog', { name: 'Request changes' });
  await changes.getByRole('button', { name: 'Request changes' }).click();
  await expect(changes.getByText('This field is required.')).toBeVisible();
  await changes.getByRole('textbox', { name: /What should change/ }).fill('The invoice number is wrong.');
  await changes.getByRole('button', { name: 'Request changes' }).click();
  await expect(client.getByText('Changes requested.')).toBeVisible();
  await expectStatus(client, 'Changes Required');

  await associate.reload();
  await expectStatus(associate, 'Changes Required');
  await expect(associate.getByText('Changes requested: The invoice number is wrong.')).toBeVisible();
  await associate.getByRole('button', { name: 'Edit' }).click();
  const edit = associate.getByRole('dialog', { name: 'Edit bill' });
  await expect(edit.getByLabel('Invoice number')).toHaveValue(invoice);
  await edit.getByLabel('Invoice number').fill(`${invoice}-B`);
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit).toBeHidden();
  await expectStatus(associate, 'Org Approval');
  await expect(
    associate.getByRole('region', { name: 'Bill details' }).getByText(`${invoice}-B`),
  ).toBeVisible();

  await associate
    .getByRole('group', { name: 'Bill actions' })
    .getByRole('button', { name: 'Reject' })
    .click();
  const reject = associate.getByRole('dialog', { name: 'Reject bill' });
  await choose(associate, reject, 'Reason', 'Other');
  await reject.getByRole('button', { name: 'Reject' }).click();
  await expect(reject.getByText('Describe why the bill is rejected.')).toBeVisible();
  await reject.getByRole('textbox', { name: /Description/ }).fill('The vendor withdrew the invoice.');
  await reject.getByRole('button', { name: 'Reject' }).click();
  await expect(associate.getByText('Bill rejected.')).toBeVisible();
  await expectStatus(associate, 'Rejected');
  await expect(associate.getByText('Rejected: Other — The vendor withdrew the invoice.')).toBeVisible();
  await expect(associate.getByRole('group', { name: 'Bill actions' })).toHaveCount(0);

  await client.reload();
  await expectStatus(client, 'Rejected');
});
