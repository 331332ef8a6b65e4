import { ApiError } from '@bp/api-client';
import type { MaskUser, Paged } from '@bp/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { type ApiCall, createFakeApi, renderPage, setupUser, testClaims } from '../test-utils.tsx';
import { NonStaffUsersPage } from './NonStaffUsersPage.tsx';

const USERS = '/v1/auth/mask/users';

function user(n: number, type: MaskUser['type'] = 'client'): MaskUser {
  return {
    guid: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    email: `user${n}@example.com`,
    first_name: 'User',
    last_name: String(n),
    type,
  };
}

/** A fake of the list endpoint: 23 users, filtered by `search` on the e-mail, paged by 10. */
function listUsers(call: ApiCall): Paged<MaskUser> {
  const query = call.options?.query ?? {};
  const all = Array.from({ length: 23 }, (_, i) => user(i + 1, i % 2 === 0 ? 'client' : 'bporg'));
  const search = typeof query.search === 'string' ? query.search : '';
  const matching = all.filter((u) => u.email.includes(search));
  const page = Number(query.page ?? 1);
  const size = Number(query.page_size ?? 10);
  return {
    count: matching.length,
    next: null,
    previous: null,
    results: matching.slice((page - 1) * size, page * size),
  };
}

const staff = { claims: testClaims({ staff: 'member' }) };

describe('NonStaffUsersPage', () => {
  it('lists the first page of users with name, e-mail and type', async () => {
    const api = createFakeApi().reply('GET', USERS, listUsers);
    renderPage(<NonStaffUsersPage />, { route: '/non-staff-users', api, session: staff });

    expect(screen.getByRole('heading', { name: 'Mask to another User' })).toBeInTheDocument();
    expect(await screen.findByText('user1@example.com')).toBeInTheDocument();
    expect(screen.getAllByRole('row')).toHaveLength(11);
    expect(screen.getByText('User 2')).toBeInTheDocument();
    expect(screen.getAllByText('Organization user').length).toBeGreaterThan(0);
    expect(api.calls[0]?.options?.query).toEqual({ page: 1, page_size: 10, search: undefined });
  });

  it('pages through the results', async () => {
    const api = createFakeApi().reply('GET', USERS, listUsers);
    renderPage(<NonStaffUsersPage />, { route: '/non-staff-users', api, session: staff });
    await screen.findByText('user1@example.com');

    await setupUser().click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(await screen.findByText('user11@example.com')).toBeInTheDocument();
    expect(api.calls.at(-1)?.options?.query).toMatchObject({ page: 2, page_size: 10 });
    expect(screen.getByText('11–20 of 23')).toBeInTheDocument();
  });

  it('searches once the typing pauses, not on every key', async () => {
    const api = createFakeApi().reply('GET', USERS, listUsers);
    renderPage(<NonStaffUsersPage />, { route: '/non-staff-users', api, session: staff });
    await screen.findByText('user1@example.com');

    await setupUser().type(screen.getByLabelText('Search users'), 'user7@');
    expect(await screen.findByText('user7@example.com')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('user1@example.com')).not.toBeInTheDocument());
    const searches = api.calls.map((call) => call.options?.query?.search).filter((s) => s !== undefined);
    expect(searches).toEqual(['user7@']);
  });

  it('says so when nothing matches', async () => {
    const api = createFakeApi().reply('GET', USERS, listUsers);
    renderPage(<NonStaffUsersPage />, { route: '/non-staff-users', api, session: staff });
    await screen.findByText('user1@example.com');
    await setupUser().type(screen.getByLabelText('Search users'), 'nobody');
    expect(await screen.findByText('No users match your search.')).toBeInTheDocument();
  });

  it('shows the error and retries on request', async () => {
    const api = createFakeApi().fail('GET', USERS, 500, null);
    renderPage(<NonStaffUsersPage />, { route: '/non-staff-users', api, session: staff });
    expect(
      await screen.findByText('Service temporarily unavailable. Please try again later.'),
    ).toBeInTheDocument();
    api.reply('GET', USERS, listUsers);
    await setupUser().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('user1@example.com')).toBeInTheDocument();
  });

  it('asks for confirmation before masking', async () => {
    const api = createFakeApi().reply('GET', USERS, listUsers);
    const { session } = renderPage(<NonStaffUsersPage />, { route: '/non-staff-users', api, session: staff });
    await screen.findByText('user1@example.com');
    const u = setupUser();

    await u.click(screen.getByRole('button', { name: 'Mask as User 3' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mask as User 3?' });
    await u.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(session.mask).not.toHaveBeenCalled();

    await u.click(screen.getByRole('button', { name: 'Mask as User 3' }));
    await u.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Mask' }));
    await waitFor(() => expect(session.mask).toHaveBeenCalledWith(user(3).guid));
  });

  it('shows why masking failed', async () => {
    const api = createFakeApi().reply('GET', USERS, listUsers);
    const mask = vi.fn(async () => {
      throw new ApiError(403, { detail: 'Internal staff cannot be masked.', code: 'permission_denied' }, '');
    });
    renderPage(<NonStaffUsersPage />, { route: '/non-staff-users', api, session: { ...staff, mask } });
    await screen.findByText('user1@example.com');
    const u = setupUser();
    await u.click(screen.getByRole('button', { name: 'Mask as User 1' }));
    await u.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Mask' }));
    expect(await screen.findByText('Internal staff cannot be masked.')).toBeInTheDocument();
  });

  it('sends non-staff users to the dashboard', () => {
    renderPage(<NonStaffUsersPage />, {
      route: '/non-staff-users',
      session: { claims: testClaims({ staff: null, type: 'client' }) },
    });
    expect(screen.getByTestId('location').textContent).toBe('/dashboard');
  });
});
