import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { expectLanding, signIn } from '../support/accounts.ts';
import { test } from '../support/test.ts';

/**
 * Issue 14's journey (decision 026): a manager schedules a monthly reconciliation reminder, raises its
 * period, the associate prepares the reconciliation and is refused at review, the manager reviews it to
 * Active, and the manager dashboard's figures for the client move with it.
 */

async function choose(page: Page, label: string, option: string | RegExp) {
  await page.getByRole('combobox', { name: new RegExp(`^${label}`) }).click();
  await page.getByRole('option', { name: option }).first().click();
}

/** Last month's first day and its YYYY-MM, as the dashboard's progress defaults to the month being closed. */
function lastMonth() {
  const now = new Date();
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0));
  const iso = first.toISOString().slice(0, 10);
  return { firstDay: iso, lastDay: last.toISOString().slice(0, 10), period: iso.slice(0, 7) };
}

/** Harper Household's figure in the dashboard's reconciliation progress (0 when it has no row yet). */
async function harperPeriods(page: Page): Promise<number> {
  await page.goto('/manager-dashboard');
  const section = page.getByRole('region', { name: 'Reconciliation progress' });
  await expect(section.getByText(/Periods ending in|No reconciliation periods/).first()).toBeVisible();
  const row = section.getByRole('row').filter({ hasText: 'Harper Household' });
  if ((await row.count()) === 0) return 0;
  return Number(await row.getByRole('cell').nth(1).innerText());
}

/** No serious or critical WCAG 2 A/AA violation on what the page shows now. */
async function expectNoSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.nodes.map((node) => node.target.join(' ')).join(', ')}`);
  expect(serious).toEqual([]);
}

async function moveOn(page: Page, row: string, to: string) {
  await page
    .getByRole('button', { name: `Move ${row} to ${to}`, exact: true })
    .first()
    .click();
}

test('a monthly reconciliation reminder raises its period, the preparer is refused at review and the dashboard follows', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { firstDay, lastDay, period } = lastMonth();
  const name = `Month-end reconciliation ${Date.now()}`;
  const manager = await (await browser.newContext()).newPage();
  await signIn(manager, 'manager@demo.test');
  await expectLanding(manager, '/manager-dashboard', 'Manager Dashboard');
  const before = await harperPeriods(manager);

  // The reminder: monthly, of an entity, its first period last month (already over, so it is due to raise).
  await manager.goto('/reports/new-reminder-form');
  await expectLanding(manager, '/reports/new-reminder-form', 'New Report Reminder');
  await choose(manager, 'Client', 'Harper Household');
  await manager.getByRole('combobox', { name: /^Entity/ }).click();
  const entity = manager.getByRole('option').nth(1);
  const entityName = (await entity.innerText()).trim();
  await entity.click();
  await manager.getByRole('textbox', { name: /^Name/ }).fill(name);
  await choose(manager, 'Report type', 'Reconciliation');
  await choose(manager, 'Frequency', 'Monthly');
  await manager.getByRole('textbox', { name: /^Due/ }).fill('3');
  await manager.getByLabel(/^First period contains/).fill(firstDay);
  await choose(manager, 'Assignee', 'Alex Associate');
  await manager.getByRole('button', { name: 'Save Reminder' }).click();
  await expect(manager.getByRole('heading', { level: 1, name })).toBeVisible();

  // Its task appears for last month once the job has run (now, from the task list).
  await manager.goto('/workflow/tasks?type=report_reminder');
  await manager.getByRole('button', { name: 'Raise due tasks now' }).click();
  await expect(manager.getByText(/tasks? raised\.$|No task was due/)).toBeVisible();
  const tasks = manager.getByRole('table', { name: 'Tasks' });
  await expect(tasks.getByRole('row').filter({ hasText: name })).toHaveCount(1);
  await expect(tasks.getByRole('row').filter({ hasText: name })).toContainText(`for ${firstDay} to`);
  await expectNoSeriousViolations(manager);

  // The dashboard counts the period at Open; its figure links to the queue with the same filters.
  await expect.poll(() => harperPeriods(manager)).toBe(before + 1);
  await manager
    .getByRole('region', { name: 'Reconciliation progress' })
    .getByRole('link', { name: /^Harper Household at Open/ })
    .click();
  await expect(manager).toHaveURL(new RegExp(`period=${period}`));
  await expect(manager.getByText(`Periods ending in ${period}`)).toBeVisible();
  const link = new URL(manager.url());
  link.searchParams.delete('step');
  const queue = `${link.pathname}?${link.searchParams.toString()}`;

  // The associate prepares it: Open → … → Initial Review, and is refused the review itself.
  const associate = await (await browser.newContext()).newPage();
  await signIn(associate, 'associate@demo.test');
  await expectLanding(associate, '/associate-dashboard', 'Associate Dashboard');
  const row = `Harper Household ${entityName} ${lastDay}`;
  await associate.goto(queue);
  for (const step of [
    'Collect Statement',
    'Reconcile',
    'Reconcile Completed',
    'Report Sent',
    'Initial Review',
  ]) {
    await moveOn(associate, row, step);
    await expect(associate.getByText(`Moved to ${step}.`).first()).toBeVisible();
  }
  await moveOn(associate, row, 'Secondary Review');
  await expect(associate.getByText(/^Not moved\./)).toBeVisible();

  // A different reviewer, the manager, takes it through every review back to Active.
  await manager.goto(queue);
  for (const step of [
    'Secondary Review',
    'Final Review',
    'Reconciliation Review',
    'GL Review',
    'Financial Review',
    'Review Completed',
    'Active',
  ]) {
    await moveOn(manager, row, step);
    await expect(manager.getByText(`Moved to ${step}.`).first()).toBeVisible();
  }

  // The dashboard now shows Harper's period at Active, still counted for the month.
  await expect.poll(() => harperPeriods(manager)).toBe(before + 1);
  await expect(
    manager
      .getByRole('region', { name: 'Reconciliation progress' })
      .getByRole('link', { name: /^Harper Household at Active/ }),
  ).toBeVisible();
  await expect(manager.getByRole('table', { name: 'Bills waiting by queue' })).toBeVisible();
  await expectNoSeriousViolations(manager);
});
