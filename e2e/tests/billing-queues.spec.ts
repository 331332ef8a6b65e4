import type { Locator, Page } from '@playwright/test';
import { as, booksOf, createBill, expect, unique } from '../support/bills.ts';
import { test } from '../support/test.ts';

// The queues page reads lists and counts from the real server; bulk runs call it once per chunk.
test.describe.configure({ timeout: 300_000 });

const queueTab = (page: Page, label: string) =>
  page.getByRole('tablist', { name: 'Billing queues' }).getByRole('tab', { name: new RegExp(`^${label}`) });

/** The count chip of a queue tab ("3 bills"). */
async function expectCount(page: Page, label: string, count: number) {
  await expect(queueTab(page, label).getByLabel(/^\d+ bills$/)).toHaveAccessibleName(`${count} bills`);
}

async function chooseClient(page: Page, name: string) {
  await page.getByRole('combobox', { name: 'Client' }).click();
  await page.getByRole('option', { name, exact: true }).click();
}

/** Dollar amounts of the table's Amount column, top to bottom, in cents. */
async function amountsOf(table: Locator): Promise<number[]> {
  const headers = await table.getByRole('columnheader').allInnerTexts();
  const column = headers.findIndex((text) => text.trim().startsWith('Amount'));
  expect(column).toBeGreaterThanOrEqual(0);
  const texts = await table.locator(`tbody tr td:nth-child(${column + 1})`).allInnerTexts();
  return texts.map((text) => Math.round(Number(text.replace(/[$,]/g, '')) * 100));
}

