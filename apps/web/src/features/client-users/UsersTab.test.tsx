import { pathOf } from '@bp/api-client';
import { clientsRoutes, entitiesRoutes } from '@bp/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { vendorRow } from '../bills/shared/fixtures.test-support.ts';
import { CLIENT_GUID, clientUser, entity, guidOf, page } from '../client-records/fixtures.test-support.ts';
import { createFakeApi, renderPage, setupUser } from '../test-utils.tsx';
import { UsersTab } from './UsersTab.tsx';

const USERS = pathOf(clientsRoutes.getAccountsClientUsers, { clientGuid: CLIENT_GUID });
const INVITES = pathOf(clientsRoutes.postAccountsClientUserInvitations, { clientGuid: CLIENT_GUID });
const designee = clientUser({
  guid: guidOf(60),
  user: { guid: guidOf(61), email: 'dee@example.test', first_name: 'Dee', last_name: 'Signee' },
  role: 'designee',
  role_label: 'Designee',
  client_relation: 'designee',
  client_relation_label: 'Designee',
  status: 'pending_invite',
  status_label: 'Pending Invite',
  approval_limit: 500000,
});

function render(readOnly = false) {
  const api = createFakeApi().reply('GET', USERS, page([clientUser(), designee]));
  renderPage(<UsersTab clientGuid={CLIENT_GUID} readOnly={readOnly} />, { route: '/clients/c', api });
  return api;
}

