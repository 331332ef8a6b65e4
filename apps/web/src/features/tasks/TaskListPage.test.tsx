import { pathOf } from '@bp/api-client';
import { staffRoutes, type WorkflowTask, workflowRoutes } from '@bp/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { guidOf, ORG_GUID, orgSession, page, staffUser } from '../settings/org-fixtures.test-support.ts';
import { createFakeApi, renderPage, setupUser } from '../test-utils.tsx';
import { TaskListPage } from './TaskListPage.tsx';
import { taskListPath } from './tasks-api.ts';

const LIST = pathOf(workflowRoutes.getAccountsOrganizationTasks, { organizationGuid: ORG_GUID });
const ALEX = { guid: guidOf(11), first_name: 'Alex', last_name: 'Associate', avatar: null };

function task(n: number, overrides: Partial<WorkflowTask> = {}): WorkflowTask {
  return {
    guid: guidOf(3000 + n),
    type: 'report_reminder',
    kind: null,
    bill: null,
    status: 'ready',
    title: `Check register ${n}`,
    client: { guid: guidOf(500), name: 'Harper Household' },
    reminder: guidOf(2000),
    period_start: '2026-01-01',
    period_end: '2026-01-31',
    due_date: '2026-02-03',
    is_overdue: false,
    assignee: ALEX,
    backup: null,
    created_on: '2026-02-01T00:00:00.000Z',
    completed_on: null,
    ...overrides,
  };
}

const first = task(1, { is_overdue: true });
const TASK = pathOf(workflowRoutes.patchAccountsOrganizationTask, {
  organizationGuid: ORG_GUID,
  taskGuid: first.guid,
});
const COMMENTS = pathOf(workflowRoutes.getAccountsOrganizationTaskComments, {
  organizationGuid: ORG_GUID,
  taskGuid: first.guid,
});

function api() {
  return createFakeApi()
    .reply(
      'GET',
      LIST,
      page([first, task(2, { type: null, kind: 'approve_ach', bill: guidOf(9), reminder: null })]),
    )
    .reply(
      'GET',
      pathOf(staffRoutes.getAccountsOrganizationUsers, { orgGuid: ORG_GUID }),
      page([
        staffUser(11, { first_name: 'Alex', last_name: 'Associate' }),
        staffUser(7, { first_name: 'Maya', last_name: 'Manager' }),
      ]),
    )
    .reply('PATCH', TASK, { ...first, status: 'completed' })
    .reply('GET', COMMENTS, page([]))
    .reply('POST', COMMENTS, {
      guid: guidOf(77),
      body: 'Waiting on the bank',
      user: ALEX,
      created_on: '2026-02-10T10:00:00Z',
    });
}

describe('TaskListPage', () => {
  it('reads its filters from the URL, marks overdue tasks and offers changes only on workflow tasks', async () => {
    const route = taskListPath({
      type: 'report_reminder',
      open: 'true',
      assignee: ALEX.guid,
      assignment: 'assigned',
      due: 'overdue',
    });
    const { api: fake } = renderPage(<TaskListPage />, {
      route,
      path: '/workflow/tasks',
      api: api(),
      session: orgSession,
    });
    const table = await screen.findByRole('table', { name: 'Tasks' });
    expect(fake.callsTo('GET', LIST)[0]?.options?.query).toEqual({
      type: 'report_reminder',
      open: 'true',
      assignee: ALEX.guid,
      assignment: 'assigned',
      due: 'overdue',
      page: 1,
      page_size: 10,
    });
    const [, overdue, bill] = within(table).getAllByRole('row') as HTMLElement[];
    expect(within(overdue as HTMLElement).getByText('Overdue')).toBeInTheDocument();
    expect(within(bill as HTMLElement).queryByText('Overdue')).not.toBeInTheDocument();
    expect(within(bill as HTMLElement).queryByRole('button', { name: /^Change/ })).not.toBeInTheDocument();
    expect(within(bill as HTMLElement).getByRole('link', { name: 'Check register 2' })).toBeInTheDocument();
  });

  it('changes a task in a dialog, sending only what changed, and adds a comment', async () => {
    const { api: fake } = renderPage(<TaskListPage />, {
      route: '/workflow/tasks',
      path: '/workflow/tasks',
      api: api(),
      session: orgSession,
    });
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: 'Change Check register 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change task' });
    await user.click(within(dialog).getByRole('combobox', { name: /^Status/ }));
    await user.click(await screen.findByRole('option', { name: 'Completed' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fake.callsTo('PATCH', TASK)[0]?.body).toEqual({ status: 'completed' }));
    expect(await screen.findByText('Task saved.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Comments on Check register 1' }));
    const comments = await screen.findByRole('dialog', { name: 'Comments' });
    expect(await within(comments).findByText('No comments yet.')).toBeInTheDocument();
    await user.click(within(comments).getByRole('button', { name: 'Add comment' }));
    expect(within(comments).getByText('Write a comment first.')).toBeInTheDocument();
    await user.type(within(comments).getByRole('textbox', { name: 'New comment' }), 'Waiting on the bank');
    await user.click(within(comments).getByRole('button', { name: 'Add comment' }));
    await waitFor(() =>
      expect(fake.callsTo('POST', COMMENTS)[0]?.body).toEqual({ body: 'Waiting on the bank' }),
    );
  });
});
