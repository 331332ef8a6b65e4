import { devices, expect, test } from '@playwright/test';

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
