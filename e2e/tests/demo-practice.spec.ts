import type { Page } from '@playwright/test';
import { as, expect } from '../support/bills.ts';
import { test } from '../support/test.ts';

test.describe.configure({ timeout: 300_000 });

/*
 * The demo practice (issue 10 item 14) as a new user meets it: Demo Family Office's queues hold more
 * bills than one page, a practice client's paid bills go back a year, and search finds its vendors.
 * Other specs enter and move bills while this one runs, so it checks sizes and spans, never exact counts.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

const queueTab = (page: Page, label: string) =>
  page.getByRole('tablist', { name: 'Billing queues' }).getByRole('tab', { name: new RegExp(`^${label}`) });

/** The number on a queue tab's count chip ("17 bills"). */
async function countOf(page: Page, label: string): Promise<number> {
  const chip = queueTab(page, label).getByLabel(/^\d+ bills$/);
  await expect(chip).toBeVisible();
  return Number(((await chip.getAttribute('aria-label')) ?? '0').split(' ')[0]);
}

/** MM/DD/YYYY as the tables show dates, to a UTC day. */
const dayOf = (text: string) => {
  const [month, day, year] = text.trim().split('/').map(Number);
  return Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 1);
};

test('the manager pages through a busy queue', async ({ browser }) => {
  const manager = await as(browser, 'manager@demo.test');
  await manager.goto('/billing/org-approval');
  await expect(manager.getByRole('heading', { level: 1, name: 'Org Approval' })).toBeVisible();
  for (const label of ['Pre-Bill Inbox', 'Client Approval', 'Payment Pending', 'Org Approval', 'Paid']) {
    expect(await countOf(manager, label), label).toBeGreaterThan(10);
  }
  for (const label of ['Verbal Approval', 'POA Approval', 'Rejected']) {
    expect(await countOf(manager, label), label).toBeGreaterThan(0);
  }

  const table = manager.getByRole('table', { name: 'Org Approval bills' });
  await expect(table.locator('tbody tr')).toHaveCount(10);
  await expect(manager.getByText(/^1–10 of \d+$/)).toBeVisible();
  const firstPage = await table.locator('tbody tr').allInnerTexts();
  // Bills of several clients share the queue.
  const clientsOnPage = new Set(await table.locator('tbody tr td:nth-child(2)').allInnerTexts());
  expect(clientsOnPage.size).toBeGreaterThan(1);
  const headers = await table.getByRole('columnheader').allInnerTexts();
  const dueCells = table.locator(
    `tbody tr td:nth-child(${headers.findIndex((h) => h.trim().startsWith('Due Date')) + 1})`,
  );
  const lastDueOfFirstPage = dayOf(await dueCells.last().innerText());

  await manager.getByRole('button', { name: 'Go to next page' }).click();
  // The next page follows the cursor of page 1's last row (decision 021), kept in the url.
  await expect(manager).toHaveURL(/\/billing\/org-approval\?page=2&cursor=[\w-]+$/);
  await expect(manager.getByText(/^11–\d+ of \d+$/)).toBeVisible();
  // Waits for the second page's rows: compared as innerText, as firstPage was read (toHaveText compares
  // textContent, which lacks the cells' tabs, so it never matched and did not wait).
  await expect.poll(async () => (await table.locator('tbody tr').allInnerTexts())[0]).not.toBe(firstPage[0]);
  const secondPage = await table.locator('tbody tr').allInnerTexts();
  expect(secondPage.length).toBeGreaterThan(0);
  // Page 2 begins exactly after page 1's last row, however many bills other specs put into the queue
  // meanwhile (the queue is oldest due first): no row of page 1 again, none due before page 1's last.
  expect(secondPage.filter((row) => firstPage.includes(row))).toEqual([]);
  expect(dayOf(await dueCells.first().innerText())).toBeGreaterThanOrEqual(lastDueOfFirstPage);

  // Back to page 1: the list's start again, without a cursor.
  await manager.getByRole('button', { name: 'Go to previous page' }).click();
  await expect(manager).toHaveURL(/\/billing\/org-approval$/);
  await expect(manager.getByText(/^1–10 of \d+$/)).toBeVisible();
});

