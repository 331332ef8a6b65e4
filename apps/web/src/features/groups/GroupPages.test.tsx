import type { Group } from '@bp/contracts';
import { PERMISSION_VALUES } from '@bp/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  catalogueFor,
  group,
  member,
  ORG_GUID,
  ORG_PATH,
  orgSession,
  page,
  staffUser,
} from '../settings/org-fixtures.test-support.ts';
import { type ApiCall, createFakeApi, renderPage, setupUser } from '../test-utils.tsx';
import { AddGroupPage, EditGroupPage } from './GroupPages.tsx';

const GROUPS = `${ORG_PATH}/groups`;
const reviewers = group();
const GROUP = `${GROUPS}/${reviewers.guid}`;
const EDIT_ROUTE = '/settings/org-edit-group/:orgGuid/group/:groupGuid';
const editUrl = (guid: string) => `/settings/org-edit-group/${ORG_GUID}/group/${guid}`;

function renderEdit(held?: readonly string[]) {
  const api = createFakeApi()
    .reply('GET', `${ORG_PATH}/permissions`, catalogueFor('admin', held))
    .reply('GET', GROUP, reviewers)
    .reply('GET', `${GROUP}/users`, page([member(1)]))
    .reply('PATCH', GROUP, (call: ApiCall) => ({ ...reviewers, ...(call.body as object) }))
    .reply('PUT', `${GROUP}/permissions`, (call: ApiCall) => call.body)
    .reply('POST', `${GROUP}/users`, reviewers)
    .reply('DELETE', `${GROUP}/users/${member(1).guid}`, null)
    .reply('DELETE', GROUP, null)
    .reply('GET', `${ORG_PATH}/users`, page([staffUser(2), staffUser(3)]));
  return renderPage(<EditGroupPage />, {
    route: editUrl(reviewers.guid),
    path: EDIT_ROUTE,
    api,
    session: orgSession,
  });
}

describe('AddGroupPage', () => {
  it('creates a group with the permissions ticked, then opens it to add members', async () => {
    const created: Group = group({ guid: '33333333-3333-4333-8333-333333333333', name: 'Auditors' });
    const api = createFakeApi()
      .reply('GET', `${ORG_PATH}/permissions`, catalogueFor('admin'))
      .reply('POST', GROUPS, created);
    renderPage(<AddGroupPage />, {
      route: `/settings/org-add-group/${ORG_GUID}`,
      path: '/settings/org-add-group/:orgGuid',
      api,
      session: orgSession,
    });
    const user = setupUser();

    expect(screen.getByRole('heading', { level: 1, name: 'Add Group' })).toBeInTheDocument();
    // The catalogue in areas, each a labelled group of checkboxes.
    const bills = await screen.findByRole('group', { name: 'Bills' });
    expect(
      within(bills).getByRole('checkbox', { name: 'Approve bills at supervisor review' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Staff' })).toBeInTheDocument();

    await user.click(screen.getByLabelText('Group name'));
    await user.paste('Auditors');
    await user.click(screen.getByLabelText('Description'));
    await user.paste('Read-only reviewers');
    await user.click(screen.getByRole('checkbox', { name: 'Read the audit history' }));
    await user.click(screen.getByRole('checkbox', { name: 'See staff members' }));
    // The whole catalogue is offered to an admin: every permission the platform knows.
    expect(screen.getByText(`2 of ${PERMISSION_VALUES.length} permissions selected`)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create group' }));

    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(editUrl(created.guid)));
    expect(api.callsTo('POST', GROUPS)[0]?.body).toEqual({
      name: 'Auditors',
      description: 'Read-only reviewers',
      // Catalogue order, not click order.
      permissions: ['staff.view', 'audit.view'],
    });
  });

  it('needs a name', async () => {
    const api = createFakeApi().reply('GET', `${ORG_PATH}/permissions`, catalogueFor('admin'));
    renderPage(<AddGroupPage />, {
      route: `/settings/org-add-group/${ORG_GUID}`,
      path: '/settings/org-add-group/:orgGuid',
      api,
      session: orgSession,
    });
    await setupUser().click(await screen.findByRole('button', { name: 'Create group' }));
    expect(await screen.findByText('This field is required.')).toBeInTheDocument();
    expect(api.callsTo('POST', GROUPS)).toHaveLength(0);
  });
});

describe('EditGroupPage', () => {
  it("ticks the group's permissions and sends only what changed", async () => {
    const { api } = renderEdit();
    const user = setupUser();
    expect(await screen.findByRole('heading', { level: 1, name: 'Reviewers' })).toBeInTheDocument();
    const audit = screen.getByRole('checkbox', { name: 'Read the audit history' }) as HTMLInputElement;
    expect(audit).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Enter bills' })).not.toBeChecked();

    await user.click(screen.getByRole('checkbox', { name: 'Enter bills' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Group saved.')).toBeInTheDocument();
    expect(api.callsTo('PATCH', GROUP)).toHaveLength(0);
    expect(api.callsTo('PUT', `${GROUP}/permissions`)[0]?.body).toEqual({
      permissions: ['staff.view', 'audit.view', 'bills.create'],
    });

    await user.type(screen.getByLabelText('Group name'), ' team');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(api.callsTo('PATCH', GROUP)[0]?.body).toEqual({ name: 'Reviewers team' }));
  });

  it('offers only the permissions the user holds to grant', async () => {
    renderEdit(['staff.view', 'groups.manage', 'audit.view']);
    const bills = (await screen.findByRole('checkbox', { name: 'Enter bills' })) as HTMLInputElement;
    expect(bills).toBeDisabled();
    // Taking a permission away is always possible.
    expect(
      (screen.getByRole('checkbox', { name: 'Read the audit history' }) as HTMLInputElement).disabled,
    ).toBe(false);
  });

  it('adds a member picked from the staff list', async () => {
    const { api } = renderEdit();
    const user = setupUser();
    await screen.findByText('staff1@demo.test');
    await user.click(screen.getByLabelText('Staff member to add'));
    await user.click(await screen.findByRole('option', { name: /Staff 3/ }));
    await user.click(screen.getByRole('button', { name: 'Add member' }));

    expect(await screen.findByText('Staff 3 added to Reviewers.')).toBeInTheDocument();
    expect(api.callsTo('POST', `${GROUP}/users`)[0]?.body).toEqual({ user: staffUser(3).guid });
  });

  it('removes a member after confirming', async () => {
    const { api } = renderEdit();
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: 'Remove Staff 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Staff 1 from Reviewers?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('DELETE', `${GROUP}/users/${member(1).guid}`)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Remove Staff 1' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Staff 1 removed from Reviewers.')).toBeInTheDocument();
    expect(api.callsTo('DELETE', `${GROUP}/users/${member(1).guid}`)).toHaveLength(1);
  });

  it('deletes the group after confirming and returns to Org Settings', async () => {
    const { api } = renderEdit();
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: 'Delete group' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Reviewers?' });
    expect(dialog).toHaveTextContent('This cannot be undone.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete group' }));

    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/settings'));
    expect(api.callsTo('DELETE', GROUP)).toHaveLength(1);
  });

  it('says so when the group does not exist', async () => {
    const api = createFakeApi()
      .reply('GET', `${ORG_PATH}/permissions`, catalogueFor('admin'))
      .fail('GET', GROUP, 404, { detail: 'Not found.', code: 'not_found' });
    renderPage(<EditGroupPage />, {
      route: editUrl(reviewers.guid),
      path: EDIT_ROUTE,
      api,
      session: orgSession,
    });
    expect(await screen.findByText('Not found.')).toBeInTheDocument();
  });
});
