import { ApiError, pathOf } from '@bp/api-client';
import { clientsRoutes, staffRoutes, workflowRoutes } from '@bp/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { orgClient } from '../client-records/fixtures.test-support.ts';
import { createFakeApi, type FakeApi, renderPage, setupUser } from '../test-utils.tsx';
import {
  CLIENT_GUID,
  ORG_GUID,
  orgSession,
  page,
  reconciliationRow,
  staffUser,
} from './fixtures.test-support.ts';
import { ReconciliationWorkflowPage, ReviewPage } from './ReconciliationQueuePage.tsx';

const LIST = pathOf(workflowRoutes.getReportsOrganizationReconciliations, { organizationGuid: ORG_GUID });
const COUNTS = pathOf(workflowRoutes.getReportsOrganizationReconciliationCounts, {
  organizationGuid: ORG_GUID,
});
const ASSIGN = pathOf(workflowRoutes.postReportsOrganizationReconciliationsBulkAssign, {
  organizationGuid: ORG_GUID,
});

function script(api: FakeApi = createFakeApi()) {
  return api
    .reply(
      'GET',
      LIST,
      page([reconciliationRow(1, { is_overdue: true, due_date: '2026-01-30' }), reconciliationRow(2)]),
    )
    .reply('GET', COUNTS, { total: 2, overdue: 1, by_step: { Open: 2 } })
    .reply(
      'GET',
      pathOf(clientsRoutes.getAccountsOrganizationClients, { orgGuid: ORG_GUID }),
      page([orgClient({ guid: CLIENT_GUID, name: 'Harper Household' })]),
    )
    .reply(
      'GET',
      pathOf(staffRoutes.getAccountsOrganizationUsers, { orgGuid: ORG_GUID }),
      page([staffUser(7, { first_name: 'Maya', last_name: 'Manager' })]),
    )
    .reply('POST', ASSIGN, { updated: 2 });
}

function render(path: string, element: React.ReactElement, api = script()) {
  return renderPage(
    <Routes>
      <Route path={path.split('?')[0]} element={element} />
    </Routes>,
    { route: path, path: '/*', api, session: orgSession },
  );
}

describe('ReconciliationWorkflowPage', () => {
  it('lists the queue with counts and marks the overdue ones', async () => {
    render('/workflow/reconciliation-workflow', <ReconciliationWorkflowPage />);
    const table = await screen.findByRole('table', { name: 'Reconciliation Workflow' });
    const [, first, second] = within(table).getAllByRole('row') as HTMLElement[];
    expect(within(first as HTMLElement).getByText('Overdue')).toBeInTheDocument();
    expect(within(first as HTMLElement).getByText('2026-01-30')).toBeInTheDocument();
    expect(within(second as HTMLElement).queryByText('Overdue')).not.toBeInTheDocument();
    expect(within(first as HTMLElement).getByText('Alex Associate')).toBeInTheDocument();
    expect(await screen.findByText('2 in this list')).toBeInTheDocument();
    expect(screen.getByText('1 overdue')).toBeInTheDocument();
  });

  it('sends the filters to the API', async () => {
    const { api } = render('/workflow/reconciliation-workflow', <ReconciliationWorkflowPage />);
    const user = setupUser();
    await screen.findByRole('table', { name: 'Reconciliation Workflow' });
    await user.click(screen.getByRole('combobox', { name: /^Due/ }));
    await user.click(await screen.findByRole('option', { name: 'Overdue' }));
    await user.click(screen.getByRole('combobox', { name: /^Client/ }));
    await user.click(await screen.findByRole('option', { name: 'Harper Household' }));
    await waitFor(() =>
      expect(api.callsTo('GET', LIST).at(-1)?.options?.query).toEqual({
        due: 'overdue',
        client: CLIENT_GUID,
        page: 1,
        page_size: 10,
      }),
    );
  });

  it('assigns the selected reconciliations in bulk', async () => {
    const { api } = render('/workflow/reconciliation-workflow', <ReconciliationWorkflowPage />);
    const user = setupUser();
    await screen.findByRole('table', { name: 'Reconciliation Workflow' });
    await user.click(screen.getByRole('checkbox', { name: 'Select all reconciliations on this page' }));
    expect(screen.getByText('2 selected')).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: /^Assign to/ }));
    await user.click(await screen.findByRole('option', { name: 'Maya Manager' }));
    await user.click(screen.getByRole('button', { name: 'Assign' }));
    expect(await screen.findByText('2 reconciliations assigned.')).toBeInTheDocument();
    expect(api.callsTo('POST', ASSIGN)[0]?.body).toEqual({
      reconciliations: [reconciliationRow(1).guid, reconciliationRow(2).guid],
      assignee: staffUser(7).guid,
    });
  });

  it('says so when the queue is empty', async () => {
    const api = script().reply('GET', LIST, page([]));
    render('/workflow/reconciliation-workflow', <ReconciliationWorkflowPage />, api);
    expect(await screen.findByText('Nothing here yet.')).toBeInTheDocument();
  });
});

