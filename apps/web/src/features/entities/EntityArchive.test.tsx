import { pathOf } from '@bp/api-client';
import { entitiesRoutes } from '@bp/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CLIENT_GUID, entity, guidOf, page } from '../client-records/fixtures.test-support.ts';
import { type ApiCall, createFakeApi, renderPage, setupUser } from '../test-utils.tsx';
import { EntitiesTab } from './EntitiesTab.tsx';

const ENTITIES = pathOf(entitiesRoutes.getAccountsClientEntities, { clientGuid: CLIENT_GUID });
const active = entity();
const archived = entity({ guid: guidOf(2), nickname: 'Old Trust', archived: true });

function render() {
  const api = createFakeApi()
    .reply('GET', ENTITIES, (call: ApiCall) =>
      page(call.options?.query?.archived === 'true' ? [archived] : [active]),
    )
    .reply('DELETE', `${ENTITIES}/${active.guid}`, undefined)
    .reply('POST', `${ENTITIES}/${archived.guid}/unarchive`, { ...archived, archived: false });
  renderPage(<EntitiesTab clientGuid={CLIENT_GUID} />, { route: '/clients/x', api });
  return api;
}

describe('EntitiesTab archiving', () => {
  it('archives an entity after confirmation and closes its panel', async () => {
    const api = render();
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: `Open ${active.nickname}` }));
    const panel = await screen.findByRole('region', { name: `Entity ${active.nickname}` });
    await user.click(within(panel).getByRole('button', { name: 'Archive entity' }));
    const dialog = await screen.findByRole('dialog', { name: `Archive ${active.nickname}?` });
    expect(api.callsTo('DELETE', `${ENTITIES}/${active.guid}`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Archive' }));

    expect(await screen.findByText('Entity archived.')).toBeInTheDocument();
    expect(api.callsTo('DELETE', `${ENTITIES}/${active.guid}`)).toHaveLength(1);
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: `Entity ${active.nickname}` })).not.toBeInTheDocument(),
    );
  });

  it('lists archived entities with Show archived and unarchives one', async () => {
    const api = render();
    const user = setupUser();
    await screen.findByRole('button', { name: `Open ${active.nickname}` });
    await user.click(screen.getByLabelText('Show archived'));
    await user.click(await screen.findByRole('button', { name: `Open ${archived.nickname}` }));
    expect(api.calls.some((c) => c.method === 'GET' && c.options?.query?.archived === 'true')).toBe(true);
    const panel = await screen.findByRole('region', { name: `Entity ${archived.nickname}` });
    expect(within(panel).queryByRole('button', { name: 'Archive entity' })).not.toBeInTheDocument();
    // Its settings stay visible but cannot be changed until it is unarchived.
    expect(within(panel).getByText(/Unarchive this entity to change its settings\./)).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Save settings' })).toHaveProperty('disabled', true);
    await user.click(within(panel).getByRole('button', { name: 'Unarchive' }));
    const dialog = await screen.findByRole('dialog', { name: `Unarchive ${archived.nickname}?` });
    await user.click(within(dialog).getByRole('button', { name: 'Unarchive' }));

    expect(await screen.findByText('Entity unarchived.')).toBeInTheDocument();
    expect(api.callsTo('POST', `${ENTITIES}/${archived.guid}/unarchive`)).toHaveLength(1);
  });

  it('keeps the entity when the confirmation is cancelled', async () => {
    const api = render();
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: `Open ${active.nickname}` }));
    await user.click(await screen.findByRole('button', { name: 'Archive entity' }));
    const dialog = await screen.findByRole('dialog', { name: `Archive ${active.nickname}?` });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('DELETE', `${ENTITIES}/${active.guid}`)).toHaveLength(0);
  });
});