// Harper's queues move while other specs run (bills.spec enters and approves Harper bills, client-bills
// approves one): this test enters two Harper bills of its own, a cheapest and a dearest, due years ahead.
test('the manager filters the queues by client and orders a queue by amount', async ({ browser }) => {
  const id = unique().toUpperCase();
  const associate = await as(browser, 'associate@demo.test');
  const harper = await booksOf(associate, 'Harper Household');
  for (const [n, amount] of [
    ['LOW', 9_900],
    ['HIGH', 500_000],
  ] as const) {
    await createBill(associate, harper, {
      vendor: 'Atlas Insurance Co.',
      account: 'Home',
      amount,
      invoice: `O-${id}-${n}`,
    });
  }
  await associate.context().close();

  const manager = await as(browser, 'manager@demo.test');
  await manager.goto('/billing');
  await expect(manager).toHaveURL(/\/billing\/pre-bill-inbox$/);
  await expect(manager.getByRole('heading', { level: 1, name: 'Pre-Bill Inbox' })).toBeVisible();
  for (const label of [
    'Pre-Bill Inbox',
    'Client Approval',
    'Verbal Approval',
    'Payment Pending',
    'Org Approval',
    'POA Approval',
    'Paid',
    'Rejected',
  ]) {
    await expect(queueTab(manager, label).getByLabel(/^\d+ bills$/)).toBeVisible();
  }
  await chooseClient(manager, 'Harper Household');
  await expect(manager).toHaveURL(/\/billing\/pre-bill-inbox\?client=[0-9a-f-]{36}$/);
  // The demo's draft waits in the pre-bill inbox (among the practice's, one page of many without the filter).
  await expect(
    manager.getByRole('table', { name: 'Pre-Bill Inbox bills' }).getByRole('row', { name: /PPL-LAKE-0301/ }),
  ).toBeVisible();
  const client = new URL(manager.url()).searchParams.get('client');
  // With the client chosen, New bill goes straight to its bill form.
  await expect(manager.getByRole('link', { name: 'New bill' })).toHaveAttribute(
    'href',
    `/clients/${client}/new-bill`,
  );

  // Another queue keeps the filter, and so does a reload; the rows are Harper's only.
  await queueTab(manager, 'Org Approval').click();
  await expect(manager).toHaveURL(new RegExp(`/billing/org-approval\\?client=${client}$`));
  await manager.reload();
  await expect(manager.getByRole('heading', { level: 1, name: 'Org Approval' })).toBeVisible();
  await expect(manager.getByRole('combobox', { name: 'Client' })).toHaveText('Harper Household');
  const table = manager.getByRole('table', { name: 'Org Approval bills' });
  await expect(table.getByRole('row', { name: new RegExp(`O-${id}-LOW`) })).toBeVisible();
  await expect(table.getByRole('row', { name: /ATL-HO-88213/ })).toBeVisible();
  expect(new Set(await table.locator('tbody tr td:nth-child(2)').allInnerTexts())).toEqual(
    new Set(['Harper Household']),
  );

  // Order by amount: ascending, then descending; the url says so.
  await table.getByRole('button', { name: 'Amount' }).click();
  await expect(manager).toHaveURL(new RegExp(`client=${client}.*ordering=amount$`));
  await expect(table.getByRole('columnheader', { name: 'Amount' })).toHaveAttribute('aria-sort', 'ascending');
  await expect(table.locator('tbody tr').first()).toContainText(`O-${id}-LOW`);
  await expect
    .poll(async () => {
      const amounts = await amountsOf(table);
      return amounts.length > 1 && amounts.every((a, i) => i === 0 || (amounts[i - 1] ?? 0) <= a);
    })
    .toBe(true);
  await table.getByRole('button', { name: 'Amount' }).click();
  await expect(manager).toHaveURL(/ordering=-amount$/);
  await expect(table.getByRole('columnheader', { name: 'Amount' })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  await expect(table.locator('tbody tr').first()).toContainText(`O-${id}-HIGH`);
  await expect
    .poll(async () => {
      const amounts = await amountsOf(table);
      return amounts.length > 1 && amounts.every((a, i) => i === 0 || (amounts[i - 1] ?? 0) >= a);
    })
    .toBe(true);

  // Back to every client.
  await manager.getByRole('combobox', { name: 'Client' }).click();
  await manager.getByRole('option', { name: 'All clients' }).click();
  await expect(manager).toHaveURL(/\/billing\/org-approval\?ordering=-amount$/);
  // Without a client, New bill asks for one instead.
  await expect(manager.getByRole('link', { name: 'New bill' })).toHaveCount(0);
  await expect(manager.getByRole('button', { name: 'New bill' })).toBeVisible();
});

// Delacroix Estate has no bills in the demo and no other spec enters any: its counts are this test's own.
test('the manager bulk-approves two bills in Org Approval and they move on', async ({ browser }) => {
  const id = unique().toUpperCase();
  const associate = await as(browser, 'associate@demo.test');
  const books = await booksOf(associate, 'Delacroix Estate');
  for (const [n, amount] of [
    [1, 33_300],
    [2, 44_400],
    [3, 55_500],
  ] as const) {
    await createBill(associate, books, {
      vendor: 'Atlas Insurance Co.',
      account: 'Home',
      amount,
      invoice: `Q-${id}-${n}`,
    });
  }
  await associate.context().close();

  const manager = await as(browser, 'manager@demo.test');
  await manager.goto(`/billing/org-approval?client=${books.clientGuid}`);
  await expect(manager.getByRole('combobox', { name: 'Client' })).toHaveText('Delacroix Estate');
  await expectCount(manager, 'Org Approval', 3);
  await expectCount(manager, 'Client Approval', 0);
  const table = manager.getByRole('table', { name: 'Org Approval bills' });
  await expect(table.getByRole('row').filter({ hasText: `Q-${id}-` })).toHaveCount(3);

  await table
    .getByRole('checkbox', { name: `Select the bill of Atlas Insurance Co., invoice Q-${id}-1` })
    .check();
  await table
    .getByRole('checkbox', { name: `Select the bill of Atlas Insurance Co., invoice Q-${id}-3` })
    .check();
  const bulk = manager.getByRole('toolbar', { name: 'Bulk actions' }).or(manager.getByLabel('Bulk actions'));
  await expect(bulk.getByText('2 selected')).toBeVisible();
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await manager.route('**/bulk-approve-reject', async (route) => {
    await held;
    await route.continue();
  });
  await bulk.getByRole('button', { name: 'Approve' }).click();
  const confirm = manager.getByRole('dialog', { name: 'Approve 2 bills?' });
  await confirm.getByRole('button', { name: 'Approve 2 bills' }).click();

  // The run shows its progress (the bulk call is held until the progress was seen), then what it did.
  const progress = manager.getByRole('dialog', { name: 'Approving bills' });
  await expect(progress.getByRole('status')).toHaveText('Approving 0 of 2…');
  await expect(progress.getByRole('progressbar')).toBeVisible();
  release();
  const summary = manager.getByRole('dialog', { name: 'Approval finished' });
  await expect(summary).toBeVisible();
  await expect(progress).toBeHidden();
  await expect(summary.getByText('2 of 2 bills approved.')).toBeVisible();
  await expect(manager.getByText('2 bills approved.', { exact: true })).toBeVisible();
  await summary.getByRole('button', { name: 'Close' }).click();
  await expect(summary).toBeHidden();

  await expectCount(manager, 'Org Approval', 1);
  await expectCount(manager, 'Client Approval', 2);
  await expect(table.getByRole('row').filter({ hasText: `Q-${id}-` })).toHaveCount(1);
  await expect(table.getByRole('row', { name: new RegExp(`Q-${id}-2`) })).toBeVisible();
  await expect(manager.getByText(/\d+ selected/)).toHaveCount(0);

  await queueTab(manager, 'Client Approval').click();
  const next = manager.getByRole('table', { name: 'Client Approval bills' });
  await expect(next.getByRole('row').filter({ hasText: `Q-${id}-` })).toHaveCount(2);
  await expect(next.getByRole('row', { name: new RegExp(`Q-${id}-1`) })).toBeVisible();
  await expect(next.getByRole('row', { name: new RegExp(`Q-${id}-3`) })).toBeVisible();
});