describe('ReviewPage', () => {
  it('asks for the chosen review level, initial first', async () => {
    const { api } = render('/workflow/review', <ReviewPage />);
    const user = setupUser();
    await screen.findByRole('table', { name: 'Review' });
    expect(api.callsTo('GET', LIST).at(-1)?.options?.query).toEqual({
      review: 'initial',
      page: 1,
      page_size: 10,
    });
    await user.click(screen.getByRole('combobox', { name: /^Review/ }));
    await user.click(await screen.findByRole('option', { name: 'GL' }));
    await waitFor(() =>
      expect(api.callsTo('GET', LIST).at(-1)?.options?.query).toEqual({
        review: 'gl',
        page: 1,
        page_size: 10,
      }),
    );
  });
});

describe('moving a reconciliation from the queue', () => {
  const row = reconciliationRow(1, { step: 'Initial Review' });
  const params = { clientGuid: CLIENT_GUID, reconciliationGuid: row.guid };
  const MOVE = pathOf(workflowRoutes.postReportsClientReconciliationMove, params);
  const BACK = pathOf(workflowRoutes.postReportsClientReconciliationMoveBack, params);

  it('moves on, and shows the refusal when the preparer tries to pass a review', async () => {
    const api = script()
      .reply('GET', LIST, page([row]))
      .reply('POST', MOVE, () => {
        throw new ApiError(
          403,
          { detail: 'The preparer cannot review their own reconciliation.', code: 'preparer_cannot_review' },
          '',
        );
      });
    render('/workflow/reconciliation-workflow', <ReconciliationWorkflowPage />, api);
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: /to Secondary Review$/ }));
    expect(
      await screen.findByText(/The preparer cannot review their own reconciliation./),
    ).toBeInTheDocument();
    expect(api.callsTo('POST', MOVE)[0]?.body).toEqual({ to_step: 'Secondary Review' });
  });

  it('moves back with a reason', async () => {
    const api = script()
      .reply('GET', LIST, page([row]))
      .reply('POST', BACK, { ...row, step: 'Reconcile' });
    render('/workflow/reconciliation-workflow', <ReconciliationWorkflowPage />, api);
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: /back$/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Move back' });
    await user.click(within(dialog).getByRole('combobox', { name: /^Back to/ }));
    await user.click(await screen.findByRole('option', { name: 'Reconcile' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Balance off by $12');
    await user.click(within(dialog).getByRole('button', { name: 'Move back' }));
    expect(await screen.findByText('Moved back to Reconcile.')).toBeInTheDocument();
    expect(api.callsTo('POST', BACK)[0]?.body).toEqual({
      to_step: 'Reconcile',
      reason: 'Balance off by $12',
    });
  });
});
