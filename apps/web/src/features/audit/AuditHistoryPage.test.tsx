import type { EventLog } from '@bp/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { orgClient } from '../client-records/fixtures.test-support.ts';
import { guidOf, ORG_PATH, orgSession, page, staffUser } from '../settings/org-fixtures.test-support.ts';
import { type ApiCall, createFakeApi, renderPage, setupUser } from '../test-utils.tsx';
import { AuditHistoryPage } from './AuditHistoryPage.tsx';

const LOGS = `${ORG_PATH}/event-logs`;

function log(n: number, overrides: Partial<EventLog> = {}): EventLog {
  return {
    guid: guidOf(n),
    created_on: new Date(2026, 2, 5, 9, n % 60).toISOString(),
    action: 'group_updated',
    object_type: 'group',
    object_guid: guidOf(900),
    actor: { guid: guidOf(1), name: 'Morgan Manager', email: 'manager@demo.test' },
    masked_by: null,
    client: null,
    changes: { name: { before: 'Reviewers', after: 'Auditors' } },
    ...overrides,
  };
}

const logs = Array.from({ length: 14 }, (_, i) => log(i + 1));
logs[0] = log(1, {
  action: 'client_updated',
  object_type: 'client',
  actor: { guid: guidOf(2), name: 'Claire Harper', email: 'client@demo.test' },
  masked_by: { guid: guidOf(3), name: 'Sam Super' },
  client: { guid: guidOf(501), name: 'Harper Household' },
  changes: {
    name: { before: 'Harper', after: 'Harper Household' },
    has_properties: { before: false, after: true },
  },
});

function listLogs(call: ApiCall) {
  const q = call.options?.query ?? {};
  const at = (Number(q.page ?? 1) - 1) * 10;
  return page(logs.slice(at, at + 10), logs.length);
}

function setup() {
  const api = createFakeApi()
    .reply('GET', LOGS, listLogs)
    .reply('GET', `${ORG_PATH}/users`, page([staffUser(1, { first_name: 'Morgan', last_name: 'Manager' })]))
    .reply('GET', `${ORG_PATH}/clients`, page([orgClient({ guid: guidOf(501), name: 'Harper Household' })]));
  return renderPage(<AuditHistoryPage />, { route: '/audit-history', api, session: orgSession });
}

describe('AuditHistoryPage', () => {
  it('shows when, who (and as whom), action and object, 10 to a page', async () => {
    const { api } = setup();
    expect(screen.getByRole('heading', { level: 1, name: 'Audit History' })).toBeInTheDocument();
    const masked = await screen.findByText('masked by Sam Super');
    const row = masked.closest('tr') as HTMLElement;
    expect(within(row).getByText('03/05/2026')).toBeInTheDocument();
    expect(within(row).getByText('9:01 AM')).toBeInTheDocument();
    expect(within(row).getByText('Claire Harper')).toBeInTheDocument();
    expect(within(row).getByText('Client updated')).toBeInTheDocument();
    expect(within(row).getByText('Harper Household')).toBeInTheDocument();
    expect(within(row).getByText('2 fields')).toBeInTheDocument();
    expect(screen.getByText('1–10 of 14')).toBeInTheDocument();
    expect(api.calls[0]?.options?.query).toEqual({ page: 1, page_size: 10 });
  });

  it('expands a row into its changed fields', async () => {
    setup();
    const row = (await screen.findByText('masked by Sam Super')).closest('tr') as HTMLElement;
    await setupUser().click(within(row).getByRole('button', { name: /^Show changes/ }));
    const list = await screen.findByRole('list', { name: 'Changed fields' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['name: Harper → Harper Household', 'has_properties: No → Yes']);
  });

  it('filters by user and client', async () => {
    const { api } = setup();
    const user = setupUser();
    await screen.findByText('masked by Sam Super');
    await user.click(screen.getByLabelText('User'));
    await user.click(await screen.findByRole('option', { name: /Morgan Manager/ }));
    await user.click(screen.getByLabelText('Client'));
    await user.click(await screen.findByRole('option', { name: 'Harper Household' }));
    await waitFor(() =>
      expect(api.callsTo('GET', LOGS).at(-1)?.options?.query).toEqual({
        page: 1,
        page_size: 10,
        user: guidOf(1),
        client: guidOf(501),
      }),
    );
  });

  it('filters by object type and dates typed as MM/dd/yyyy, and clears the filters', async () => {
    const { api } = setup();
    const user = setupUser();
    await screen.findByText('masked by Sam Super');
    await user.click(screen.getByLabelText('Object type'));
    await user.click(await screen.findByRole('option', { name: 'Group' }));
    await user.click(screen.getByLabelText('From'));
    await user.paste('03/01/2026');
    await user.click(screen.getByLabelText('To'));
    await user.paste('03/31/2026');
    await waitFor(() =>
      expect(api.callsTo('GET', LOGS).at(-1)?.options?.query).toEqual({
        page: 1,
        page_size: 10,
        object_type: 'group',
        date_from: '2026-03-01',
        date_to: '2026-03-31',
      }),
    );

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() =>
      expect(api.callsTo('GET', LOGS).at(-1)?.options?.query).toEqual({ page: 1, page_size: 10 }),
    );
    expect(screen.getByLabelText('From')).toHaveValue('');
  });

  it('explains a date it cannot read, and an end before the start, without sending them', async () => {
    const { api } = setup();
    const user = setupUser();
    await screen.findByText('masked by Sam Super');
    await user.type(screen.getByLabelText('From'), '13/45/2026');
    expect(await screen.findByText('Enter a date as MM/dd/yyyy.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('From'));
    await user.paste('03/10/2026');
    await user.click(screen.getByLabelText('To'));
    await user.paste('03/01/2026');
    expect(await screen.findByText('The end date must not be before the start date.')).toBeInTheDocument();
    const sent = api.callsTo('GET', LOGS).map((c) => c.options?.query?.date_to);
    expect(sent.filter((d) => d !== undefined)).toEqual([]);
  });

  it('tells a user without the permission how to get it', async () => {
    const api = createFakeApi().fail('GET', LOGS, 403, {
      detail: 'Permission denied.',
      code: 'permission_denied',
    });
    renderPage(<AuditHistoryPage />, { route: '/audit-history', api, session: orgSession });
    expect(
      await screen.findByText(/You do not have permission to read the audit history/),
    ).toBeInTheDocument();
  });
});
