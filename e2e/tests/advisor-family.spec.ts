import { expect, type Page, type Response } from '@playwright/test';
import { expectLanding, signIn } from '../support/accounts.ts';
import { test } from '../support/test.ts';

test.describe.configure({ timeout: 180_000 });
const slow = expect.configure({ timeout: 60_000 });

/*
 * The advisor's and the family office's dashboards (issue 15, decision 029). Other specs move Harper's and
 * Lindqvist's bills while this one runs, so each row's figures are checked against the portfolio answer the
 * page itself received (the API test checks how those figures are computed); what no spec changes is
 * checked against the seed: who is linked to whom, and whose onboarding is completed.
 */

interface PortfolioRow {
  guid: string;
  name: string;
  is_onboarding_completed: boolean;
  bills_waiting: { count: number; amount: number };
  approvals_overdue: { count: number; amount: number };
  cash_outflow_next_3_months: number;
  reports_count: number;
}

const money = (cents: number) =>
  `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** The base theme's primary (#2B388D) and Summit Wealth Advisors' white-label primary (#0F766E). */
const BASE_PRIMARY = 'rgb(43, 56, 141)';
const SUMMIT_PRIMARY = 'rgb(15, 118, 110)';
const headerColour = (page: Page) =>
  page.getByRole('banner').evaluate((el) => getComputedStyle(el).backgroundColor);

async function signInAndReadPortfolio(page: Page, email: string, api: string) {
  const answer: Promise<Response> = page.waitForResponse(
    (r) => r.url().endsWith(api) && r.request().method() === 'GET',
    { timeout: 60_000 },
  );
  await signIn(page, email);
  const response = await answer;
  expect(response.status()).toBe(200);
  return ((await response.json()) as { results: PortfolioRow[] }).results;
}

async function expectRow(page: Page, table: string, row: PortfolioRow) {
  const cells = page.getByRole('table', { name: table }).getByRole('row', { name: new RegExp(row.name) });
  await slow(cells.getByRole('rowheader')).toHaveText(row.name);
  await expect(cells.getByRole('cell').nth(1)).toHaveText(
    row.is_onboarding_completed ? 'Completed' : 'Not completed',
  );
  await expect(cells.getByRole('cell').nth(2)).toHaveText(
    `${row.bills_waiting.count} · ${money(row.bills_waiting.amount)}`,
  );
  await expect(cells.getByRole('cell').nth(4)).toHaveText(money(row.cash_outflow_next_3_months));
  await expect(cells.getByRole('cell').nth(5)).toHaveText(String(row.reports_count));
}

test('an advisor sees the families it advises, opens one in its white label, and stays in its areas', async ({
  page,
}) => {
  const rows = await signInAndReadPortfolio(page, 'advisor@demo.test', '/v1/accounts/advisor/clients');
  await expectLanding(page, '/wealth-advisor-dashboard', 'Wealth Advisor Dashboard');
  // The seed links the advisor to Harper Household (onboarded) and Okafor Family (not onboarded).
  expect(rows.map((r) => [r.name, r.is_onboarding_completed])).toEqual([
    ['Harper Household', true],
    ['Okafor Family', false],
  ]);
  for (const row of rows) await expectRow(page, 'Families you advise', row);
  const [harper] = rows;
  if (!harper) throw new Error('no Harper Household');
  expect(harper.reports_count).toBeGreaterThanOrEqual(1); // the seed's check register
  await expect(page.getByRole('list', { name: 'Families needing attention' })).toContainText(
    'Okafor FamilyOnboarding not completed',
  );
  await expect(page.getByTestId('total-Families')).toHaveText('2');
  await expect(page.getByTestId('total-Bills waiting')).toHaveText(
    `${rows.reduce((n, r) => n + r.bills_waiting.count, 0)} · ${money(rows.reduce((n, r) => n + r.bills_waiting.amount, 0))}`,
  );

  // Into Harper's dashboard: the client's white label, and no Approve for an advisor.
  await page.getByRole('button', { name: 'Open Harper Household', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/client-dashboard/${harper.guid}$`));
  await slow(page.getByRole('heading', { level: 1, name: 'Harper Household' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Waiting for approval' })).toBeVisible();
  await slow(page.getByTestId('outflow-total')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Approve/ })).toHaveCount(0);
  await expect.poll(() => headerColour(page)).toBe(SUMMIT_PRIMARY);

  // Back on the advisor dashboard the white label is gone, though Harper stays the selected client.
  await page.goto('/wealth-advisor-dashboard');
  await slow(page.getByRole('heading', { level: 1, name: 'Wealth Advisor Dashboard' })).toBeVisible();
  await expect.poll(() => headerColour(page)).toBe(BASE_PRIMARY);

  // Outside SPEC §6's areas the router sends the advisor home.
  await page.goto('/advanced-search');
  await expectLanding(page, '/wealth-advisor-dashboard', 'Wealth Advisor Dashboard');
});

