import type { Organization } from '@bp/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeApi, renderPage, setupUser } from '../test-utils.tsx';
import { MyOrganizationsPage } from './MyOrganizationsPage.tsx';

const ORGS = '/v1/accounts/organizations';

const acme: Organization = {
  guid: '11111111-1111-4111-8111-111111111111',
  name: 'Acme Family Office',
  unread_count: 3,
  role: 'super_admin',
  team_label: 'Manager',
  client_property_default: '0',
};
const birch: Organization = {
  ...acme,
  guid: '22222222-2222-4222-8222-222222222222',
  name: 'Birch Partners',
  unread_count: 0,
  role: 'member',
  team_label: null,
};

const page = (results: Organization[]) => ({ count: results.length, next: null, previous: null, results });

describe('MyOrganizationsPage', () => {
  it('lists organisations with role and unread count, marks the current one and switches on click', async () => {
    const api = createFakeApi().reply('GET', ORGS, page([acme, birch]));
    const { session } = renderPage(<MyOrganizationsPage />, {
      route: '/my-organizations',
      api,
      session: { organization: { guid: birch.guid, name: birch.name } },
    });

    expect(screen.getByRole('heading', { name: 'Switch to Organization' })).toBeInTheDocument();
    expect(screen.getByText('Loading your organisations…')).toBeInTheDocument();
    expect(await screen.findByText('Acme Family Office')).toBeInTheDocument();
    expect(screen.getByText('Super admin · Manager')).toBeInTheDocument();
    expect(screen.getByText('3 unread messages')).toBeInTheDocument();
    expect(screen.getByText('Current')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Birch Partners/ })).toHaveAttribute('aria-current', 'true');

    await setupUser().click(screen.getByRole('button', { name: /Acme Family Office/ }));
    expect(session.selectOrganization).toHaveBeenCalledWith(acme);
  });

  it('has an empty state', async () => {
    const api = createFakeApi().reply('GET', ORGS, page([]));
    renderPage(<MyOrganizationsPage />, { route: '/my-organizations', api });
    expect(await screen.findByText('You are not a member of any organisation.')).toBeInTheDocument();
  });
});
