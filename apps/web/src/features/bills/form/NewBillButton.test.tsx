import { pathOf } from '@bp/api-client';
import { clientsRoutes, type OrgClient } from '@bp/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { guidOf, ORG_GUID, orgClient, page } from '../../client-records/fixtures.test-support.ts';
import { type ApiCall, createFakeApi, renderPage, setupUser } from '../../test-utils.tsx';
import { NewBillButton } from './NewBillButton.tsx';
import { permissionsHeld, permissionsPath } from './new-bill.test-support.ts';

const session = { organization: { guid: ORG_GUID, name: 'Demo Family Office' } };
const CLIENTS: OrgClient[] = [
  orgClient({ guid: guidOf(301), name: 'Brennan Family' }),
  orgClient({ guid: guidOf(302), name: 'Harper Household' }),
  orgClient({ guid: guidOf(303), name: 'Harrington Trust' }),
];

/** The organisation's clients, narrowed by `search` like the API (name contains, any case). */
function listClients(call: ApiCall) {
  const search = String(call.options?.query?.search ?? '').toLowerCase();
  return page(CLIENTS.filter((c) => c.name.toLowerCase().includes(search)));
}

function render(
  props: { clientGuid?: string } = {},
  held: Parameters<typeof permissionsHeld>[0] = ['bills.create'],
) {
  const api = createFakeApi()
    .reply('GET', permissionsPath(ORG_GUID), permissionsHeld(held))
    .reply('GET', pathOf(clientsRoutes.getAccountsOrganizationClients, { orgGuid: ORG_GUID }), listClients);
  const rendered = renderPage(<NewBillButton {...props} />, { route: '/manager-dashboard', api, session });
  return { ...rendered, url: () => screen.getByTestId('location').textContent };
}

describe('NewBillButton', () => {
  it('is not offered to staff who may not enter bills', async () => {
    const { api } = render({}, ['bills.approve_org']);
    await waitFor(() => expect(api.callsTo('GET', permissionsPath(ORG_GUID))).toHaveLength(1));
    // Give the answer a moment to render anything it would.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('button', { name: 'New bill' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'New bill' })).not.toBeInTheDocument();
  });

  it("goes straight to the client's bill form when the client is known", async () => {
    render({ clientGuid: guidOf(302) });
    const link = await screen.findByRole('link', { name: 'New bill' });
    expect(link).toHaveAttribute('href', `/clients/${guidOf(302)}/new-bill`);
  });

  it('a quick Enter while the typed name is still being searched picks no other client', async () => {
    render();
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: 'New bill' }));
    const dialog = await screen.findByRole('dialog', { name: 'New bill' });
    const picker = within(dialog).getByRole('combobox', { name: /Client/ });
    // The unfiltered list (Brennan first) is on screen before typing.
    await user.click(picker);
    expect(await within(document.body).findByRole('option', { name: 'Brennan Family' })).toBeInTheDocument();
    await user.type(picker, 'Harr{Enter}');
    expect((picker as HTMLInputElement).value).not.toBe('Brennan Family');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByText('Choose the client the bill is for.')).toBeInTheDocument();
  });

  it('asks for the client first, searching by name, and opens its bill form', async () => {
    const { api, url } = render();
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: 'New bill' }));
    const dialog = await screen.findByRole('dialog', { name: 'New bill' });
    // Continue without a client says what is missing and stays.
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByText('Choose the client the bill is for.')).toBeInTheDocument();
    // Focus goes back to the field to fill in.
    const picker = within(dialog).getByRole('combobox', { name: /Client/ });
    expect(document.activeElement).toBe(picker);
    await user.type(picker, 'harr');
    // The typed text is searched on the server, not only among the first clients.
    await waitFor(() =>
      expect(
        api.callsTo('GET', pathOf(clientsRoutes.getAccountsOrganizationClients, { orgGuid: ORG_GUID })).at(-1)
          ?.options?.query,
      ).toMatchObject({
        search: 'harr',
      }),
    );
    expect(await screen.findByRole('option', { name: 'Harrington Trust' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Brennan Family' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: 'Harrington Trust' }));
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(url()).toBe(`/clients/${guidOf(303)}/new-bill`));
  });

  it('is usable with the keyboard alone: type, arrows, Enter', async () => {
    const { url } = render();
    const user = setupUser();
    (await screen.findByRole('button', { name: 'New bill' })).focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'New bill' });
    // The client field has the focus as soon as the dialog opens.
    expect(document.activeElement).toBe(within(dialog).getByRole('combobox', { name: /Client/ }));
    await user.keyboard('Harr');
    // The server's answer for "Harr": Harper Household and Harrington Trust.
    await waitFor(() => {
      expect(screen.getByRole('option', { name: 'Harrington Trust' })).toBeInTheDocument();
      expect(screen.queryByRole('option', { name: 'Brennan Family' })).not.toBeInTheDocument();
    });
    // The first match is highlighted; the down arrow moves to the second, Enter picks it.
    await user.keyboard('{ArrowDown}{Enter}');
    expect(within(dialog).getByRole('combobox', { name: /Client/ })).toHaveValue('Harrington Trust');
    // A second Enter continues.
    await user.keyboard('{Enter}');
    await waitFor(() => expect(url()).toBe(`/clients/${guidOf(303)}/new-bill`));
  });

  it('closes on Cancel without going anywhere', async () => {
    render();
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: 'New bill' }));
    const dialog = await screen.findByRole('dialog', { name: 'New bill' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Still on the page it was opened from, with the button to try again.
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New bill' })).toBeInTheDocument();
  });
});
