import { pathOf } from '@bp/api-client';
import {
  type BankContact,
  type ClientInstitution,
  clientRecordsRoutes,
  institutionsRoutes,
  type ParentInstitution,
} from '@bp/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeApi, renderPage, setupUser } from '../test-utils.tsx';
import { BanksTab } from './BanksTab.tsx';
import { CLIENT_GUID, guidOf, page } from './fixtures.test-support.ts';

const PARENTS = pathOf(institutionsRoutes.getAccountsInstitutions, undefined);
const ACCOUNTS = pathOf(clientRecordsRoutes.getAccountsClientInstitutions, { clientGuid: CLIENT_GUID });
const CONTACTS = pathOf(clientRecordsRoutes.getAccountsClientBankContacts, { clientGuid: CLIENT_GUID });

const parent: ParentInstitution = {
  guid: guidOf(30),
  name: 'First Republic',
  website: null,
  routing_number: null,
  is_active: true,
  created_on: '2026-01-15T10:00:00Z',
};
const account: ClientInstitution = {
  guid: guidOf(31),
  name: 'Operating account',
  account_last4: '1234',
  parent_institution: parent.guid,
  parent_institution_name: parent.name,
  created_on: '2026-01-15T10:00:00Z',
};
const banker: BankContact = {
  guid: guidOf(32),
  name: 'Robin Banker',
  title: 'Relationship manager',
  email: null,
  phone: null,
  institution: account.guid,
  created_on: '2026-01-15T10:00:00Z',
};

function render(readOnly = false) {
  const api = createFakeApi()
    .reply('GET', PARENTS, page([parent]))
    .reply('GET', ACCOUNTS, page([account]))
    .reply('GET', CONTACTS, page([banker]));
  renderPage(<BanksTab clientGuid={CLIENT_GUID} readOnly={readOnly} />, { route: '/clients/c', api });
  return api;
}

describe('BanksTab', () => {
  it("lists the client's accounts with their institution, and each bank contact with the account", async () => {
    render();
    const accounts = await screen.findByRole('table', { name: 'Bank accounts' });
    expect(within(accounts).getByText('•••• 1234')).toBeInTheDocument();
    expect(within(accounts).getByText('First Republic')).toBeInTheDocument();
    const contacts = await screen.findByRole('table', { name: 'Bank contacts' });
    expect(within(contacts).getByText('Robin Banker')).toBeInTheDocument();
    expect(await within(contacts).findByText('Operating account')).toBeInTheDocument();
  });

  it('adds an account on the declared route of the client', async () => {
    const api = render().reply('POST', ACCOUNTS, { ...account, guid: guidOf(33), name: 'Savings' });
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: 'Add bank account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add bank account' });
    await user.type(within(dialog).getByLabelText(/^Account name/), 'Savings');
    await user.type(within(dialog).getByLabelText('Last 4 digits'), '9876{Enter}');
    expect(await screen.findByText('Bank account added.')).toBeInTheDocument();
    expect(api.callsTo('POST', ACCOUNTS)[0]?.body).toMatchObject({ name: 'Savings', account_last4: '9876' });
  });

  it('deletes a bank contact on its own route after confirmation', async () => {
    const one = pathOf(clientRecordsRoutes.deleteAccountsClientBankContact, {
      clientGuid: CLIENT_GUID,
      bankContactGuid: banker.guid,
    });
    const api = render().reply('DELETE', one, undefined);
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: 'Delete Robin Banker' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Robin Banker?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Bank contact deleted.')).toBeInTheDocument();
    expect(api.callsTo('DELETE', one)).toHaveLength(1);
  });

  it('does not read the shared institutions when read-only', async () => {
    const api = render(true);
    await screen.findByRole('table', { name: 'Bank accounts' });
    expect(api.callsTo('GET', PARENTS)).toHaveLength(0);
    expect(screen.queryByRole('button', { name: /^Add/ })).not.toBeInTheDocument();
  });
});
