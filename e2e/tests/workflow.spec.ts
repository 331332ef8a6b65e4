import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { expectLanding, signIn } from '../support/accounts.ts';
import { test } from '../support/test.ts';

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: new RegExp(`^${label}`) }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/**
 * Fails on any serious or critical WCAG 2 A/AA violation of what the page shows now, toasts included.
 */
async function expectNoSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.impact} ${violation.id}: ${violation.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    );
  expect(serious).toEqual([]);
}

test('a manager schedules a report reminder, skips a period, archives it and finds it among the inactive', async ({
  page,
}) => {
  await signIn(page, 'manager@demo.test');
  await expectLanding(page, '/manager-dashboard', 'Manager Dashboard');
  const name = `Cash flow ${Date.now()}`;

  await page.goto('/workflow/report-reminders');
  await page.getByRole('link', { name: 'New Reminder' }).click();
  await expectLanding(page, '/reports/new-reminder-form', 'New Report Reminder');
  await expectNoSeriousViolations(page);
  await choose(page, 'Client', 'Harper Household');
  await page.getByRole('textbox', { name: /^Name/ }).fill(name);
  await choose(page, 'Report type', 'Cash Flow');
  await choose(page, 'Frequency', 'Quarterly');
  await page.getByRole('textbox', { name: /^Due/ }).fill('5');
  await choose(page, 'Assignee', 'Alex Associate');
  await page.getByRole('button', { name: 'Save Reminder' }).click();

  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText(`${name} is scheduled.`)).toBeVisible();
  const history = page.getByRole('table', { name: 'History' });
  await expect(history.getByText('Created')).toBeVisible();
  await expectNoSeriousViolations(page);

  await page.getByRole('button', { name: 'Skip a period' }).click();
  const skip = page.getByRole('dialog', { name: 'Skip a period?' });
  await skip.getByRole('button', { name: 'Skip' }).click();
  await expect(page.getByText('The period is skipped: no task will be raised for it.')).toBeVisible();
  await expect(history.getByText('Report Skipped')).toBeVisible();

  await page.getByRole('button', { name: 'Archive', exact: true }).click();
  const archive = page.getByRole('dialog', { name: 'Archive this reminder?' });
  await archive.getByRole('button', { name: 'Archive' }).click();
  await expect(page.getByText(`${name} is archived.`)).toBeVisible();
  await expect(history.getByText('Report Archived')).toBeVisible();

  await page.goto('/workflow/report-reminders/inactive');
  await expect(
    page.getByRole('table', { name: 'Inactive Report Reminders' }).getByRole('link', { name }),
  ).toBeVisible();
  await page.goto('/workflow/reconciliation-workflow');
  await expect(page.getByRole('heading', { level: 1, name: 'Reconciliation Workflow' })).toBeVisible();
  await expect(page.getByText(/in this list$/)).toBeVisible();
  await expectNoSeriousViolations(page);
});
