import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import type { Download, Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { as, bearer, booksOf, expect } from '../support/bills.ts';
import { test } from '../support/test.ts';

// Lindqvist Trust's Holdings LLC books are this spec's alone (no seed or other spec keeps books).
test.describe.configure({ timeout: 180_000 });

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: new RegExp(`^${label}`) }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function sheetOf(download: Download) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await readFile((await download.path()) ?? '')) as unknown as ArrayBuffer);
  const sheet = book.worksheets[0];
  const rows: unknown[][] = [];
  sheet?.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1));
  });
  return rows;
}

test('staff create accounts, post a balanced entry, and read and export the trial balance and balance sheet', async ({
  browser,
}) => {
  const manager = await as(browser, 'manager@demo.test');
  const books = await booksOf(manager, 'Lindqvist Trust');
  const entities = await manager.request.get(
    `/v1/accounts/clients/${books.clientGuid}/entities?page=1&page_size=100`,
    { headers: await bearer(manager) },
  );
  const entity = ((await entities.json()).results as { guid: string; nickname: string }[]).find(
    (e) => e.guid === books.entityGuid,
  );

  await manager.goto(`/clients/${books.clientGuid}?tab=books`);
  await choose(manager, 'Entity', entity?.nickname ?? '');

  // Accounts from the catalogue.
  const addAccount = async (number: string, name: string, subtype: string, detail?: string) => {
    await manager.getByRole('button', { name: 'New account' }).click();
    const dialog = manager.getByRole('dialog', { name: 'New account' });
    await dialog.getByLabel('Number').fill(number);
    await dialog.getByLabel('Name').fill(name);
    await choose(manager, 'Subtype', subtype);
    if (detail) await choose(manager, 'Detailed type', detail);
    await dialog.getByRole('button', { name: 'Create account' }).click();
    await expect(dialog).toBeHidden();
    await expect(manager.getByRole('row', { name: new RegExp(`${number} ${name}`) })).toBeVisible();
  };
  await addAccount('1000', 'Operating Cash', 'Bank (Assets)', 'Checking');
  await addAccount('3000', 'Owner Capital', 'Equity (Equity)');

  // A journal entry: refused while unbalanced, posted once it balances.
  await manager.getByRole('tab', { name: 'Journal' }).click();
  await manager.getByRole('button', { name: 'New entry' }).click();
  const dialog = manager.getByRole('dialog', { name: 'New journal entry' });
  await dialog.getByLabel('Date').fill('2026-01-15');
  await dialog.getByLabel('Memo').fill('Opening capital');
  await choose(manager, 'Line 1 account', '1000 Operating Cash');
  await dialog.getByLabel('Line 1 debit').fill('1500.00');
  await choose(manager, 'Line 2 account', '3000 Owner Capital');
  await dialog.getByLabel('Line 2 credit').fill('1400');
  await dialog.getByRole('button', { name: 'Post entry' }).click();
  await expect(dialog.getByText('Debits must equal credits.').first()).toBeVisible();
  await dialog.getByLabel('Line 2 credit').fill('1500');
  await dialog.getByRole('button', { name: 'Post entry' }).click();
  await expect(dialog).toBeHidden();
  const row = manager.getByRole('row', { name: /Opening capital/ });
  await expect(row).toContainText('$1,500.00');
  await expect(row).toContainText('Posted');

  // Reports as of the year's end: balanced, exported, and the files carry the same totals.
  await manager.getByRole('tab', { name: 'Reports' }).click();
  await manager.getByLabel('As of').fill('2026-12-31');
  const trial = manager.getByRole('table', { name: 'Trial balance' });
  await expect(trial.getByRole('row', { name: /Total/ })).toHaveText(/Total\s*\$1,500\.00\s*\$1,500\.00/);
  const sheet = manager.getByRole('table', { name: 'Balance sheet' });
  await expect(sheet.getByRole('row', { name: /^Total Assets/ })).toContainText('$1,500.00');
  await expect(sheet.getByRole('row', { name: /Total Liabilities and Equity/ })).toContainText('$1,500.00');

  const results = await new AxeBuilder({ page: manager }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(
    results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);

  const [trialFile] = await Promise.all([
    manager.waitForEvent('download'),
    manager.getByRole('button', { name: 'Export trial balance' }).click(),
  ]);
  const trialRows = await sheetOf(trialFile);
  expect(trialRows.at(-1)).toEqual(['', 'Total', 1500, 1500]);
  expect(trialRows.slice(1, -1)).toEqual([
    ['1000', 'Operating Cash', 1500, ''],
    ['3000', 'Owner Capital', '', 1500],
  ]);

  const [sheetFile] = await Promise.all([
    manager.waitForEvent('download'),
    manager.getByRole('button', { name: 'Export balance sheet' }).click(),
  ]);
  const sheetRows = await sheetOf(sheetFile);
  const amountOf = (label: string) => sheetRows.find((r) => r[1] === label)?.[2];
  expect(amountOf('Total Assets')).toBe(1500);
  expect(amountOf('Total Liabilities and Equity')).toBe(1500);
  await manager.context().close();
});
