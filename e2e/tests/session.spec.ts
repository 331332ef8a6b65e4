import { expect, type Page } from '@playwright/test';
import { expectLanding, signIn } from '../support/accounts.ts';
import { test } from '../support/test.ts';

/** A JWT whose `exp` is in the past: the client must refresh before using it (the signature is never checked there). */
function expiredCopyOf(token: string): string {
  const [header, payload] = token.split('.');
  const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString('utf8'));
  const expired = Buffer.from(
    JSON.stringify({ ...claims, exp: Math.floor(Date.now() / 1000) - 60 }),
  ).toString('base64url');
  return `${header}.${expired}.invalid-signature`;
}

async function storedAccess(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('access_token'));
  expect(token).toBeTruthy();
  return token as string;
}

test('an expired access token is refreshed once for all the parallel calls of a page', async ({ page }) => {
  await signIn(page, 'client@demo.test');
  await expectLanding(page, '/dashboard', 'Dashboard');
  const expired = expiredCopyOf(await storedAccess(page));
  // The expired token is put in place as the reloaded page starts, before its scripts. Written into the
  // running page, a read that page still made would refresh, and the reload could cut that refresh off
  // after the server rotated the token: the new page would present the used refresh token and be signed
  // out (another scenario than this test's; it failed so under load).
  await page.addInitScript((token) => localStorage.setItem('access_token', token), expired);

  const refreshes: string[] = [];
  const apiCalls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/v1/auth/token/refresh') refreshes.push(url.pathname);
    else if (url.pathname.startsWith('/v1/')) apiCalls.push(url.pathname);
  });
  await page.reload();
  await expectLanding(page, '/dashboard', 'Dashboard');
  expect(apiCalls.length).toBeGreaterThan(1);
  expect(refreshes).toHaveLength(1);
  expect(await storedAccess(page)).not.toBe(expired);
});

test('two tabs whose access token expired together refresh it once and both stay signed in', async ({
  page,
  context,
}) => {
  await signIn(page, 'client@demo.test');
  await expectLanding(page, '/dashboard', 'Dashboard');
  const other = await context.newPage();
  await other.goto('/dashboard');
  await expectLanding(other, '/dashboard', 'Dashboard');
  const refreshes: string[] = [];
  await context.route('**/v1/auth/token/refresh', async (route) => {
    refreshes.push(route.request().url());
    const response = await route.fetch();
    // The answer is held a moment, as on a slow network, so that the other tab moves on while the
    // refresh is under way (the server has already used up the refresh token by then).
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await route.fulfill({ response });
  });
  // The tabs share localStorage: both now hold an expired access token, and both move on at once.
  const expired = expiredCopyOf(await storedAccess(page));
  await page.evaluate((token) => localStorage.setItem('access_token', token), expired);
  await Promise.all(
    [page, other].map((tab) => tab.getByRole('link', { name: 'Financial Accounts' }).click()),
  );
  for (const tab of [page, other]) {
    await expect(tab.getByRole('heading', { level: 1, name: 'Financial Accounts' })).toBeVisible();
    // The page's data arrived: both tabs were answered with the refreshed token, neither was signed out.
    await expect(
      tab.getByRole('table', { name: 'Financial accounts' }).getByRole('row', { name: /Operating account/ }),
    ).toBeVisible();
  }
  // One tab refreshed; the other waited for it (Web Locks) and used the tokens it stored. Two refreshes
  // of the same single-use token would have had the second refused and signed both tabs out.
  expect(refreshes).toHaveLength(1);
  expect(await storedAccess(other)).not.toBe(expired);
});

test('a failed refresh clears the session and ends at /login', async ({ page }) => {
  await signIn(page, 'manager@demo.test');
  await expectLanding(page, '/manager-dashboard', 'Manager Dashboard');
  const expired = expiredCopyOf(await storedAccess(page));
  await page.evaluate((token) => {
    localStorage.setItem('access_token', token);
    localStorage.setItem('refresh_token', 'revoked-or-expired');
  }, expired);
  await page.reload();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
});

test('signing out revokes the session and returns to /login', async ({ page }) => {
  await signIn(page, 'associate@demo.test');
  await expectLanding(page, '/associate-dashboard', 'Associate Dashboard');
  const refresh = await page.evaluate(() => localStorage.getItem('refresh_token'));
  await page.getByRole('button', { name: 'Open user menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login/);
  const reuse = await page.request.post('/v1/auth/token/refresh', { data: { refresh } });
  expect(reuse.status()).toBe(401);
});
