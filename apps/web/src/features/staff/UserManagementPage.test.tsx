import type { StaffUser } from '@bp/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  catalogueFor,
  ORG_PATH,
  orgSession,
  page,
  staffUser,
} from '../settings/org-fixtures.test-support.ts';
import { type ApiCall, createFakeApi, renderPage, setupUser } from '../test-utils.tsx';
import { UserManagementPage } from './UserManagementPage.tsx';

const USERS = `${ORG_PATH}/users`;

const everyone: StaffUser[] = Array.from({ length: 12 }, (_, i) =>
  staffUser(i + 1, {
    team_label: i % 3 === 0 ? 'Associate' : 'Manager',
    is_active: i !== 4,
    role: i === 0 ? 'admin' : 'user',
    status: i === 11 ? 'pending_invite' : 'active',
    status_label: i === 11 ? 'Pending Invite' : 'Active',
  }),
);

/** A fake of the list: filters by search on the e-mail, team label and active, pages by 10. */
function listStaff(call: ApiCall) {
  const q = call.options?.query ?? {};
  const matching = everyone.filter(
    (u) =>
      (!q.search || u.email.includes(String(q.search))) &&
      (!q.team_label || u.team_label === q.team_label) &&
      (!q.is_active || String(u.is_active) === q.is_active),
  );
  const at = (Number(q.page ?? 1) - 1) * 10;
  return page(matching.slice(at, at + 10), matching.length);
}

function setup(role = 'admin', held?: readonly string[]) {
  const api = createFakeApi()
    .reply('GET', `${ORG_PATH}/permissions`, catalogueFor(role, held))
    .reply('GET', USERS, listStaff);
  return renderPage(<UserManagementPage />, { route: '/user-management', api, session: orgSession });
}

describe('UserManagementPage', () => {
  it('lists staff with name, e-mail, role, team label, status and active', async () => {
    setup();
    expect(screen.getByRole('heading', { level: 1, name: 'User Management' })).toBeInTheDocument();
    const link = await screen.findByRole('link', { name: 'Staff 1' });
    expect(link).toHaveAttribute('href', `/user-management/${staffUser(1).guid}/`);
    const cells = [...(link.closest('tr') as HTMLElement).querySelectorAll('td')].map((td) => td.textContent);
    expect(cells).toEqual(['Staff 1', 'staff1@demo.test', 'Admin', 'Associate', 'Active', 'Active']);
    const disabled = screen.getByRole('link', { name: 'Staff 5' }).closest('tr') as HTMLElement;
    expect(within(disabled).getByText('Disabled')).toBeInTheDocument();
    expect(screen.getByText('1–10 of 12')).toBeInTheDocument();
  });

  it('filters by team label and active, and pages', async () => {
    const { api } = setup();
    const user = setupUser();
    await screen.findByRole('link', { name: 'Staff 1' });

    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(await screen.findByRole('link', { name: 'Staff 12' })).toBeInTheDocument();
    expect(screen.getByText('Pending Invite')).toBeInTheDocument();

    await user.click(screen.getByLabelText('Team label'));
    await user.click(await screen.findByRole('option', { name: 'Associate' }));
    await user.click(screen.getByLabelText('Active'));
    await user.click(await screen.findByRole('option', { name: 'Active only' }));
    await waitFor(() =>
      expect(api.calls.at(-1)?.options?.query).toMatchObject({
        page: 1,
        team_label: 'Associate',
        is_active: 'true',
      }),
    );
    expect(await screen.findByRole('link', { name: 'Staff 10' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Staff 2' })).not.toBeInTheDocument();
  });

  it('searches once typing pauses and says when nothing matches', async () => {
    const { api } = setup();
    const user = setupUser();
    await screen.findByRole('link', { name: 'Staff 1' });
    await user.type(screen.getByLabelText('Search staff'), 'nobody');
    expect(await screen.findByText('No staff members match these filters.')).toBeInTheDocument();
    const searches = api.calls.map((c) => c.options?.query?.search).filter((s) => s !== undefined);
    expect(searches).toEqual(['nobody']);
  });

  it('invites a staff member: creates them, then sends the invitation', async () => {
    const { api } = setup();
    const created = staffUser(50, { email: 'new@demo.test', status: 'pending_invite' });
    api
      .reply('POST', USERS, created)
      .reply('POST', `${USERS}/${created.guid}/send-staff-invitation`, { detail: 'Invitation sent.' });
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: 'Invite staff member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite staff member' });
    await user.type(within(dialog).getByLabelText('E-mail'), 'new@demo.test');
    await user.type(within(dialog).getByLabelText('First name'), 'Nia');
    await user.type(within(dialog).getByLabelText('Last name'), 'Newman');
    await user.click(within(dialog).getByLabelText('Team label'));
    await user.click(await screen.findByRole('option', { name: 'Associate' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));

    expect(await screen.findByText('Invitation sent to new@demo.test.')).toBeInTheDocument();
    expect(api.callsTo('POST', USERS)[0]?.body).toEqual({
      email: 'new@demo.test',
      first_name: 'Nia',
      last_name: 'Newman',
      role: 'user',
      team_label: 'Associate',
    });
    expect(api.callsTo('POST', `${USERS}/${created.guid}/send-staff-invitation`)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows a duplicate e-mail under the field and sends no invitation', async () => {
    const { api } = setup();
    api.fail('POST', USERS, 400, { email: ['A user with this e-mail already exists.'] });
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: 'Invite staff member' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('E-mail'), 'staff1@demo.test');
    await user.type(within(dialog).getByLabelText('First name'), 'A');
    await user.type(within(dialog).getByLabelText('Last name'), 'B');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText('A user with this e-mail already exists.')).toBeVisible();
    expect(within(dialog).getByLabelText('E-mail')).toHaveAccessibleDescription(
      'A user with this e-mail already exists.',
    );
  });

  it('offers super admin only to a super admin', async () => {
    setup('admin');
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: 'Invite staff member' }));
    await user.click(within(await screen.findByRole('dialog')).getByLabelText('Role'));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual(['User', 'Admin']);
  });

  it('hides the invitation from someone who may not manage staff', async () => {
    setup('user', ['staff.view']);
    await screen.findByRole('link', { name: 'Staff 1' });
    expect(screen.queryByRole('button', { name: 'Invite staff member' })).not.toBeInTheDocument();
  });
});
