import { expect } from '@playwright/test';
import { expectLanding, LANDINGS, signIn } from '../support/accounts.ts';
import { test } from '../support/test.ts';

test.describe('sign-in lands every demo account on its home', () => {
  for (const account of LANDINGS) {
    test(`${account.email} → ${account.path}`, async ({ page }) => {
      await signIn(page, account.email);
      await expectLanding(page, account.path, account.heading);
    });
  }
});

test('a wrong password shows the reason and stays on the sign-in page', async ({ page }) => {
  await signIn(page, 'manager@demo.test', 'not-the-password');
  await expect(page.getByText('No active account found with the given credentials.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('an unknown path goes to /login', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
});

test('a signed-out visit to a private page returns there after sign-in', async ({ page }) => {
  await page.goto('/support');
  await expect(page).toHaveURL(/\/login/);
  await page.getByLabel('E-mail').fill('manager@demo.test');
  await page.getByLabel('Password', { exact: true }).fill('demo-pass-2026');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expectLanding(page, '/support', 'Support');
});

test('a signed-in user is sent away from the public pages', async ({ page }) => {
  await signIn(page, 'manager@demo.test');
  await expectLanding(page, '/manager-dashboard', 'Manager Dashboard');
  await page.goto('/login');
  await expectLanding(page, '/manager-dashboard', 'Manager Dashboard');
  await page.goto('/forgot-password');
  await expectLanding(page, '/manager-dashboard', 'Manager Dashboard');
});
