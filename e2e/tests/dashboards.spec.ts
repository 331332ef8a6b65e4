import { type Locator, type Page, test } from '@playwright/test';
import { as, expect } from '../support/bills.ts';

test.describe.configure({ timeout: 300_000 });

/*
 * Other specs move bills while this one runs, so it checks the figures no spec changes: the demo has
 * no overdue bill and one unpaid bill due within a week (Evergreen EVG-5498, $800.00, payment
 * pending), its draft is the only Pre-Bill; every bill other specs enter is due years ahead.
 * "Awaiting approval" moves, so it is checked against the by-status rows shown beside it.
 */

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
  await expect(card(manager, 'Overdue').getByText('0 bills')).toBeVisible();
  await expect(card(manager, 'Overdue').getByText('$0.00')).toBeVisible();
  await expect(card(manager, 'Due in the next 7 days').getByText('1 bill', { exact: true })).toBeVisible();
  await expect(card(manager, 'Due in the next 7 days').getByText('$800.00')).toBeVisible();
  await expect(card(manager, 'Awaiting approval').getByText(/^\d+ bills?$/)).toBeVisible();
  await expect(
    card(manager, 'Paid this month').getByRole('link', { name: 'Open the Paid queue' }),
  ).toBeVisible();

  const byStatus = manager.getByRole('table', { name: 'Bills by status' });
  await expect(byStatus.getByRole('row', { name: /^Pre-Bill 1 \$150\.00$/ })).toBeVisible();

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

  // The Pre-Bill row opens the pre-bill inbox, which lists the demo's draft.
  await byStatus.getByRole('link', { name: 'Pre-Bill' }).click();
  await expect(manager).toHaveURL(/\/billing\/pre-bill-inbox$/);
  await expect(manager.getByRole('heading', { level: 1, name: 'Pre-Bill Inbox' })).toBeVisible();
  const inbox = manager.getByRole('table', { name: 'Pre-Bill Inbox bills' });
  await expect(inbox.getByRole('row', { name: /PPL-LAKE-0301/ })).toBeVisible();
  await expect(inbox.getByRole('row', { name: /PPL-LAKE-0301/ }).getByText('$150.00')).toBeVisible();
  await expect(
    manager
      .getByRole('tablist', { name: 'Billing queues' })
      .getByRole('tab', { name: /^Pre-Bill Inbox/ })
      .getByLabel('1 bills'),
  ).toBeVisible();

  await manager.goBack();
  await expect(manager).toHaveURL(/\/manager-dashboard$/);
  await card(manager, 'Paid this month').getByRole('link', { name: 'Open the Paid queue' }).click();
  await expect(manager).toHaveURL(/\/billing\/paid$/);
  await expect(
    manager.getByRole('table', { name: 'Paid bills' }).getByRole('row', { name: /PPL-2024-0117/ }),
  ).toBeVisible();
});
