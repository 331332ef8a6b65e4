import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'demo-pass-2026';

/** Every demo account, where it lands after sign-in and the heading it sees there. */
export const LANDINGS = [
  { email: 'super@demo.test', path: '/my-organizations', heading: 'Switch to Organization' },
  { email: 'manager@demo.test', path: '/manager-dashboard', heading: 'Manager Dashboard' },
  { email: 'associate@demo.test', path: '/associate-dashboard', heading: 'Associate Dashboard' },
  { email: 'client@demo.test', path: '/dashboard', heading: 'Dashboard' },
  { email: 'multi@demo.test', path: '/select-client', heading: 'Select Client' },
  { email: 'newclient@demo.test', path: '/client-onboarding/client', heading: 'Client Onboarding' },
  { email: 'terms@demo.test', path: '/terms-conditions', heading: 'Terms and Conditions' },
  { email: 'designee@demo.test', path: '/dashboard', heading: 'Dashboard' },
  { email: 'observer@demo.test', path: '/dashboard', heading: 'Dashboard' },
  { email: 'advisor@demo.test', path: '/wealth-advisor-dashboard', heading: 'Wealth Advisor Dashboard' },
  { email: 'family@demo.test', path: '/family-admin-dashboard', heading: 'Family Office Dashboard' },
  { email: 'expired@demo.test', path: '/user/reset-password-expiry', heading: 'Password Expired' },
  { email: 'other@second.test', path: '/manager-dashboard', heading: 'Manager Dashboard' },
] as const;

export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

export async function expectLanding(page: Page, path: string, heading: string) {
  await expect(page).toHaveURL(new RegExp(`${path.replaceAll('/', '\\/')}(\\?.*)?$`));
  await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
}
