import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { signIn } from '../support/accounts.ts';
import { as, booksOf, createBill, expect, unique } from '../support/bills.ts';
import { test } from '../support/test.ts';

// Sign-ins and the bill set-up are slow on a shared machine.
test.describe.configure({ timeout: 180_000 });

/**
 * Runs axe-core (WCAG 2 A and AA rules) on what the page shows now and fails on any serious or
 * critical violation, listing each with the elements it was found on.
 */
async function expectNoSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.impact} ${violation.id} (${violation.help}): ${violation.nodes
          .map((node) => node.target.join(' '))
          .join(', ')}`,
    );
  expect(serious).toEqual([]);
}

test('the sign-in page has no serious accessibility violation', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expectNoSeriousViolations(page);
});

test('a billing queue has no serious accessibility violation', async ({ browser }) => {
  const manager = await as(browser, 'manager@demo.test');
  await manager.goto('/billing/client-approval');
  await expect(manager.getByRole('table', { name: /bills$/ })).toBeVisible();
  await expect(
    manager
      .getByRole('table', { name: /bills$/ })
      .getByRole('row')
      .nth(1),
  ).toBeVisible();
  await expectNoSeriousViolations(manager);
});

test('a bill page has no serious accessibility violation, for staff and for the client', async ({
  browser,
}) => {
  const associate = await as(browser, 'associate@demo.test');
  const harper = await booksOf(associate, 'Harper Household');
  const guid = await createBill(associate, harper, {
    vendor: 'Atlas Insurance Co.',
    account: 'Home',
    amount: 12_345,
    invoice: `A11Y-${unique()}`,
  });
  await associate.context().close();

  const manager = await as(browser, 'manager@demo.test');
  await manager.goto(`/clients/${harper.clientGuid}/manager/bill/${guid}`);
  await expect(manager.getByRole('heading', { level: 1, name: 'Atlas Insurance Co. bill' })).toBeVisible();
  await expect(manager.getByRole('region', { name: 'Bill details' })).toBeVisible();
  await expectNoSeriousViolations(manager);

  // The client's bill page is drawn in the advisor's white label: its colours are checked too.
  const client = await as(browser, 'client@demo.test');
  await client.goto(`/bill/${guid}`);
  await expect(client.getByRole('heading', { level: 1, name: 'Atlas Insurance Co. bill' })).toBeVisible();
  await expect(client.getByRole('region', { name: 'Bill details' })).toBeVisible();
  await expectNoSeriousViolations(client);
});

test('the client dashboard has no serious accessibility violation', async ({ browser }) => {
  const client = await as(browser, 'client@demo.test');
  await expect(client.getByRole('table', { name: 'Properties' })).toBeVisible();
  await expect(client.getByRole('img', { name: 'Summit Wealth Advisors' })).toBeVisible();
  await expectNoSeriousViolations(client);
});

test.describe('on a 390 px wide screen', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the client dashboard does not scroll sideways', async ({ page }) => {
    await signIn(page, 'client@demo.test');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('table', { name: 'Properties' })).toBeVisible();
    const overflow = await page.evaluate(() => {
      const root = document.scrollingElement ?? document.documentElement;
      return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth };
    });
    expect(overflow.scrollWidth).toBeLessThanOrEqual(overflow.clientWidth);
  });
});

test('the pre-bill inbox and the convert page have no serious accessibility violation', async ({
  browser,
}) => {
  const manager = await as(browser, 'manager@demo.test');
  await manager.goto('/billing/pre-bill-inbox');
  // The demo's e-mail from Pacific Power & Light, its PDF's first page drawn beside the list.
  const row = manager
    .getByRole('table', { name: 'Pre-bill e-mails' })
    .getByRole('row', { name: /Your electricity bill is ready/ });
  await expect(row).toBeVisible();
  await expect(manager.getByRole('img', { name: /^First page of / })).toBeVisible();
  await expectNoSeriousViolations(manager);

  await row.getByRole('link', { name: /^Convert/ }).click();
  await expect(manager.getByRole('region', { name: 'Proposed values' })).toBeVisible();
  await expectNoSeriousViolations(manager);
});
