import { pathOf } from '@bp/api-client';
import { type TaskRule, workflowRoutes } from '@bp/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { guidOf } from '../settings/org-fixtures.test-support.ts';
import { createFakeApi, renderPage, setupUser } from '../test-utils.tsx';
import { templateCsv } from './CsvImportDialog.tsx';
import { ALEX, CLIENT_GUID, ORG_GUID, orgSession, page } from './fixtures.test-support.ts';
import { monthPeriod } from './NewReconciliationDialog.tsx';
import { TaskRulesPage } from './TaskRulesPage.tsx';

const params = { organizationGuid: ORG_GUID };
const LIST = pathOf(workflowRoutes.getAccountsOrganizationTaskRules, params);
const IMPORT = pathOf(workflowRoutes.postAccountsOrganizationTaskRulesImport, params);
const rule: TaskRule = {
  guid: guidOf(3001),
  name: 'Monthly bank reconciliation',
  task_type: 'reconciliation',
  frequency: 'monthly',
  due_business_days: 5,
  start_date: '2026-01-01',
  client: { guid: CLIENT_GUID, name: 'Harper Household' },
  entity: { guid: guidOf(600), name: 'Harper Holdings LLC' },
  account: { guid: guidOf(700), name: 'Operating Checking' },
  assignee: ALEX,
  backup: null,
  is_archived: false,
  created_on: '2026-01-01T00:00:00.000Z',
};
const ARCHIVE = pathOf(workflowRoutes.postAccountsOrganizationTaskRuleArchive, {
  ...params,
  taskRuleGuid: rule.guid,
});

function render() {
  const api = createFakeApi()
    .reply('GET', LIST, page([rule]))
    .reply('POST', IMPORT, {
      imported: 0,
      rows: [
        { line: 2, ok: true, errors: {} },
        { line: 3, ok: false, errors: { frequency: ['Choose one of: weekly, monthly, quarterly, yearly.'] } },
      ],
    })
    .reply('POST', ARCHIVE, { ...rule, is_archived: true });
  return renderPage(
    <Routes>
      <Route path="/workflow/task-rules" element={<TaskRulesPage />} />
    </Routes>,
    { route: '/workflow/task-rules', path: '/*', api, session: orgSession },
  );
}

describe('TaskRulesPage', () => {
  it('lists rules with their scope and schedule, and archives one after confirmation', async () => {
    const { api } = render();
    const user = setupUser();
    const table = await screen.findByRole('table', { name: 'Task Rules' });
    const [, row] = within(table).getAllByRole('row') as HTMLElement[];
    expect(
      within(row as HTMLElement).getByText('Harper Holdings LLC · Operating Checking'),
    ).toBeInTheDocument();
    expect(
      within(row as HTMLElement).getByText('Monthly from 2026-01-01, due 5 business days after'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Archive Monthly bank reconciliation' }));
    expect(api.callsTo('POST', ARCHIVE)).toHaveLength(0);
    const dialog = await screen.findByRole('dialog', { name: 'Archive this task rule?' });
    await user.click(within(dialog).getByRole('button', { name: 'Archive' }));
    await waitFor(() => expect(api.callsTo('POST', ARCHIVE)).toHaveLength(1));
  });

  it("imports pasted CSV and shows each row's result, saying nothing was saved", async () => {
    const { api } = render();
    const user = setupUser();
    await screen.findByRole('table', { name: 'Task Rules' });
    await user.click(screen.getByRole('button', { name: 'Import Task Rules' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import task rules from CSV' });
    expect(within(dialog).getByText(/Nothing is saved unless every row is right/)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('CSV text'), 'client,name{enter}Harper Household,X');
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(
      await within(dialog).findByText('Nothing was saved: 1 of 2 rows have problems.'),
    ).toBeInTheDocument();
    const rows = within(within(dialog).getByRole('table', { name: 'Rows of the file' })).getAllByRole('row');
    expect(within(rows[2] as HTMLElement).getByText('Error')).toBeInTheDocument();
    expect(within(rows[2] as HTMLElement).getByText(/Choose one of: weekly/)).toBeInTheDocument();
    expect(api.callsTo('POST', IMPORT)[0]?.options?.body).toEqual({ csv: 'client,name\nHarper Household,X' });
  });
});

describe('import templates and periods', () => {
  it('quotes template fields that need it, and turns a month into its first and last day', () => {
    expect(templateCsv(['a', 'b'], [['x, y', 'say "hi"']])).toBe('a,b\r\n"x, y","say ""hi"""\r\n');
    expect(monthPeriod('2024-02')).toEqual({ period_start: '2024-02-01', period_end: '2024-02-29' });
    expect(monthPeriod('2025-12')).toEqual({ period_start: '2025-12-01', period_end: '2025-12-31' });
  });
});
