import { pathOf } from '@bp/api-client';
import { type Report, reportsRoutes } from '@bp/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { permissionsHeld, permissionsPath } from '../bills/form/new-bill.test-support.ts';
import { CLIENT_GUID, guidOf, ORG_GUID, page } from '../bills/shared/fixtures.test-support.ts';
import { createFakeApi, renderPage, setupUser } from '../test-utils.tsx';
import { StaffClientReportsPage } from './ReportsPages.tsx';

const REPORT_GUID = guidOf(501);
const JOB_GUID = guidOf(601);
const session = { organization: { guid: ORG_GUID, name: 'Demo Family Office' } };
const params = { clientGuid: CLIENT_GUID };
const listPath = pathOf(reportsRoutes.getReportsClientReports, params);
const byYear = pathOf(reportsRoutes.getReportsClientReportsQuantitiesByYear, params);
const byMonth = pathOf(reportsRoutes.getReportsClientReportsQuantitiesByMonth, params);
const generatePath = pathOf(reportsRoutes.postReportsClientReportGenerate, {
  ...params,
  reportGuid: REPORT_GUID,
});

function report(overrides: Partial<Report> = {}): Report {
  return {
    guid: REPORT_GUID,
    client: { guid: CLIENT_GUID, name: 'Harper Household' },
    entity: null,
    type: 'check_registers',
    name: 'Checks March',
    notes: '',
    period_year: 2025,
    period_month: 3,
    status: 'sent',
    files: [
      {
        guid: guidOf(701),
        version: 2,
        original_name: 'check-register.pdf',
        mime_type: 'application/pdf',
        size_bytes: 1200,
        source: 'generated',
        uploaded_by: null,
        created_on: '2025-04-01T10:00:00Z',
      },
    ],
    created_on: '2025-04-01T10:00:00Z',
    updated_on: '2025-04-01T10:00:00Z',
    ...overrides,
  };
}

function render(held: Parameters<typeof permissionsHeld>[0]) {
  const months = Array.from({ length: 12 }, (_, i) => ({ month: i + 1, count: i === 2 ? 4 : 0 }));
  const api = createFakeApi()
    .reply('GET', permissionsPath(ORG_GUID), permissionsHeld(held))
    .reply('GET', `/v1/accounts/organizations/${ORG_GUID}/clients/${CLIENT_GUID}`, () => {
      throw new Error('not needed');
    })
    .reply('GET', listPath, page([report()], 11))
    .reply('GET', byYear, { results: [{ year: 2025, count: 5 }] })
    .reply('GET', byMonth, { year: 2025, results: months, year_only: 1 });
  return renderPage(<StaffClientReportsPage />, {
    route: `/reports/client/${CLIENT_GUID}`,
    path: '/reports/client/:clientGuid',
    api,
    session,
  });
}

describe('client reports page', () => {
  it('lists the reports with their newest files and paging, and the year/month grid of counts', async () => {
    render(['clients.view', 'reports.manage']);
    const table = await screen.findByRole('table', { name: 'Reports' });
    const row = within(table).getByRole('row', { name: /Checks March/ });
    expect(row).toHaveTextContent('Check register');
    expect(row).toHaveTextContent('Mar 2025');
    expect(row).toHaveTextContent('Sent');
    expect(
      within(row).getByRole('button', { name: 'Download check-register.pdf version 2' }),
    ).toBeInTheDocument();
    expect(screen.getByText('1–10 of 11', { exact: false })).toBeInTheDocument();
    const grid = await screen.findByRole('table', { name: 'Reports by year and month' });
    const year = await within(grid).findByRole('row', { name: /2025/ });
    await waitFor(() => expect(within(year).getAllByRole('cell')[2]).toHaveTextContent('4'));
    expect(within(year).getAllByRole('cell').at(-1)).toHaveTextContent('1');
    expect(await screen.findByRole('button', { name: 'New report' })).toBeInTheDocument();
  });

  it('generates a check register and shows the job until its file is on the report', async () => {
    const { api } = render(['clients.view', 'reports.manage']);
    let polls = 0;
    api.reply('POST', generatePath, { job_id: JOB_GUID });
    api.reply('GET', `/v1/jobs/${JOB_GUID}`, () => {
      polls += 1;
      const done = polls > 1;
      return {
        id: JOB_GUID,
        queue: 'reports.generate',
        state: done ? 'completed' : 'active',
        progress: done
          ? { done: 3, total: 3, message: 'Done' }
          : { done: 1, total: 3, message: 'Writing 4 check(s)' },
        result: done ? { file_name: 'check-register-2025-03-01-to-2025-03-31.xlsx' } : null,
        error: null,
        retries: 0,
        created_on: '2025-04-01T10:00:00Z',
        started_on: '2025-04-01T10:00:00Z',
        completed_on: done ? '2025-04-01T10:00:01Z' : null,
      };
    });
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: 'Generate Checks March' }));
    const dialog = screen.getByRole('dialog', { name: 'Generate check register' });
    expect(within(dialog).getByLabelText('From')).toHaveValue('2025-03-01');
    expect(within(dialog).getByLabelText('To')).toHaveValue('2025-03-31');
    await user.click(within(dialog).getByRole('button', { name: 'Generate' }));
    expect(await within(dialog).findByText('Writing 4 check(s)')).toBeInTheDocument();
    expect(api.callsTo('POST', generatePath)[0]?.body).toEqual({
      from: '2025-03-01',
      to: '2025-03-31',
      format: 'pdf',
    });
    expect(
      await within(dialog).findByText(
        'check-register-2025-03-01-to-2025-03-31.xlsx was added to the report.',
        {},
        { timeout: 4000 },
      ),
    ).toBeInTheDocument();
  });

  it('shows no write actions to staff without reports.manage', async () => {
    render(['clients.view']);
    const table = await screen.findByRole('table', { name: 'Reports' });
    expect(within(table).queryByRole('button', { name: /Generate/ })).not.toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: /Upload/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New report' })).not.toBeInTheDocument();
  });
});
