import { ApiError, pathOf } from '@bp/api-client';
import { clientsRoutes, entitiesRoutes, staffRoutes, workflowRoutes } from '@bp/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { orgClient } from '../client-records/fixtures.test-support.ts';
import { entityRow } from '../commitments/fixtures.test-support.ts';
import { createFakeApi, renderPage, setupUser } from '../test-utils.tsx';
import { CLIENT_GUID, ORG_GUID, orgSession, page, reminderRow, staffUser } from './fixtures.test-support.ts';
import { NewReminderPage } from './NewReminderPage.tsx';
import { ReminderDetailPage } from './ReminderDetailPage.tsx';

const ENTITY = '00000000-0000-4000-8000-000000000600';
const CREATE = pathOf(workflowRoutes.postReportsClientReportReminders, { clientGuid: CLIENT_GUID });
const row = reminderRow(1);
const params = { clientGuid: CLIENT_GUID, reminderGuid: row.guid };

function Probe() {
  const location = useLocation();
  return <div data-testid="url">{location.pathname}</div>;
}

function formApi() {
  return createFakeApi()
    .reply(
      'GET',
      pathOf(clientsRoutes.getAccountsOrganizationClients, { orgGuid: ORG_GUID }),
      page([orgClient({ guid: CLIENT_GUID, name: 'Harper Household' })]),
    )
    .reply(
      'GET',
      pathOf(entitiesRoutes.getAccountsClientEntities, { clientGuid: CLIENT_GUID }),
      page([entityRow(ENTITY, 'Harper Holdings LLC')]),
    )
    .reply(
      'GET',
      pathOf(staffRoutes.getAccountsOrganizationUsers, { orgGuid: ORG_GUID }),
      page([staffUser(11, { first_name: 'Alex', last_name: 'Associate' })]),
    );
}

type User = ReturnType<typeof setupUser>;
async function choose(user: User, label: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: new RegExp(`^${label}`) }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('NewReminderPage', () => {
  it('schedules a reminder and opens it', async () => {
    const api = formApi().reply('POST', CREATE, row);
    renderPage(
      <Routes>
        <Route path="/reports/new-reminder-form" element={<NewReminderPage />} />
        <Route path="*" element={<Probe />} />
      </Routes>,
      { route: `/reports/new-reminder-form?client=${CLIENT_GUID}`, path: '/*', api, session: orgSession },
    );
    const user = setupUser();
    await screen.findByRole('heading', { name: 'New Report Reminder' });
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: /^Entity/ })).not.toHaveAttribute('aria-disabled'),
    );
    await choose(user, 'Entity', 'Harper Holdings LLC');
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Quarterly cash flow');
    await choose(user, 'Report type', 'Cash Flow');
    await choose(user, 'Frequency', 'Quarterly');
    const due = screen.getByRole('textbox', { name: /^Due/ });
    await user.clear(due);
    await user.type(due, '5');
    await choose(user, 'Assignee', 'Alex Associate');
    await user.click(screen.getByRole('checkbox', { name: 'Push' }));
    await user.click(screen.getByRole('button', { name: 'Save Reminder' }));
    expect(await screen.findByTestId('url')).toHaveTextContent(`/reports/report-reminder/${row.guid}`);
    expect(api.callsTo('POST', CREATE)[0]?.body).toMatchObject({
      name: 'Quarterly cash flow',
      entity: ENTITY,
      report_type: 'cash_flow',
      frequency: 'quarterly',
      due_business_days: 5,
      assignee: staffUser(11).guid,
      backup: null,
      channels: ['email', 'push'],
    });
  });

  it("shows the API's field messages under the fields", async () => {
    const api = formApi().reply('POST', CREATE, () => {
      throw new ApiError(
        400,
        {
          name: ['This field is required.'],
          backup: ['The backup must be someone other than the assignee.'],
        },
        '',
      );
    });
    renderPage(
      <Routes>
        <Route path="/reports/new-reminder-form" element={<NewReminderPage />} />
      </Routes>,
      {
        route: `/reports/new-reminder-form?client=${CLIENT_GUID}&type=reconciliation`,
        path: '/*',
        api,
        session: orgSession,
      },
    );
    const user = setupUser();
    await screen.findByRole('heading', { name: 'New Report Reminder' });
    await user.click(screen.getByRole('button', { name: 'Save Reminder' }));
    expect(
      await screen.findByText('The backup must be someone other than the assignee.'),
    ).toBeInTheDocument();
    expect(screen.getByText('This field is required.')).toBeInTheDocument();
    expect(api.callsTo('POST', CREATE)[0]?.body).toMatchObject({ report_type: 'reconciliation' });
  });
});

