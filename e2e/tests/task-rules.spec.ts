import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { expectLanding, signIn } from '../support/accounts.ts';
import { unique } from '../support/bills.ts';
import { test } from '../support/test.ts';

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: new RegExp(`^${label}`) }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Fails on any serious or critical WCAG 2 A/AA violation of what the page shows now. */
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

test('a manager creates a task rule, imports rules from CSV (refused, fixed, saved) and opens a reconciliation', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const id = unique();
  await signIn(page, 'manager@demo.test');
  await expectLanding(page, '/manager-dashboard', 'Manager Dashboard');

  // The Workflow menu leads to the task rules.
  await page.getByRole('button', { name: 'Workflow' }).click();
  await page.getByRole('menuitem', { name: 'Task Rules' }).click();
  await expectLanding(page, '/workflow/task-rules', 'Task Rules');

  const name = `Statements ${id}`;
  await page.getByRole('button', { name: 'New Task Rule' }).click();
  const form = page.getByRole('dialog', { name: 'New task rule' });
  await choose(page, 'Client', 'Harper Household');
  await choose(page, 'Entity', 'Harper Holdings LLC');
  await form.getByRole('textbox', { name: /^Name/ }).fill(name);
  await choose(page, 'Task type', 'Review');
  await choose(page, 'Assignee', 'Alex Associate');
  await expectNoSeriousViolations(page);
  await form.getByRole('button', { name: 'Create rule' }).click();
  await expect(page.getByText(`${name} will raise its tasks.`)).toBeVisible();
  const table = page.getByRole('table', { name: 'Task Rules' });
  const row = table.getByRole('row').filter({ hasText: name });
  await expect(row.getByText('Harper Holdings LLC')).toBeVisible();
  await expect(row.getByText('Monthly from')).toBeVisible();

  // A file with one bad row: every row's result, and nothing saved.
  await page.getByRole('button', { name: 'Import Task Rules' }).click();
  const importing = page.getByRole('dialog', { name: 'Import task rules from CSV' });
  await expect(importing.getByText(/Nothing is saved unless every row is right/)).toBeVisible();
  await expect(importing.getByRole('button', { name: 'Download the template' })).toBeVisible();
  const header = 'client,name,task_type,frequency,due_business_days,start_date';
  const good = `Harper Household,Imported A ${id},reconciliation,monthly,3,2026-01-01`;
  const csv = (second: string) => [header, good, second].join('\n');
  const text = importing.getByRole('textbox', { name: 'CSV text' });
  await text.fill(csv(`Harper Household,Imported B ${id},review,fortnightly,3,2026-01-01`));
  await importing.getByRole('button', { name: 'Import' }).click();
  await expect(importing.getByText('Nothing was saved: 1 of 2 rows have problems.')).toBeVisible();
  const results = importing.getByRole('table', { name: 'Rows of the file' });
  await expect(results.getByRole('row').nth(2)).toContainText('frequency');
  await expect(results.getByRole('row').nth(1)).toContainText('OK');
  await expectNoSeriousViolations(page);

  await text.fill(csv(`Harper Household,Imported B ${id},review,quarterly,3,2026-01-01`));
  await importing.getByRole('button', { name: 'Import' }).click();
  await expect(importing.getByText('All 2 rows are right: 2 task rules imported.')).toBeVisible();
  await importing.getByRole('button', { name: 'Done' }).click();
  await page.getByRole('searchbox', { name: 'Search task rules' }).fill(`Imported B ${id}`);
  await expect(table.getByRole('row').filter({ hasText: `Imported B ${id}` })).toBeVisible();

  // The reconciliation queue opens an account-period; the same one twice is refused.
  await page.goto('/workflow/reconciliation-workflow');
  await expect(page.getByRole('heading', { level: 1, name: 'Reconciliation Workflow' })).toBeVisible();
  const month = `20${String(40 + (Date.now() % 50)).padStart(2, '0')}-0${1 + (Date.now() % 9)}`;
  const open = async () => {
    await page.getByRole('button', { name: 'New Reconciliation' }).click();
    const dialog = page.getByRole('dialog', { name: 'New reconciliation' });
    await choose(page, 'Client', 'Harper Household');
    await choose(page, 'Entity', 'Harper Holdings LLC');
    await dialog.getByLabel(/^Period/).fill(month);
    await choose(page, 'Assignee', 'Alex Associate');
    await dialog.getByLabel(/^Due date/).fill(`${month}-20`);
    await dialog.getByRole('button', { name: 'Open reconciliation' }).click();
    return dialog;
  };
  await open();
  await expect(page.getByText(`Harper Holdings LLC is open for ${month}.`)).toBeVisible();
  const again = await open();
  await expect(again.getByText('This account already has a reconciliation for the period.')).toBeVisible();
  await expectNoSeriousViolations(page);
  await again.getByRole('button', { name: 'Cancel' }).click();
});
