import { pathOf } from '@bp/api-client';
import { dashboardRoutes } from '@bp/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { guidOf, ORG_GUID } from '../settings/org-fixtures.test-support.ts';
import { createFakeApi, renderPage } from '../test-utils.tsx';
import { WorkflowFigures } from './WorkflowFigures.tsx';

const params = { organizationGuid: ORG_GUID };
const ALEX = { guid: guidOf(11), first_name: 'Alex', last_name: 'Associate', avatar: null };
const HARPER = { guid: guidOf(500), name: 'Harper Household' };

function api() {
  return createFakeApi()
    .reply('GET', pathOf(dashboardRoutes.getDashboardTasks, params), {
      today: '2026-02-10',
      people: [{ person: ALEX, open: 5, overdue: 2, due_today: 1, due_week: 3 }],
    })
    .reply('GET', pathOf(dashboardRoutes.getDashboardReconciliations, params), {
      period: '2026-01',
      clients: [{ client: HARPER, total: 3, by_step: { Open: 1, 'Initial Review': 1, Active: 1 } }],
    })
    .reply('GET', pathOf(dashboardRoutes.getDashboardReportsDue, params), {
      today: '2026-02-10',
      total: 4,
      overdue: 1,
      by_day: [
        { date: '2026-02-09', count: 1 },
        { date: '2026-02-12', count: 3 },
      ],
    })
    .reply('GET', pathOf(dashboardRoutes.getDashboardBills, params), {
      today: '2026-02-10',
      queues: [
        {
          queue: 'org-approval',
          count: 7,
          amount: 123_456,
          ages: { days_0_7: 4, days_8_30: 2, days_31_60: 1, days_61_plus: 0 },
        },
      ],
    });
}

const href = (name: string | RegExp) => screen.getByRole('link', { name }).getAttribute('href');

describe('WorkflowFigures', () => {
  it('links every figure to the list it counts, with the same filters', async () => {
    renderPage(<WorkflowFigures orgGuid={ORG_GUID} />, { api: api() });
    await screen.findByRole('table', { name: 'Tasks by person' });
    const q = `open=true&assignee=${ALEX.guid}&assignment=assigned`;
    expect(href('Open tasks of Alex Associate: 5')).toBe(`/workflow/tasks?${q}`);
    expect(href('Overdue tasks of Alex Associate: 2')).toBe(`/workflow/tasks?${q}&due=overdue`);
    expect(href('Tasks of Alex Associate due today: 1')).toBe(`/workflow/tasks?${q}&due=today`);
    expect(href('Tasks of Alex Associate due within 7 days: 3')).toBe(`/workflow/tasks?${q}&due=week`);

    await screen.findByRole('table', { name: 'Reconciliation progress' });
    expect(href('Harper Household at Initial Review: 1')).toBe(
      `/workflow/reconciliation-workflow?client=${HARPER.guid}&period=2026-01&step=Initial+Review`,
    );
    expect(href('Harper Household at Active: 1')).toBe(
      `/workflow/reconciliation-workflow/inactive?client=${HARPER.guid}&period=2026-01`,
    );

    expect(await screen.findByRole('link', { name: 'Reports due within 7 days: 4' })).toHaveAttribute(
      'href',
      '/workflow/tasks?type=report_reminder&open=true&due=week',
    );
    const bills = await screen.findByRole('table', { name: 'Bills waiting by queue' });
    expect(within(bills).getByRole('link', { name: 'Bills in Org Approval: 7' })).toHaveAttribute(
      'href',
      '/billing/org-approval',
    );
    expect(within(bills).getByText('$1,234.56')).toBeInTheDocument();
  });

  it("asks for one person's figures and keeps that person in the links", async () => {
    const { api: fake } = renderPage(<WorkflowFigures orgGuid={ORG_GUID} assignee={ALEX.guid} />, {
      api: api(),
    });
    expect(await screen.findByRole('link', { name: 'Reports due within 7 days: 4' })).toHaveAttribute(
      'href',
      `/workflow/tasks?type=report_reminder&open=true&assignee=${ALEX.guid}&due=week`,
    );
    expect(fake.callsTo('GET', pathOf(dashboardRoutes.getDashboardTasks, params))[0]?.options?.query).toEqual(
      {
        assignee: ALEX.guid,
      },
    );
    expect(screen.getByRole('heading', { name: 'My tasks' })).toBeInTheDocument();
  });
});
