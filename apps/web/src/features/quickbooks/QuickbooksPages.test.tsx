import type { QboConnection, QboSync } from '@bp/contracts';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeApi, renderPage, setupUser } from '../test-utils.tsx';
import { QboConnectPage } from './ConnectPage.tsx';
import { rememberPendingConnect } from './quickbooks-api.ts';
import { QboSyncPage } from './SyncPage.tsx';

const CLIENT = '1b6f3c2e-5d4a-4b3c-8a2d-1e0f9c8b7a61';
const ENTITY = '2c7a4d3f-6e5b-4c4d-9b3e-2f1a0d9c8b72';
const SYNC = '3d8b5e4a-7f6c-4d5e-8c4f-3a2b1e0d9c83';
const BASE = `/v1/integrations/qbonline/clients/${CLIENT}/entities/${ENTITY}`;

function connection(overrides: Partial<QboConnection> = {}): QboConnection {
  return {
    configured: true,
    status: 'connected',
    realm_id: '9130355377388383',
    company_name: 'Harper Household LLC',
    connected_on: '2026-11-28T01:00:00.000Z',
    error: null,
    payment_account_id: null,
    book_balance: null,
    book_balance_on: null,
    last_sync: null,
    exports_waiting: 0,
    ...overrides,
  };
}

function sync(overrides: Partial<QboSync> = {}): QboSync {
  return {
    guid: SYNC,
    kind: 'full',
    status: 'queued',
    job_id: null,
    counts: { created: 0, updated: 0, skipped: 0, failed: 0 },
    results: [],
    error: null,
    created_on: '2026-11-28T01:00:00.000Z',
    started_on: null,
    finished_on: null,
    ...overrides,
  };
}

afterEach(() => sessionStorage.clear());

/** "Sync now", once the connection is read (until then it is disabled). */
async function syncButton() {
  const button = await screen.findByRole('button', { name: 'Sync now' });
  await waitFor(() => expect(button).toBeEnabled());
  return button;
}

describe('/integrations/qbonline/connect', () => {
  it('completes the connection Intuit sent the user back with, for the entity it was started from', async () => {
    rememberPendingConnect({ clientGuid: CLIENT, entityGuid: ENTITY });
    const api = createFakeApi().reply('POST', `${BASE}/oauth/callback`, connection());
    renderPage(<QboConnectPage />, {
      route: '/integrations/qbonline/connect?code=abc&state=xyz&realmId=9130355377388383',
      api,
    });
    expect(await screen.findByText('Connected to Harper Household LLC.')).toBeInTheDocument();
    expect(api.callsTo('POST', `${BASE}/oauth/callback`)[0]?.body).toEqual({
      code: 'abc',
      state: 'xyz',
      realm_id: '9130355377388383',
    });
    expect(screen.getByRole('link', { name: 'Sync now' })).toHaveAttribute(
      'href',
      `/integrations/qbonline/sync?client=${CLIENT}&entity=${ENTITY}`,
    );
  });

  it('says so when the callback is refused, and when no connection was under way', async () => {
    rememberPendingConnect({ clientGuid: CLIENT, entityGuid: ENTITY });
    const api = createFakeApi().fail('POST', `${BASE}/oauth/callback`, 400, {
      detail: 'This QuickBooks authorisation is not the one started here, or it expired. Connect again.',
      code: 'invalid_state',
    });
    const first = renderPage(<QboConnectPage />, {
      route: '/integrations/qbonline/connect?code=abc&state=xyz&realmId=1',
      api,
    });
    expect(await screen.findByText(/not the one started here/)).toBeInTheDocument();
    first.unmount();
    sessionStorage.clear();
    renderPage(<QboConnectPage />, { route: '/integrations/qbonline/connect?code=abc&state=xyz&realmId=1' });
    expect(await screen.findByText(/outside a connection under way/)).toBeInTheDocument();
  });
});

describe('/integrations/qbonline/sync', () => {
  it('runs a sync and shows the failure toast with the provider’s message', async () => {
    const api = createFakeApi()
      .reply('GET', `${BASE}/connection`, connection())
      .reply('POST', `${BASE}/sync`, sync())
      .reply(
        'GET',
        `${BASE}/syncs/${SYNC}`,
        sync({ status: 'failed', error: 'Query on Vendor is not supported for this company' }),
      );
    renderPage(<QboSyncPage />, {
      route: `/integrations/qbonline/sync?client=${CLIENT}&entity=${ENTITY}`,
      api,
    });
    const user = setupUser();
    await user.click(await syncButton());
    expect(await screen.findByText('Failed to sync with Quickbooks Online')).toBeInTheDocument();
    expect(screen.getByText('Query on Vendor is not supported for this company')).toBeInTheDocument();
  });

  it('shows the success toast and the per-object results', async () => {
    const done = sync({
      status: 'succeeded',
      counts: { created: 1, updated: 0, skipped: 0, failed: 0 },
      results: [
        { object: 'Vendor', qbo_id: '56', name: 'Bob’s Burger Joint', action: 'created', message: null },
      ],
      finished_on: '2026-11-28T01:01:00.000Z',
    });
    const api = createFakeApi()
      .reply('GET', `${BASE}/connection`, connection())
      .reply('POST', `${BASE}/sync`, sync())
      .reply('GET', `${BASE}/syncs/${SYNC}`, done);
    renderPage(<QboSyncPage />, {
      route: `/integrations/qbonline/sync?client=${CLIENT}&entity=${ENTITY}`,
      api,
    });
    const user = setupUser();
    await user.click(await syncButton());
    expect(await screen.findByText('Successfully synced with Quickbooks Online')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'This sync results' })).toHaveTextContent('Bob’s Burger Joint');
  });
});
