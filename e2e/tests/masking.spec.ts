import { expect } from '@playwright/test';
import { expectLanding, signIn } from '../support/accounts.ts';
import { test } from '../support/test.ts';

test('internal staff mask as a client, see the banner, and unmask back', async ({ page }) => {
  await signIn(page, 'super@demo.test');
  await expectLanding(page, '/my-organizations', 'Switch to Organization');
  await page.getByRole('button', { name: /Demo Family Office/ }).click();
  await expectLanding(page, '/manager-dashboard', 'Manager Dashboard');

  await page.getByRole('button', { name: 'Open user menu' }).click();
  await page.getByRole('menuitem', { name: 'Mask' }).click();
  await expectLanding(page, '/non-staff-users', 'Mask to another User');
  await page.getByLabel(/search/i).fill('harper');
  const row = page.getByRole('row', { name: /client@demo\.test/ });
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: 'Mask' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Mask' }).click();

  await expectLanding(page, '/dashboard', 'Dashboard');
  await expect(page.getByText(/You are masked as Claire Harper/)).toBeVisible();
  await page.getByRole('button', { name: 'Unmask' }).first().click();
  await expect(page.getByText(/You are masked as/)).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Manager Dashboard' })).toBeVisible();
});

test('staff who are not internal staff cannot reach the mask page', async ({ page }) => {
  await signIn(page, 'manager@demo.test');
  await expectLanding(page, '/manager-dashboard', 'Manager Dashboard');
  await page.goto('/non-staff-users');
  await expect(page).not.toHaveURL(/\/non-staff-users/);
});