test('a family office sees the family it serves and opens its dashboard', async ({ page }) => {
  const rows = await signInAndReadPortfolio(page, 'family@demo.test', '/v1/accounts/foa/clients');
  await expectLanding(page, '/family-admin-dashboard', 'Family Office Dashboard');
  expect(rows.map((r) => [r.name, r.is_onboarding_completed])).toEqual([['Lindqvist Trust', true]]);
  const [lindqvist] = rows;
  if (!lindqvist) throw new Error('no Lindqvist Trust');
  await expectRow(page, 'Families you serve', lindqvist);
  await page.getByRole('button', { name: 'Open Lindqvist Trust', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/client-dashboard/${lindqvist.guid}$`));
  await slow(page.getByRole('heading', { level: 1, name: 'Lindqvist Trust' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Recent payments' })).toBeVisible();
  // Lindqvist Trust has no referrer: the base theme.
  await expect.poll(() => headerColour(page)).toBe(BASE_PRIMARY);
});

test("staff record an account's balance on the client dashboard and the client reads it, entered by hand", async ({
  browser,
}) => {
  const manager = await (await browser.newContext()).newPage();
  await signIn(manager, 'manager@demo.test');
  await expectLanding(manager, '/manager-dashboard', 'Manager Dashboard');
  await manager.goto('/clients');
  await manager.getByRole('link', { name: 'Harper Household' }).first().click();
  await manager.getByRole('link', { name: 'Client dashboard' }).click();
  await slow(manager.getByRole('heading', { level: 1, name: 'Harper Household' })).toBeVisible();
  const accounts = manager.getByRole('table', { name: 'Financial accounts' });
  await slow(accounts.getByRole('rowheader', { name: 'Operating account ····4821' })).toBeVisible();
  await accounts.getByRole('button', { name: 'Record balance of Operating account' }).click();
  const dialog = manager.getByRole('dialog', { name: 'Record balance' });
  await dialog.getByRole('button', { name: 'Record balance' }).click();
  await expect(dialog.getByText('Enter the balance.')).toBeVisible();
  await dialog.getByLabel('Balance').fill('12,345.67');
  await dialog.getByLabel('As of').fill('2026-04-30');
  await dialog.getByRole('button', { name: 'Record balance' }).click();
  await slow(accounts.getByRole('cell', { name: '$12,345.67' })).toBeVisible();

  const client = await (await browser.newContext()).newPage();
  await signIn(client, 'client@demo.test');
  await expectLanding(client, '/dashboard', 'Dashboard');
  // Harper's referrer has news on (demo seed, decision 031): its panel, links opening in a new tab.
  const news = client.getByRole('region', { name: 'News from Summit Wealth Advisors' });
  await slow(news.getByRole('link', { name: /Year-end tax planning checklist/ })).toHaveAttribute(
    'target',
    '_blank',
  );
  await client.getByRole('link', { name: 'Financial Accounts' }).click();
  await slow(client.getByRole('heading', { level: 1, name: 'Financial Accounts' })).toBeVisible();
  const row = client
    .getByRole('table', { name: 'Financial accounts' })
    .getByRole('row', { name: /Operating account/ });
  await slow(row.getByRole('cell', { name: '$12,345.67' })).toBeVisible();
  await expect(row.getByRole('cell', { name: '04/30/2026 (entered by hand)' })).toBeVisible();
  await expect(client.getByRole('button', { name: /Record balance/ })).toHaveCount(0);
});
