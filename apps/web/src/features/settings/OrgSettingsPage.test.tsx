import type { OrganizationDetail, PermissionCatalogue } from '@bp/contracts';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type ApiCall, createFakeApi, renderPage, setupUser } from '../test-utils.tsx';
import { OrgSettingsPage } from './OrgSettingsPage.tsx';
import { catalogueFor, group, ORG_GUID } from './org-fixtures.test-support.ts';

const ORG = ORG_GUID;
const DETAIL = `/v1/accounts/organizations/${ORG}`;
const PERMISSIONS = `${DETAIL}/permissions`;
const GROUPS = `${DETAIL}/groups`;

const org: OrganizationDetail = {
  guid: ORG,
  name: 'Demo Family Office',
  unread_count: 0,
  role: 'admin',
  team_label: 'Manager',
  client_property_default: '0',
  password_expiry_days: 90,
  mfa_required: false,
  support_email: 'help@demo.test',
  support_phone: '5551234567',
  updated_on: '2026-01-01T00:00:00.000Z',
};

const adminCatalogue = catalogueFor('admin');

const reviewers = group({ user_count: 3 });

function setup(catalogue: PermissionCatalogue = adminCatalogue) {
  const api = createFakeApi()
    .reply('GET', DETAIL, org)
    .reply('GET', PERMISSIONS, catalogue)
    .reply('GET', GROUPS, { count: 1, next: null, previous: null, results: [reviewers] })
    .reply('PATCH', DETAIL, (call: ApiCall) => ({
      ...org,
      ...(call.body as object),
      updated_on: '2026-02-01T00:00:00.000Z',
    }))
    .reply('GET', '/v1/accounts/organizations', { count: 0, next: null, previous: null, results: [] });
  const rendered = renderPage(<OrgSettingsPage />, {
    route: '/settings',
    api,
    session: { organization: { guid: ORG, name: org.name } },
  });
  return { ...rendered, api };
}

describe('OrgSettingsPage', () => {
  it("shows the organisation's details and policies", async () => {
    setup();
    expect(screen.getByRole('heading', { level: 1, name: 'Org Settings' })).toBeInTheDocument();
    expect(await screen.findByLabelText('Organization name')).toHaveValue('Demo Family Office');
    expect(screen.getByLabelText('Password expiry (days)')).toHaveValue('90');
    expect(screen.getByLabelText('Support phone')).toHaveValue('(555) 123-4567');
    expect((screen.getByLabelText('Two-factor authentication required') as HTMLInputElement).checked).toBe(
      false,
    );
  });

  it('saves only the changed fields, a blank expiry as never', async () => {
    const { api } = setup();
    const user = setupUser();
    const expiry = await screen.findByLabelText('Password expiry (days)');
    await waitFor(() => expect(screen.getByLabelText('Organization name')).toBeEnabled());
    await user.clear(expiry);
    await user.click(screen.getByLabelText('Two-factor authentication required'));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Organization settings saved.')).toBeInTheDocument();
    expect(api.callsTo('PATCH', DETAIL).map((c) => c.body)).toEqual([
      { password_expiry_days: null, mfa_required: true },
    ]);
  });

  it('says what is wrong before sending anything', async () => {
    const { api } = setup();
    const user = setupUser();
    await screen.findByLabelText('Support e-mail');
    await waitFor(() => expect(screen.getByLabelText('Support e-mail')).toBeEnabled());
    await user.clear(screen.getByLabelText('Support e-mail'));
    await user.type(screen.getByLabelText('Support e-mail'), 'not-an-address');
    await user.clear(screen.getByLabelText('Password expiry (days)'));
    await user.type(screen.getByLabelText('Password expiry (days)'), '5000');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Enter a valid e-mail address.')).toBeInTheDocument();
    expect(
      screen.getByText('Enter between 1 and 3650 days, or leave it blank for never.'),
    ).toBeInTheDocument();
    expect(api.callsTo('PATCH', DETAIL)).toHaveLength(0);
  });

  it('shows a field the API refused under that field', async () => {
    const { api } = setup();
    api.fail('PATCH', DETAIL, 400, { name: ['An organization with this name already exists.'] });
    const user = setupUser();
    const name = await screen.findByLabelText('Organization name');
    await waitFor(() => expect(name).toBeEnabled());
    await user.type(name, ' II');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('An organization with this name already exists.')).toBeInTheDocument();
  });

  it('lists the groups with member and permission counts, and links to add one', async () => {
    setup();
    const link = await screen.findByRole('link', { name: 'Reviewers' });
    expect(link).toHaveAttribute('href', `/settings/org-edit-group/${ORG}/group/${reviewers.guid}`);
    const row = link.closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('Read the audit trail');
    expect([...row.querySelectorAll('td')].map((td) => td.textContent).slice(2)).toEqual(['3', '2']);
    expect(screen.getByRole('link', { name: 'Add group' })).toHaveAttribute(
      'href',
      `/settings/org-add-group/${ORG}`,
    );
  });

  it('is read-only for someone who may not change settings', async () => {
    setup(catalogueFor('user', ['staff.view']));
    await screen.findByRole('link', { name: 'Reviewers' });
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Save changes' })).not.toBeInTheDocument(),
    );
    expect(screen.getByLabelText('Organization name')).toBeDisabled();
    expect(screen.queryByRole('link', { name: 'Add group' })).not.toBeInTheDocument();
  });
});
