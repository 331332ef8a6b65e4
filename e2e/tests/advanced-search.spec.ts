import { readFile } from 'node:fs/promises';
import { as, expect } from '../support/bills.ts';
import { test } from '../support/test.ts';

test.describe.configure({ timeout: 300_000 });

// The demo's two Evergreen Landscaping bills for Harper: EVG-5521 ($1,450.00) and EVG-5498 ($800.00).
// Other specs move EVG-5521 along the workflow, so the search here filters on nothing that changes.

test('staff search by vendor and amount range, keep the filters in the url and export the matches', async ({
  browser,
}) => {
  const manager = await as(browser, 'manager@demo.test');
  await manager.goto('/advanced-search');
  await expect(manager.getByRole('heading', { level: 1, name: 'Advanced Search' })).toBeVisible();
  const found = manager.getByRole('status').filter({ hasText: /found$/ });
  await expect(found).toHaveText(/^\d+ bills found$/);
  const everything = Number((await found.innerText()).split(' ')[0]);
  expect(everything).toBeGreaterThanOrEqual(6);
  const results = manager.getByRole('table', { name: 'Search results' });

  const filters = manager.getByRole('form', { name: 'Search filters' });
  await filters.getByRole('textbox', { name: 'Vendor' }).fill('evergreen');
  await filters.getByRole('button', { name: 'Search' }).click();
  await expect(manager).toHaveURL(/\/advanced-search\?vendor=evergreen$/);
  await expect(found).toHaveText('2 bills found');
  await expect(results.getByRole('row', { name: /EVG-5521/ })).toBeVisible();
  await expect(results.getByRole('row', { name: /EVG-5498/ })).toBeVisible();
  await expect(results.getByRole('row', { name: /Pacific Power|Atlas Insurance/ })).toHaveCount(0);

  await filters.getByRole('textbox', { name: 'Amount from' }).fill('1000');
  await filters.getByRole('textbox', { name: 'Amount to' }).fill('2,000.00');
  await filters.getByRole('button', { name: 'Search' }).click();
  await expect(manager).toHaveURL(/\/advanced-search\?vendor=evergreen&amount_min=100000&amount_max=200000$/);
  await expect(found).toHaveText('1 bill found');
  await expect(results.getByRole('row', { name: /EVG-5521/ })).toBeVisible();
  await expect(results.getByRole('row', { name: /EVG-5498/ })).toHaveCount(0);

  // A reload (or a shared link) shows the same search.
  await manager.reload();
  await expect(found).toHaveText('1 bill found');
  await expect(filters.getByRole('textbox', { name: 'Vendor' })).toHaveValue('evergreen');
  await expect(filters.getByRole('textbox', { name: 'Amount from' })).toHaveValue(/^1,?000(\.00)?$/);
  await expect(filters.getByRole('textbox', { name: 'Amount to' })).toHaveValue(/^2,?000(\.00)?$/);
  await expect(results.getByRole('row', { name: /EVG-5521/ })).toBeVisible();

  const downloading = manager.waitForEvent('download');
  await manager.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^bills-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile(await download.path(), 'utf8');
  const lines = csv
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '');
  expect(lines[0]).toContain('Vendor');
  expect(lines[0]).toContain('Invoice Number');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain('Harper Household');
  expect(lines[1]).toContain('Evergreen Landscaping');
  expect(lines[1]).toContain('EVG-5521');
  expect(lines[1]).toMatch(/1,?450(\.00)?/);
  expect(csv).not.toContain('EVG-5498');
  await expect(manager.getByText('Export downloaded.')).toBeVisible();

  // Clearing the filters shows every bill again.
  await filters.getByRole('button', { name: /^Clear/ }).click();
  await expect(manager).toHaveURL(/\/advanced-search$/);
  await expect(found).toHaveText(/^\d+ bills found$/);
  expect(Number((await found.innerText()).split(' ')[0])).toBeGreaterThanOrEqual(everything);
});
