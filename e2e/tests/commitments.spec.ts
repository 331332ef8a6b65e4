import { type Browser, expect, type Locator, type Page } from '@playwright/test';
import { expectLanding, signIn } from '../support/accounts.ts';
import { test } from '../support/test.ts';

// One commitment is walked through several people and bills against the real server: give it room.
test.describe.configure({ timeout: 240_000 });

const HOMES: Record<string, { path: string; heading: string }> = {
  'associate@demo.test': { path: '/associate-dashboard', heading: 'Associate Dashboard' },
  'manager@demo.test': { path: '/manager-dashboard', heading: 'Manager Dashboard' },
  'client@demo.test': { path: '/dashboard', heading: 'Dashboard' },
};

async function as(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, email);
  const home = HOMES[email];
  if (home) await expectLanding(page, home.path, home.heading);
  return page;
}

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: new RegExp(`^${label}`) }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

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

/** '$1,234.56' → 123456 */
const centsOf = (text: string | null) => Math.round(Number((text ?? '').replace(/[$,]/g, '')) * 100);

/** The Paid total of the client's cash outflow table. */
async function paidTotal(page: Page): Promise<number> {
  const table = page.getByRole('table', { name: 'Cash outflow by month' });
  await expect(table).toBeVisible();
  const total: Locator = table
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: 'Total' }) });
  // Cells after the row header: categories…, Committed, Paid, Pending.
  return centsOf(await total.getByRole('cell').nth(-2).textContent());
}

/** From the commitment page, enters the bill of the first payment still waiting for one; returns the bill's path. */
async function billFirstPayment(page: Page, commitmentUrl: string, amount: string, expected: RegExp) {
  await page.goto(commitmentUrl);
  await expect(page.getByRole('table', { name: 'Upcoming payments' })).toBeVisible();
  await page
    .getByRole('link', { name: /^Create bill due / })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'New Commitment Bill' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Payment' }).getByText('$200.00')).toBeVisible();
  await expect(page.getByLabel(/^Amount/)).toHaveValue('200.00');
  await page.getByLabel(/^Amount/).fill(amount);
  await page.getByRole('button', { name: 'Create bill' }).click();
  await expect(page.getByRole('status').getByText(expected)).toBeVisible();
  await page.getByRole('link', { name: 'Open bill' }).click();
  await expect(page).toHaveURL(/\/clients\/[0-9a-f-]{36}\/org\/bill\/[0-9a-f-]{36}$/);
  return new URL(page.url()).pathname;
}

test('a monthly commitment: its payments, bills within and outside the threshold, and the cash outflow when paid', async ({
  browser,
}) => {
  const memo = `E2E commitment ${Date.now().toString(36)}`;
  const associate = await as(browser, 'associate@demo.test');

  // Create a monthly commitment of $200.00 for Harper Household's electricity.
  await associate.goto('/commitments');
  await expect(associate.getByRole('heading', { level: 1, name: 'Commitments' })).toBeVisible();
  await associate.getByRole('button', { name: 'New Commitment' }).click();
  await expect(associate.getByRole('heading', { level: 1, name: 'New Commitment' })).toBeVisible();
  await choose(associate, 'Client', 'Harper Household');
  await expect(associate.getByRole('combobox', { name: /^Entity/ })).not.toHaveAttribute(
    'aria-disabled',
    'true',
  );
  await choose(associate, 'Entity', 'Harper Holdings LLC');
  await expect(associate.getByRole('combobox', { name: /^Vendor/ })).not.toHaveAttribute(
    'aria-disabled',
    'true',
  );
  await choose(associate, 'Vendor', 'Pacific Power & Light');
  await choose(associate, 'Category', 'Utilities');
  const today = new Date();
  const firstOfMonth = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-01`;
  await associate.getByLabel(/^Due day/).fill('28');
  await associate.getByLabel(/^Start date/).fill(firstOfMonth);
  await associate.getByRole('button', { name: 'Create commitment' }).click();
  await expect(
    associate.getByText('Enter the expected amount, or mark the commitment as variable.'),
  ).toBeVisible();
  await associate.getByLabel(/^Expected amount/).fill('200');
  await choose(associate, 'Payment method', 'ACH');
  await choose(associate, 'Account', 'Utilities: Electricity');
  await associate.getByLabel('Memo').fill(memo);
  await associate.getByRole('button', { name: 'Create commitment' }).click();

  // Its page shows the schedule and the payments generated for the coming months.
  await expect(associate).toHaveURL(/\/commitments\/\d+\?client=[0-9a-f-]{36}$/);
  await expect(
    associate.getByRole('heading', { level: 1, name: 'Pacific Power & Light commitment' }),
  ).toBeVisible();
  await expect(associate.getByText('Monthly on day 28')).toBeVisible();
  await expect(associate.getByText(memo)).toBeVisible();
  const upcoming = associate.getByRole('table', { name: 'Upcoming payments' });
  await expect(upcoming.getByText('Upcoming').first()).toBeVisible();
  expect(await upcoming.getByRole('row').count()).toBeGreaterThan(2);
  const commitmentUrl = associate.url();
  const clientGuid = new URL(commitmentUrl).searchParams.get('client') ?? '';

  // Within 5% of $200.00 (the entity's allowable difference): the client's approval is not needed.
  const within = await billFirstPayment(
    associate,
    commitmentUrl,
    '204.50',
    /^Auto-approved: within the allowed difference$/,
  );
  // Outside it: the bill goes the usual way, to the client after the organisation.
  const outside = await billFirstPayment(associate, commitmentUrl, '260.00', /^Sent for approval$/);

  // The client sees what will leave its accounts before the bill is paid.
  const client = await as(browser, 'client@demo.test');
  await client.goto('/commitments/all-entities');
  await expect(client.getByRole('heading', { level: 1, name: 'Commitments' })).toBeVisible();
  await expect(
    client.getByRole('figure', { name: 'Committed amounts by month, stacked by category' }),
  ).toBeVisible();
  const paidBefore = await paidTotal(client);

  const manager = await as(browser, 'manager@demo.test');
  await manager.goto(outside);
  await expectStatus(manager, 'Org Approval');
  await approve(manager);
  await expectStatus(manager, 'Client Approval');

  await manager.goto(within);
  await expectStatus(manager, 'Org Approval');
  await approve(manager);
  await expectStatus(manager, 'Payment Pending');
  await recordPayment(manager, 'TRACE-COMMITMENT');
  await expectStatus(manager, 'Paid');

  // Paid this month: the client's cash outflow counts it.
  await client.reload();
  await expect.poll(() => paidTotal(client)).toBe(paidBefore + 20450);

  // The commitment's tracker and bills list show both bills.
  await associate.goto(commitmentUrl);
  const bills = associate.getByRole('table', { name: 'Commitment bills' });
  await expect(bills.getByText('$204.50')).toBeVisible();
  await expect(bills.getByText('$260.00')).toBeVisible();
  await expect(associate.getByText('Paid', { exact: true }).first()).toBeVisible();
  expect(clientGuid).not.toBe('');
});
