import { pathOf } from '@bp/api-client';
import { inboxRoutes } from '@bp/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { permissionsHeld, permissionsPath } from '../bills/form/new-bill.test-support.ts';
import { CLIENT_GUID, ORG_GUID } from '../bills/shared/fixtures.test-support.ts';
import { createFakeApi, renderPage, setupUser } from '../test-utils.tsx';
import { InboxAddressCard } from './InboxAddressCard.tsx';

const session = { organization: { guid: ORG_GUID, name: 'Demo Family Office' } };
const addressPath = pathOf(inboxRoutes.getInboxClientAddress, { clientGuid: CLIENT_GUID });
const regeneratePath = pathOf(inboxRoutes.postInboxClientAddressRegenerate, { clientGuid: CLIENT_GUID });

function render(held: Parameters<typeof permissionsHeld>[0]) {
  const api = createFakeApi()
    .reply('GET', permissionsPath(ORG_GUID), permissionsHeld(held))
    .reply('GET', addressPath, { address: 'bills-abcdefghjkmn@app.test' })
    .reply('POST', regeneratePath, { address: 'bills-pqrstuvwxyz2@app.test' });
  renderPage(<InboxAddressCard clientGuid={CLIENT_GUID} />, {
    route: `/clients/${CLIENT_GUID}`,
    api,
    session,
  });
  return api;
}

describe('InboxAddressCard', () => {
  it('shows the address, copies it, and regenerates it after confirmation', async () => {
    const api = render(['clients.view', 'clients.manage']);
    const card = screen.getByRole('region', { name: 'Inbox address' });
    expect(await within(card).findByText('bills-abcdefghjkmn@app.test')).toBeInTheDocument();
    const user = setupUser();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    await user.click(within(card).getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith('bills-abcdefghjkmn@app.test');
    expect(await screen.findByText('Inbox address copied.')).toBeInTheDocument();

    await user.click(await within(card).findByRole('button', { name: 'Regenerate' }));
    const dialog = screen.getByRole('dialog', { name: 'Regenerate the inbox address?' });
    expect(dialog).toHaveTextContent('Mail sent to bills-abcdefghjkmn@app.test will be refused from now on.');
    expect(api.callsTo('POST', regeneratePath)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Regenerate' }));
    await waitFor(() => expect(api.callsTo('POST', regeneratePath)).toHaveLength(1));
    expect(await within(card).findByText('bills-pqrstuvwxyz2@app.test')).toBeInTheDocument();
  });

  it('offers no Regenerate to staff who do not manage clients', async () => {
    render(['clients.view']);
    expect(await screen.findByText('bills-abcdefghjkmn@app.test')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Regenerate' })).not.toBeInTheDocument();
  });
});