test("a practice client's paid bills go back a year, and the dashboard charts a month of payments", async ({
  browser,
}) => {
  const manager = await as(browser, 'manager@demo.test');
  const paidByDate = manager.getByRole('table', { name: 'Paid by date' });
  await expect(paidByDate.locator('tbody tr').first()).toBeVisible();
  // Payments on many days of the last 30, not one.
  expect(await paidByDate.locator('tbody tr').count()).toBeGreaterThanOrEqual(8);

  await manager.goto('/billing/paid');
  await manager.getByRole('combobox', { name: 'Client' }).click();
  await manager.getByRole('option', { name: 'Whitfield Family', exact: true }).click();
  await expect(manager).toHaveURL(/\/billing\/paid\?client=[0-9a-f-]{36}$/);
  const table = manager.getByRole('table', { name: 'Paid bills' });
  await expect(table.getByRole('columnheader', { name: /^Due Date/ })).toBeVisible();
  const headers = await table.getByRole('columnheader').allInnerTexts();
  const column = (name: string) => headers.findIndex((text) => text.trim().startsWith(name)) + 1;
  // The filter applies: only Whitfield's bills, a year's worth of them (the whole practice has hundreds).
  await expect
    .poll(
      async () => new Set(await table.locator(`tbody tr td:nth-child(${column('Client')})`).allInnerTexts()),
    )
    .toEqual(new Set(['Whitfield Family']));
  await expect(table.locator('tbody tr')).toHaveCount(10);
  await expect.poll(() => countOf(manager, 'Paid')).toBeLessThan(200);
  expect(await countOf(manager, 'Paid')).toBeGreaterThanOrEqual(50);
  // Oldest due first: the first bill was due about a year ago.
  const due = column('Due Date');
  const oldest = dayOf(await table.locator(`tbody tr td:nth-child(${due})`).first().innerText());
  const ageInDays = (Date.now() - oldest) / DAY_MS;
  expect(ageInDays).toBeGreaterThan(330);
  expect(ageInDays).toBeLessThan(370);
  // Newest due first: a bill paid within the last weeks.
  await table.getByRole('button', { name: 'Due Date' }).click();
  await expect(manager).toHaveURL(/ordering=-due_date$/);
  await expect
    .poll(async () => {
      const newest = dayOf(await table.locator(`tbody tr td:nth-child(${due})`).first().innerText());
      return (Date.now() - newest) / DAY_MS;
    })
    .toBeLessThan(35);
});

test('advanced search finds a practice vendor across clients', async ({ browser }) => {
  const manager = await as(browser, 'manager@demo.test');
  await manager.goto('/advanced-search');
  await expect(manager.getByRole('heading', { level: 1, name: 'Advanced Search' })).toBeVisible();
  const filters = manager.getByRole('form', { name: 'Search filters' });
  await filters.getByRole('textbox', { name: 'Vendor' }).fill('lakeside country');
  await filters.getByRole('button', { name: 'Search' }).click();
  await expect(manager).toHaveURL(/\/advanced-search\?vendor=lakeside(\+|%20)country$/);
  const found = manager.getByRole('status').filter({ hasText: /found$/ });
  await expect(found).toHaveText(/^\d+ bills found$/);
  expect(Number((await found.innerText()).split(' ')[0])).toBeGreaterThanOrEqual(4);
  const results = manager.getByRole('table', { name: 'Search results' });
  await expect(results.getByRole('row', { name: /Lakeside Country Club/ }).first()).toBeVisible();
  await expect(results.getByRole('row', { name: /Whitfield Family/ }).first()).toBeVisible();
  await expect(results.getByRole('row', { name: /Abernathy Family Foundation/ }).first()).toBeVisible();
  await expect(results.locator('tbody tr').filter({ hasNotText: 'Lakeside Country Club' })).toHaveCount(0);
});
