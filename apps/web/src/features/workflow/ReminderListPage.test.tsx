import { pathOf } from '@bp/api-client';
import { workflowRoutes } from '@bp/contracts';
import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createFakeApi, renderPage, setupUser } from '../test-utils.tsx';
import { CLIENT_GUID, ORG_GUID, orgSession, page, reminderRow } from './fixtures.test-support.ts';
import {
  InactiveReportRemindersPage,
  ReconciliationRemindersPage,
  ReportRemindersPage,
} from './ReminderListPage.tsx';

const LIST = pathOf(workflowRoutes.getReportsOrganizationReportReminders, { organizationGuid: ORG_GUID });
const row = reminderRow(1);
const ARCHIVE = pathOf(workflowRoutes.postReportsClientReportReminderArchive, {
  clientGuid: CLIENT_GUID,
  reminderGuid: row.guid,
});
const UNARCHIVE = pathOf(workflowRoutes.postReportsClientReportReminderUnarchive, {
  clientGuid: CLIENT_GUID,
  reminderGuid: row.guid,
});

function render(path: string, element: React.ReactElement, rows = [row]) {
  const api = createFakeApi()
    .reply('GET', LIST, page(rows))
    .reply('POST', ARCHIVE, { ...row, is_archived: true })
    .reply('POST', UNARCHIVE, { ...row, is_archived: false });
  return renderPage(
    <Routes>
      <Route path={path} element={element} />
    </Routes>,
    { route: path, path: '/*', api, session: orgSession },
  );
}

describe('ReportRemindersPage', () => {
  it('lists report reminders (not reconciliation ones) with their next due date and link', async () => {
    const { api } = render('/workflow/report-reminders', <ReportRemindersPage />);
    const table = await screen.findByRole('table', { name: 'Report Reminders' });
    const [, first] = within(table).getAllByRole('row') as HTMLElement[];
    for (const text of ['Harper Household', 'Cash Flow', 'Quarterly', '2026-04-07', 'Alex Associate']) {
      expect(within(first as HTMLElement).getByText(text)).toBeInTheDocument();
    }
    expect(within(first as HTMLElement).getByRole('link', { name: 'Quarterly cash flow' })).toHaveAttribute(
      'href',
      `/reports/report-reminder/${row.guid}`,
    );
    expect(api.callsTo('GET', LIST)[0]?.options?.query).toEqual({
      reconciliation: 'false',
      page: 1,
      page_size: 10,
    });
  });

  it('archives a reminder only after confirming', async () => {
    const { api } = render('/workflow/report-reminders', <ReportRemindersPage />);
    const user = setupUser();
    await screen.findByRole('table', { name: 'Report Reminders' });
    await user.click(screen.getByRole('button', { name: 'Archive Quarterly cash flow' }));
    expect(api.callsTo('POST', ARCHIVE)).toHaveLength(0);
    const dialog = await screen.findByRole('dialog', { name: 'Archive this reminder?' });
    await user.click(within(dialog).getByRole('button', { name: 'Archive' }));
    expect(await screen.findByText('Quarterly cash flow is archived.')).toBeInTheDocument();
    expect(api.callsTo('POST', ARCHIVE)).toHaveLength(1);
  });

  it('says so when there are none', async () => {
    render('/workflow/report-reminders', <ReportRemindersPage />, []);
    expect(await screen.findByText('No reminders yet.')).toBeInTheDocument();
  });
});

describe('InactiveReportRemindersPage and ReconciliationRemindersPage', () => {
  it('lists archived reminders and unarchives one', async () => {
    const { api } = render('/workflow/report-reminders/inactive', <InactiveReportRemindersPage />, [
      { ...row, is_archived: true },
    ]);
    const user = setupUser();
    await screen.findByRole('table', { name: 'Inactive Report Reminders' });
    expect(api.callsTo('GET', LIST)[0]?.options?.query).toEqual({ archived: 'true', page: 1, page_size: 10 });
    await user.click(screen.getByRole('button', { name: 'Unarchive Quarterly cash flow' }));
    expect(await screen.findByText('Quarterly cash flow is active again.')).toBeInTheDocument();
  });

  it('lists reconciliation reminders, each linking to its reconciliation page', async () => {
    const rec = reminderRow(2, { name: 'Bank reconciliation', report_type: 'reconciliation' });
    const { api } = render('/workflow/reconciliation-reminders', <ReconciliationRemindersPage />, [rec]);
    expect(await screen.findByRole('link', { name: 'Bank reconciliation' })).toHaveAttribute(
      'href',
      `/reports/report-reminder/reconciliation/${rec.guid}`,
    );
    expect(api.callsTo('GET', LIST)[0]?.options?.query).toEqual({
      reconciliation: 'true',
      page: 1,
      page_size: 10,
    });
  });
});