describe('UsersTab', () => {
  it('lists role, relation and status labels, and the limit with Unlimited for 0', async () => {
    render();
    const table = await screen.findByRole('table', { name: 'Users' });
    const [, claire, dee] = within(table).getAllByRole('row') as HTMLElement[];
    expect(within(claire as HTMLElement).getByText('Claire Harper')).toBeInTheDocument();
    expect(within(claire as HTMLElement).getByText('Unlimited')).toBeInTheDocument();
    expect(within(claire as HTMLElement).getByText('Active')).toBeInTheDocument();
    expect(within(dee as HTMLElement).getByText('Pending Invite')).toBeInTheDocument();
    expect(within(dee as HTMLElement).getByText('$5,000.00')).toBeInTheDocument();
  });

  it('offers resend only for a pending invitation', async () => {
    const api = render().reply('POST', `${INVITES}/${designee.guid}/resend`, designee);
    await screen.findByRole('table', { name: 'Users' });
    expect(
      screen.queryByRole('button', { name: 'Resend invitation to Claire Harper' }),
    ).not.toBeInTheDocument();
    await setupUser().click(screen.getByRole('button', { name: 'Resend invitation to Dee Signee' }));
    expect(await screen.findByText('Invitation sent again to dee@example.test.')).toBeInTheDocument();
    expect(api.callsTo('POST', `${INVITES}/${designee.guid}/resend`)).toHaveLength(1);
  });

  it('invites a designee', async () => {
    const api = render().reply('POST', INVITES, designee);
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: 'Invite user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite user' });
    await user.type(within(dialog).getByLabelText(/^E-mail/), 'new@example.test');
    await user.type(within(dialog).getByLabelText(/^First name/), 'Nia');
    await user.type(within(dialog).getByLabelText(/^Last name/), 'New');
    await user.click(within(dialog).getByLabelText(/^Role/));
    await user.click(await screen.findByRole('option', { name: 'Designee' }));
    await user.click(within(dialog).getByLabelText(/^Relation to the client/));
    await user.click(await screen.findByRole('option', { name: 'Designee' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Invitation sent.')).toBeInTheDocument();
    expect(api.callsTo('POST', INVITES)[0]?.body).toEqual({
      email: 'new@example.test',
      first_name: 'Nia',
      last_name: 'New',
      role: 'designee',
      client_relation: 'designee',
      nickname: null,
    });
  });

  it('edits the role only', async () => {
    const one = `${USERS}/${clientUser().guid}`;
    const api = render().reply('PATCH', one, clientUser({ role: 'observer' }));
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: 'Edit Claire Harper' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Claire Harper' });
    await user.click(within(dialog).getByLabelText(/^Role/));
    await user.click(await screen.findByRole('option', { name: 'Observer' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('User updated.')).toBeInTheDocument();
    expect(api.callsTo('PATCH', one)[0]?.body).toEqual({ role: 'observer' });
  });

  it("saves a designee's limits: the amount in cents and the changed lists", async () => {
    const holdings = entity();
    const personal = entity({ guid: guidOf(2), nickname: 'Harper Personal' });
    const vendor = {
      guid: guidOf(70),
      name: 'Pacific Power',
      entity: { guid: holdings.guid, nickname: holdings.nickname },
    };
    const one = `${USERS}/${designee.guid}`;
    const api = render()
      .reply(
        'GET',
        pathOf(entitiesRoutes.getAccountsClientEntities, { clientGuid: CLIENT_GUID }),
        page([holdings, personal]),
      )
      .reply(
        'GET',
        pathOf(entitiesRoutes.getBillingClientEntityVendors, {
          clientGuid: CLIENT_GUID,
          entityGuid: holdings.guid,
        }),
        page([vendorRow(vendor.guid, vendor.name)]),
      )
      .reply(
        'GET',
        pathOf(entitiesRoutes.getBillingClientEntityVendors, {
          clientGuid: CLIENT_GUID,
          entityGuid: personal.guid,
        }),
        page([]),
      )
      .reply('GET', pathOf(clientsRoutes.getAccountsClientDesignatedEntities, { clientGuid: CLIENT_GUID }), {
        client_user: designee.guid,
        entities: [],
      })
      .reply('GET', pathOf(clientsRoutes.getAccountsClientDesignatedVendors, { clientGuid: CLIENT_GUID }), {
        client_user: designee.guid,
        vendors: [],
      })
      .reply('GET', pathOf(clientsRoutes.getAccountsClientExcludedVendors, { clientGuid: CLIENT_GUID }), {
        client_user: designee.guid,
        vendors: [vendor],
      })
      .reply('PATCH', one, designee)
      .reply('PUT', pathOf(clientsRoutes.getAccountsClientDesignatedEntities, { clientGuid: CLIENT_GUID }), {
        client_user: designee.guid,
        entities: [],
      });
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: 'Limits of Dee Signee' }));
    const dialog = await screen.findByRole('dialog', { name: 'Limits of Dee Signee' });
    const amount = await within(dialog).findByLabelText('Largest amount ($)');
    expect(amount).toHaveValue('5000.00');
    expect(within(dialog).getByText('Pacific Power (Harper Holdings LLC)')).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '7,500');
    await user.click(within(dialog).getByLabelText('Designated entities'));
    await user.click(await screen.findByRole('option', { name: 'Harper Personal' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save limits' }));

    expect(await screen.findByText('Limits saved.')).toBeInTheDocument();
    expect(api.callsTo('PATCH', one)[0]?.body).toEqual({ approval_limit: 750000 });
    expect(
      api.callsTo(
        'PUT',
        pathOf(clientsRoutes.getAccountsClientDesignatedEntities, { clientGuid: CLIENT_GUID }),
      )[0]?.body,
    ).toEqual({
      client_user: designee.guid,
      entities: [personal.guid],
    });
    expect(
      api.callsTo('PUT', pathOf(clientsRoutes.getAccountsClientExcludedVendors, { clientGuid: CLIENT_GUID })),
    ).toHaveLength(0);
  });

  it('removes a user after confirmation', async () => {
    const one = `${USERS}/${clientUser().guid}`;
    const api = render().reply('DELETE', one, undefined);
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: 'Remove Claire Harper' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Remove Claire Harper?' })).getByRole('button', {
        name: 'Remove',
      }),
    );
    expect(await screen.findByText('User removed.')).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('DELETE', one)).toHaveLength(1));
  });

  it('has no write controls when read-only', async () => {
    render(true);
    await screen.findByRole('table', { name: 'Users' });
    expect(
      screen.queryByRole('button', { name: /^(Invite|Resend|Edit|Limits|Remove)/ }),
    ).not.toBeInTheDocument();
  });
});