describe('ReminderDetailPage', () => {
  function renderDetail(reminder = row) {
    const api = createFakeApi()
      .reply(
        'GET',
        pathOf(workflowRoutes.getReportsOrganizationReportReminder, {
          organizationGuid: ORG_GUID,
          reminderGuid: row.guid,
        }),
        reminder,
      )
      .reply(
        'GET',
        pathOf(workflowRoutes.getReportsClientReportReminderHistory, params),
        page([
          {
            event: 'report_skipped',
            period_start: '2026-01-01',
            user: reminder.assignee,
            created_on: '2026-02-01T10:00:00.000Z',
          },
          {
            event: 'created',
            period_start: null,
            user: reminder.assignee,
            created_on: '2026-01-01T10:00:00.000Z',
          },
        ]),
      )
      .reply('POST', pathOf(workflowRoutes.postReportsClientReportReminderSkip, params), reminder)
      .reply('POST', pathOf(workflowRoutes.postReportsClientReportReminderArchive, params), {
        ...reminder,
        is_archived: true,
      });
    renderPage(
      <Routes>
        <Route path="/reports/report-reminder/:reportReminderId" element={<ReminderDetailPage />} />
      </Routes>,
      { route: `/reports/report-reminder/${row.guid}`, path: '/*', api, session: orgSession },
    );
    return api;
  }

  it('shows the reminder, its next period and its history', async () => {
    renderDetail();
    expect(await screen.findByRole('heading', { name: 'Quarterly cash flow' })).toBeInTheDocument();
    expect(screen.getByText('2026-01-01 to 2026-03-31, due 2026-04-07')).toBeInTheDocument();
    const history = await screen.findByRole('table', { name: 'History' });
    expect(within(history).getByText('Report Skipped')).toBeInTheDocument();
    expect(within(history).getByText('Created')).toBeInTheDocument();
  });

  it('skips a period after confirming the day', async () => {
    const api = renderDetail();
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: 'Skip a period' }));
    const dialog = await screen.findByRole('dialog', { name: 'Skip a period?' });
    await user.click(within(dialog).getByRole('button', { name: 'Skip' }));
    expect(
      await screen.findByText('The period is skipped: no task will be raised for it.'),
    ).toBeInTheDocument();
    expect(
      api.callsTo('POST', pathOf(workflowRoutes.postReportsClientReportReminderSkip, params))[0]?.body,
    ).toEqual({
      period_date: '2026-01-01',
    });
  });

  it('archives only after confirming', async () => {
    const api = renderDetail();
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: 'Archive' }));
    const dialog = await screen.findByRole('dialog', { name: 'Archive this reminder?' });
    await user.click(within(dialog).getByRole('button', { name: 'Archive' }));
    expect(await screen.findByText('Quarterly cash flow is archived.')).toBeInTheDocument();
    expect(
      api.callsTo('POST', pathOf(workflowRoutes.postReportsClientReportReminderArchive, params)),
    ).toHaveLength(1);
  });
});

describe('editing a reminder', () => {
  it('starts from the saved values and saves the changes', async () => {
    const PATCH = pathOf(workflowRoutes.patchReportsClientReportReminder, params);
    const api = formApi()
      .reply(
        'GET',
        pathOf(workflowRoutes.getReportsOrganizationReportReminder, {
          organizationGuid: ORG_GUID,
          reminderGuid: row.guid,
        }),
        row,
      )
      .reply('PATCH', PATCH, { ...row, name: 'Q cash flow' });
    renderPage(
      <Routes>
        <Route path="/reports/new-reminder-form" element={<NewReminderPage />} />
        <Route path="*" element={<Probe />} />
      </Routes>,
      { route: `/reports/new-reminder-form?edit=${row.guid}`, path: '/*', api, session: orgSession },
    );
    const user = setupUser();
    const name = await screen.findByRole('textbox', { name: /^Name/ });
    expect(screen.getByRole('heading', { name: 'Edit Report Reminder' })).toBeInTheDocument();
    expect(name).toHaveValue('Quarterly cash flow');
    await user.clear(name);
    await user.type(name, 'Q cash flow');
    await user.click(screen.getByRole('button', { name: 'Save Reminder' }));
    expect(await screen.findByText('Q cash flow is saved.')).toBeInTheDocument();
    expect(api.callsTo('PATCH', PATCH)[0]?.body).toMatchObject({
      name: 'Q cash flow',
      report_type: 'cash_flow',
      frequency: 'quarterly',
      due_business_days: 5,
      assignee: row.assignee?.guid,
      channels: ['email'],
    });
  });
});
