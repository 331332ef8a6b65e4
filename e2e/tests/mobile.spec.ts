import { devices, expect } from '@playwright/test';
import { test } from '../support/test.ts';

test.use({ userAgent: devices['iPhone 13'].userAgent, viewport: { width: 390, height: 844 } });

test('a mobile browser is sent to the download page', async ({ page }) => {
  await page.goto('/login');
  await expect(page).toHaveURL(/\/download-app$/);
  await expect(page.getByRole('link', { name: /App Store/i })).toBeVisible();
  await expect(page.getByRole('link', { name: /Google Play/i })).toBeVisible();
  await expect(page.getByRole('link', { name: /support/i }).first()).toHaveAttribute('href', /^mailto:/);
});

test('create-account and reset-password stay reachable on a phone', async ({ page }) => {
  await page.goto('/create-account?token=abc');
  await expect(page).toHaveURL(/\/create-account/);
  await page.goto('/reset-password?token=abc');
  await expect(page).toHaveURL(/\/reset-password/);
});

test('a bill link opened on a phone offers to open that bill in the app', async ({ page }) => {
  const bill = '0f8fad5b-d9cb-469f-a165-70867728950e';
  await page.goto(`/bill/${bill}`);
  await expect(page).toHaveURL(new RegExp(`/download-app\\?bill=${bill}$`));
  await expect(page.getByRole('link', { name: 'Open this bill in the app' })).toHaveAttribute(
    'href',
    `billpay://bills/${bill}`,
  );
  // The store listings come from the server's configuration (APP_STORE_URL, PLAY_STORE_URL).
  await expect(page.getByRole('link', { name: /App Store/i })).toHaveAttribute(
    'href',
    /^https:\/\/apps\.apple\.com\//,
  );
});
