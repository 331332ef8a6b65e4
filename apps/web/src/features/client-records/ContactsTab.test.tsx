import { pathOf } from '@bp/api-client';
import { clientRecordsRoutes } from '@bp/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeApi, renderPage, setupUser } from '../test-utils.tsx';
import { ContactsTab } from './ContactsTab.tsx';
import { CLIENT_GUID, contact, guidOf, page } from './fixtures.test-support.ts';

const CONTACTS = pathOf(clientRecordsRoutes.getAccountsClientContacts, { clientGuid: CLIENT_GUID });
const ONE = `${CONTACTS}/${contact().guid}`;

function render(
  readOnly = false,
  rows = [contact(), contact({ guid: guidOf(21), name: 'Lee Attorney', phone: '12' })],
) {
  const api = createFakeApi().reply('GET', CONTACTS, page(rows));
  renderPage(<ContactsTab clientGuid={CLIENT_GUID} readOnly={readOnly} />, { route: '/clients/c', api });
  return api;
}

describe('ContactsTab', () => {
  it('lists contacts with the phone formatted, or Invalid', async () => {
    const api = render();
    const table = await screen.findByRole('table', { name: 'Contacts' });
    expect(within(table).getByText('(555) 123-4567')).toBeInTheDocument();
    expect(within(table).getByText('Invalid')).toBeInTheDocument();
    expect(api.calls[0]?.options?.query).toEqual({ page: 1, page_size: 10 });
  });

  it('says what will appear when there is nothing', async () => {
    render(false, []);
    expect(await screen.findByText('No contacts yet.')).toBeInTheDocument();
  });

  it('adds a contact, with the API checking the fields first', async () => {
    const api = render().reply('POST', CONTACTS, contact());
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: 'Add contact' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add contact' });
    await user.type(within(dialog).getByLabelText('Phone'), '555');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('This field is required.')).toBeInTheDocument();
    expect(within(dialog).getByText('Invalid phone number.')).toBeInTheDocument();
    expect(api.callsTo('POST', CONTACTS)).toHaveLength(0);

    await user.type(within(dialog).getByLabelText(/^Name/), 'Dana Sister');
    await user.clear(within(dialog).getByLabelText('Phone'));
    await user.type(within(dialog).getByLabelText('Phone'), '+1 555 987 6543{Enter}');
    expect(await screen.findByText('Contact added.')).toBeInTheDocument();
    expect(api.callsTo('POST', CONTACTS)[0]?.body).toEqual({
      name: 'Dana Sister',
      email_address: null,
      phone: '+1 555 987 6543',
      relation: null,
      notes: null,
    });
  });

  it('edits a contact sending only the changed field', async () => {
    const api = render().reply('PATCH', ONE, contact({ relation: 'accountant' }));
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: 'Edit Harper Family CPA' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit contact' });
    const relation = within(dialog).getByLabelText('Relation');
    await user.clear(relation);
    await user.type(relation, 'accountant{Enter}');
    expect(await screen.findByText('Contact updated.')).toBeInTheDocument();
    expect(api.callsTo('PATCH', ONE)[0]?.body).toEqual({ relation: 'accountant' });
  });

  it('shows the API message under its field', async () => {
    const api = render().fail('PATCH', ONE, 400, { email_address: ['Enter a valid e-mail address.'] });
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: 'Edit Harper Family CPA' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit contact' });
    await user.type(within(dialog).getByLabelText('E-mail'), 'x{Enter}');
    expect(await within(dialog).findByText('Enter a valid e-mail address.')).toBeInTheDocument();
    expect(api.callsTo('PATCH', ONE)).toHaveLength(1);
  });

  it('deletes only after confirmation', async () => {
    const api = render().reply('DELETE', ONE, undefined);
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: 'Delete Harper Family CPA' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Harper Family CPA?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('DELETE', ONE)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete Harper Family CPA' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Contact deleted.')).toBeInTheDocument();
    expect(api.callsTo('DELETE', ONE)).toHaveLength(1);
  });

  it('has no write controls when read-only', async () => {
    render(true);
    await screen.findByRole('table', { name: 'Contacts' });
    expect(screen.queryByRole('button', { name: /^(Add|Edit|Delete)/ })).not.toBeInTheDocument();
  });
});
