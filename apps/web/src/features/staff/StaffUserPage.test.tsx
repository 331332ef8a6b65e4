import type { ClientAssignment, StaffUser } from '@bp/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { orgClient } from '../client-records/fixtures.test-support.ts';
import {
  catalogueFor,
  group,
  guidOf,
  ORG_PATH,
  orgSession,
  page,
  staffUser,
} from '../settings/org-fixtures.test-support.ts';
import { type ApiCall, createFakeApi, renderPage, setupUser } from '../test-utils.tsx';
import { StaffUserPage } from './StaffUserPage.tsx';

const ada = staffUser(7, {
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@demo.test',
  team_label: 'Manager',
  isManagerLead: true,
  groups: [{ guid: guidOf(901), name: 'Auditors' }],
});
const USER = `${ORG_PATH}/users/${ada.guid}`;
const harper = { guid: guidOf(501), name: 'Harper Household', archived: false };
const birch = { guid: guidOf(502), name: 'Birch Trust', archived: false };
const assignment = (client: typeof harper, kind: ClientAssignment['kind']): ClientAssignment => ({
  client,
  kind,
  created_on: '2026-01-01T00:00:00.000Z',
});

function setup(user: StaffUser = ada, held?: readonly string[]) {
  const api = createFakeApi()
    .reply('GET', `${ORG_PATH}/permissions`, catalogueFor('admin', held))
    .reply('GET', USER, user)
    .reply('PATCH', USER, (call: ApiCall) => ({ ...user, ...(call.body as object) }))
    .reply('GET', `${USER}/clients`, page([assignment(harper, 'assigned')]))
    .reply('POST', `${USER}/clients`, (call: ApiCall) => {
      const body = call.body as { client: string; kind: ClientAssignment['kind'] };
      return assignment(body.client === birch.guid ? birch : harper, body.kind);
    })
    .reply('DELETE', `${USER}/clients/${harper.guid}`, null)
    .reply(
      'GET',
      `${ORG_PATH}/groups`,
      page([group({ guid: guidOf(901), name: 'Auditors' }), group({ guid: guidOf(902), name: 'Payers' })]),
    )
    .reply('PUT', `${USER}/groups`, [])
    .reply('GET', `${ORG_PATH}/clients`, page([orgClient(harper), orgClient(birch)]))
    .reply('POST', `${USER}/enable`, (call: ApiCall) => ({ ...user, ...(call.body as object) }))
    .reply('POST', `${USER}/send-staff-invitation`, { detail: 'Invitation sent.' });
  return renderPage(<StaffUserPage />, {
    route: `/user-management/${user.guid}/`,
    path: '/user-management/:userId',
    api,
    session: orgSession,
  });
}

describe('StaffUserPage', () => {
  it('shows the member with their status and derived flags as chips', async () => {
    setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(screen.getByText('ada@demo.test')).toBeInTheDocument();
    expect(screen.getByText('Manager/Lead')).toBeInTheDocument();
    expect(screen.queryByText('Associate')).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Team label' }).textContent).toBe('Manager');
  });

  it('sends only the changed fields', async () => {
    const { api } = setup();
    const user = setupUser();
    await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save changes' })).toBeInTheDocument());
    await user.click(screen.getByLabelText('Role'));
    await user.click(await screen.findByRole('option', { name: 'Admin' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Changes saved.')).toBeInTheDocument();
    expect(api.callsTo('PATCH', USER).map((c) => c.body)).toEqual([{ role: 'admin' }]);
  });

  it('shows why the API refused a change', async () => {
    const { api } = setup();
    api.fail('PATCH', USER, 400, { role: ['You cannot change your own role.'] });
    const user = setupUser();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save changes' })).toBeInTheDocument());
    await user.click(screen.getByLabelText('Role'));
    await user.click(await screen.findByRole('option', { name: 'Admin' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('You cannot change your own role.')).toBeInTheDocument();
  });

  it('disables the member after a confirmation that says their sessions end at once', async () => {
    const { api } = setup();
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: 'Disable user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disable Ada Lovelace?' });
    expect(dialog).toHaveTextContent('Their sessions end at once');
    await user.click(within(dialog).getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText('Ada Lovelace is disabled and signed out.')).toBeInTheDocument();
    expect(api.callsTo('POST', `${USER}/enable`)[0]?.body).toEqual({ is_active: false });
  });

  it('resends the invitation only while it is pending', async () => {
    const { api } = setup({ ...ada, status: 'pending_invite', status_label: 'Pending Invite' });
    const user = setupUser();
    expect(await screen.findByText('Pending Invite')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Resend invitation' }));
    expect(await screen.findByText('Invitation sent to ada@demo.test.')).toBeInTheDocument();
    expect(api.callsTo('POST', `${USER}/send-staff-invitation`)).toHaveLength(1);
  });

  it('has no resend button once the invitation was accepted', async () => {
    setup();
    await screen.findByRole('button', { name: 'Disable user' });
    expect(screen.queryByRole('button', { name: 'Resend invitation' })).not.toBeInTheDocument();
  });

  it('sets the groups with a multi-select', async () => {
    const { api } = setup();
    const user = setupUser();
    const save = await screen.findByRole('button', { name: 'Save groups' });
    expect(save).toBeDisabled();
    await user.click(screen.getByLabelText('Groups'));
    await user.click(await screen.findByRole('option', { name: 'Payers' }));
    await user.click(save);
    expect(await screen.findByText('Groups saved.')).toBeInTheDocument();
    expect(api.callsTo('PUT', `${USER}/groups`)[0]?.body).toEqual({ groups: [guidOf(901), guidOf(902)] });
  });

  it('assigns a client, changes the kind and removes one after confirming', async () => {
    const { api } = setup();
    const user = setupUser();
    expect(await screen.findByText('Harper Household')).toBeInTheDocument();

    await user.click(screen.getByLabelText('Client to assign'));
    await user.click(await screen.findByRole('option', { name: 'Birch Trust' }));
    await user.click(screen.getByLabelText('Kind'));
    await user.click(await screen.findByRole('option', { name: 'Backup' }));
    await user.click(screen.getByRole('button', { name: 'Assign client' }));
    expect(await screen.findByText('Ada Lovelace is the backup for Birch Trust.')).toBeInTheDocument();
    expect(api.callsTo('POST', `${USER}/clients`)[0]?.body).toEqual({ client: birch.guid, kind: 'backup' });

    await user.click(screen.getByRole('combobox', { name: 'Kind for Harper Household' }));
    await user.click(await screen.findByRole('option', { name: 'Backup' }));
    await waitFor(() =>
      expect(api.callsTo('POST', `${USER}/clients`)[1]?.body).toEqual({
        client: harper.guid,
        kind: 'backup',
      }),
    );

    await user.click(screen.getByRole('button', { name: 'Remove Harper Household' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Harper Household?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(
      await screen.findByText("Harper Household removed from Ada Lovelace's clients."),
    ).toBeInTheDocument();
    expect(api.callsTo('DELETE', `${USER}/clients/${harper.guid}`)).toHaveLength(1);
  });

  it('is read-only for someone who may only see staff', async () => {
    setup(ada, ['staff.view']);
    await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' });
    await screen.findByText('Harper Household');
    expect(screen.queryByRole('button', { name: 'Disable user' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save changes' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Assign client' })).not.toBeInTheDocument();
    expect(screen.getByText('Auditors')).toBeInTheDocument();
  });
});
