import type { Locator, Page } from '@playwright/test';
import { as, expect } from '../support/bills.ts';
import { test } from '../support/test.ts';

test.describe.configure({ timeout: 300_000 });

/*
 * Other specs move bills while this one runs, and the demo practice's bills fall due with the calendar,
 * so the organisation's figures are checked against each other (each card against the by-status rows
 * shown beside it, the Pre-Bill row against the Pre-Bill Inbox) and Harper Household's own demo bills
 * through the queues' client filter: its draft PPL-LAKE-0301 ($150.00) is its only Pre-Bill, and its
 * EVG-5498 ($800.00, payment pending) is due within a week. Every bill other specs enter is due years ahead.
 */

async function chooseClient(page: Page, name: string) {
  await page.getByRole('combobox', { name: 'Client' }).click();
  await page.getByRole('option', { name, exact: true }).click();
}

const card = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });

const AWAITING = [
  'Client Pre-Approval',
  'Org Approval',
  'OFAC Approval',
  'Client Approval',
  'Verbal Approval',
  'Needs 2nd Approval',
  'POA Approval',
];

const cents = (money: string) => Math.round(Number(money.replace(/[$,]/g, '')) * 100);

async function statusRows(table: Locator) {
  const rows = await table.locator('tbody tr').all();
  const out = new Map<string, { count: number; amount: number }>();
  for (const row of rows) {
    const [status = '', count = '0', amount = '$0.00'] = await row.getByRole('cell').allInnerTexts();
    out.set(status.trim(), { count: Number(count), amount: cents(amount) });
  }
  return out;
}

test("the manager's dashboard shows the demo's figures and a status leads to its queue", async ({
  browser,
}) => {
  const manager = await as(browser, 'manager@demo.test');
  await expect(card(manager, 'Overdue').getByText(/^\d+ bills?$/)).toBeVisible();
  await expect(card(manager, 'Overdue').getByText(/^\$[\d,]+\.\d\d$/)).toBeVisible();
  // Harper's EVG-5498 at least (the practice adds the bills it has due this week).
  const dueSoon = card(manager, 'Due in the next 7 days').getByText(/^\d+ bills?$/);
  await expect(dueSoon).toBeVisible();
  expect(Number((await dueSoon.innerText()).split(' ')[0])).toBeGreaterThanOrEqual(1);
  await expect(card(manager, 'Awaiting approval').getByText(/^\d+ bills?$/)).toBeVisible();
  await expect(
    card(manager, 'Paid this month').getByRole('link', { name: 'Open the Paid queue' }),
  ).toBeVisible();

  const byStatus = manager.getByRole('table', { name: 'Bills by status' });
  await expect(byStatus.getByRole('row', { name: /^Pre-Bill \d+ \$[\d,]+\.\d\d$/ })).toBeVisible();

  // Awaiting approval is the sum of the approval statuses listed beside it (read in one answer).
  const rows = await statusRows(byStatus);
  const awaiting = AWAITING.reduce(
    (sum, status) => {
      const row = rows.get(status);
      return { count: sum.count + (row?.count ?? 0), amount: sum.amount + (row?.amount ?? 0) };
    },
    { count: 0, amount: 0 },
  );
  // The demo's Org Approval bill and two waiting on the client, at least.
  expect(awaiting.count).toBeGreaterThanOrEqual(1);
  const awaitingCard = card(manager, 'Awaiting approval');
  await expect(
    awaitingCard.getByText(`${awaiting.count} bill${awaiting.count === 1 ? '' : 's'}`),
  ).toBeVisible();
  const dollars = (awaiting.amount / 100).toLocaleString('en-US', { minimumFractionDigits: 2 });
  await expect(awaitingCard.getByText(`$${dollars}`)).toBeVisible();

  // The Pre-Bill row opens the pre-bill inbox, with as many bills; Harper's there is the demo's draft.
  const preBill = rows.get('Pre-Bill')?.count ?? 0;
  expect(preBill).toBeGreaterThanOrEqual(1);
  await byStatus.getByRole('link', { name: 'Pre-Bill' }).click();
  await expect(manager).toHaveURL(/\/billing\/pre-bill-inbox$/);
  await expect(manager.getByRole('heading', { level: 1, name: 'Pre-Bill Inbox' })).toBeVisible();
  const inboxTab = manager
    .getByRole('tablist', { name: 'Billing queues' })
    .getByRole('tab', { name: /^Pre-Bill Inbox/ });
  await expect(inboxTab.getByLabel(`${preBill} bills`)).toBeVisible();
  await chooseClient(manager, 'Harper Household');
  const inbox = manager.getByRole('table', { name: 'Pre-Bill Inbox bills' });
  await expect(inbox.getByRole('row', { name: /PPL-LAKE-0301/ })).toBeVisible();
  await expect(inbox.getByRole('row', { name: /PPL-LAKE-0301/ }).getByText('$150.00')).toBeVisible();
  await expect(inboxTab.getByLabel('1 bills')).toBeVisible();

  await manager.goto('/manager-dashboard');
  await expect(manager).toHaveURL(/\/manager-dashboard$/);
  await card(manager, 'Paid this month').getByRole('link', { name: 'Open the Paid queue' }).click();
  await expect(manager).toHaveURL(/\/billing\/paid$/);
  await chooseClient(manager, 'Harper Household');
  await expect(
    manager.getByRole('table', { name: 'Paid bills' }).getByRole('row', { name: /PPL-2024-0117/ }),
  ).toBeVisible();
});
