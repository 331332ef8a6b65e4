import { expect } from '@playwright/test';
import { expectLanding, signIn } from '../support/accounts.ts';
import { test } from '../support/test.ts';

// Issue 10 item 8: staff find "New bill" where they work, and the client page lists the client's bills.
test.describe.configure({ timeout: 60_000 });

test('a manager starts a bill from the dashboard, choosing the client with the keyboard', async ({
  page,
}) => {
  await signIn(page, 'manager@demo.test');
  await expectLanding(page, '/manager-dashboard', 'Manager Dashboard');

  await page.getByRole('button', { name: 'New bill' }).click();
  const dialog = page.getByRole('dialog', { name: 'New bill' });
  await expect(dialog.getByText('Which client is the bill for?')).toBeVisible();
  // The client field has the focus: type, pick the highlighted match with Enter, Enter again continues.
  await expect(dialog.getByRole('combobox', { name: /Client/ })).toBeFocused();
  await page.keyboard.type('Harper');
  await expect(page.getByRole('option', { name: 'Harper Household' })).toBeVisible();
  await expect(page.getByRole('option', { name: 'Brennan Family' })).toHaveCount(0);
  // Wait for the search to narrow the list: until then the first of all the clients is highlighted.
  await expect(page.getByRole('option')).toHaveCount(1);
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('combobox', { name: /Client/ })).toHaveValue('Harper Household');
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/clients\/[0-9a-f-]{36}\/new-bill$/);
  await expect(page.getByRole('heading', { level: 1, name: 'New Bill' })).toBeVisible();
  await expect(page.getByText(/A bill to pay for Harper Household/)).toBeVisible();
});

test("the client page lists the client's bills and offers New bill", async ({ page }) => {
  await signIn(page, 'manager@demo.test');
  await expectLanding(page, '/manager-dashboard', 'Manager Dashboard');
  await page.goto('/clients');
  await page.getByRole('link', { name: 'Harper Household' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Harper Household' })).toBeVisible();
  const clientPath = new URL(page.url()).pathname;

  await page.getByRole('tab', { name: 'Bills' }).click();
  await expect(page).toHaveURL(/\?tab=bills$/);
  const table = page.getByRole('table', { name: 'Bills' });
  // The demo's draft and its bills in the workflow are all listed, with their status.
  await expect(table.getByRole('row', { name: /Pre-Bill/ }).first()).toBeVisible();
  await expect(table.getByRole('row', { name: /Paid/ }).first()).toBeVisible();
  const first = table.locator('tbody tr').first().getByRole('link');
  const vendor = await first.innerText();
  await first.click();
  await expect(page).toHaveURL(new RegExp(`${clientPath}/org/bill/[0-9a-f-]{36}$`));
  await expect(page.getByText(vendor).first()).toBeVisible();

  await page.goBack();
  await expect(page).toHaveURL(/\?tab=bills$/);
  await page.getByRole('link', { name: 'New bill' }).first().click();
  await expect(page).toHaveURL(new RegExp(`${clientPath}/new-bill$`));
  await expect(page.getByRole('heading', { level: 1, name: 'New Bill' })).toBeVisible();
});
