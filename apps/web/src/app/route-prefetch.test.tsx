import { STORAGE_KEYS } from '@bp/api-client';
import type { UserProfile } from '@bp/contracts';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  at,
  attachment,
  BILL,
  BILL_GUID,
  bill,
  CLIENT_GUID,
  event,
  note,
  task,
} from '../features/bills/page/fixtures.test-support.ts';
import {
  billSummaryRow,
  ORG_BILLS_PATH,
  ORG_GUID,
  ORG_QUEUE_COUNTS_PATH,
  queueCountsBody,
} from '../features/bills/shared/fixtures.test-support.ts';
import { apiError, page, type ScriptedApi, scriptedApi } from '../session/fake-api.test-support.ts';
import { PATHS } from '../session/session-store.ts';
import { organization, profile } from '../session/test-fixtures.ts';
import { renderApp, storageWithTokens, tokensFor } from './render-app.test-support.tsx';

const BILLS = ORG_BILLS_PATH;
const COUNTS = ORG_QUEUE_COUNTS_PATH;
const COUNTS_BODY = queueCountsBody({ 'org-approval': 1 });
const PARTS = ['attachments', 'tasks', 'messages', 'notes', 'events'] as const;

/** A manager of ORG_GUID (stored as the selected organisation) whose profile arrives when `answer` is called. */
function managerWithSlowProfile() {
  let answer: (value: UserProfile) => void = () => undefined;
  const profileAnswer = new Promise<UserProfile>((resolve) => {
    answer = resolve;
  });
  const server = scriptedApi()
    .on('GET', PATHS.me, () => profileAnswer)
    .on('GET', PATHS.organizations, () => page([organization({ guid: ORG_GUID, role: 'admin' })]));
  const storage = storageWithTokens(tokensFor({ type: 'bporg', staff: null }));
  storage.setItem(STORAGE_KEYS.organizationGuid, ORG_GUID);
  const showProfile = () => answer(profile({ type: 'bporg' }));
  return { server, storage, showProfile };
}

const callsTo = (server: ScriptedApi, path: string) => server.callsTo('GET', path).length;

describe('route loaders start the page’s reads before the session has loaded', () => {
  it('asks for the billing queue’s bills and counts together with the profile, and the page uses them', async () => {
    const { server, storage, showProfile } = managerWithSlowProfile();
    server
      .on('GET', BILLS, () => page([billSummaryRow({ invoice_number: 'INV-PREFETCHED' })]))
      .on('GET', COUNTS, () => COUNTS_BODY);
    renderApp('/billing/org-approval', { server, storage, prefetch: true });

    // The profile has not arrived: the guard still shows its spinner, and the page's reads are under way.
    await waitFor(() => expect(callsTo(server, BILLS)).toBe(1));
    expect(callsTo(server, COUNTS)).toBe(1);
    expect(server.callsTo('GET', BILLS)[0]?.options?.query).toMatchObject({
      queue: 'org-approval',
      ordering: 'due_date',
      page: 1,
    });
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();

    showProfile();
    await screen.findByRole('heading', { level: 1, name: 'Org Approval' }, { timeout: 10_000 });
    await screen.findByText('INV-PREFETCHED', {}, { timeout: 10_000 });
    // The page found the answers in the cache: no second read.
    expect(callsTo(server, BILLS)).toBe(1);
    expect(callsTo(server, COUNTS)).toBe(1);
  });

  it('asks for the bill before the session has loaded; the page shows it and asks for its parts once', async () => {
    const { server, storage, showProfile } = managerWithSlowProfile();
    server
      .on('GET', BILL, () => bill())
      .on('GET', at('attachments'), () => [attachment()])
      .on('GET', at('tasks'), () => [task()])
      .on('GET', at('messages'), () => page([]))
      .on('GET', at('notes'), () => page([note()]))
      .on('GET', at('events'), () => page([event()]));
    renderApp(`/clients/${CLIENT_GUID}/org/bill/${BILL_GUID}`, { server, storage, prefetch: true });

    await waitFor(() => expect(callsTo(server, BILL)).toBe(1));
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();

    showProfile();
    await screen.findByRole('heading', { level: 1, name: 'Coastal Electric bill' }, { timeout: 10_000 });
    await screen.findByText(attachment().original_name, {}, { timeout: 10_000 });
    expect(callsTo(server, BILL)).toBe(1);
    for (const part of PARTS) expect(callsTo(server, at(part))).toBe(1);
  });

  it('a missing bill: the page still says it was not found, and its parts are not asked for', async () => {
    const { server, storage, showProfile } = managerWithSlowProfile();
    server.on('GET', BILL, () => {
      throw apiError(404, { detail: 'Not found.' });
    });
    renderApp(`/clients/${CLIENT_GUID}/org/bill/${BILL_GUID}`, { server, storage, prefetch: true });
    await waitFor(() => expect(callsTo(server, BILL)).toBe(1));

    showProfile();
    await screen.findByRole('heading', { level: 1, name: 'Bill not found' }, { timeout: 10_000 });
    for (const part of PARTS) expect(callsTo(server, at(part))).toBe(0);
  });

  it('asks for nothing when signed out: the guard sends the user to sign in', async () => {
    const server = scriptedApi();
    const app = renderApp('/billing/org-approval', { server, prefetch: true });
    await screen.findByRole('heading', { level: 1, name: 'Sign in' }, { timeout: 10_000 });
    expect(app.location()).toBe('/login');
    expect(callsTo(server, BILLS)).toBe(0);
    expect(callsTo(server, COUNTS)).toBe(0);
  });

  it('asks for no organisation’s bills for a client user: the guard sends them home', async () => {
    const server = scriptedApi()
      .on('GET', PATHS.me, () => profile())
      .on('GET', PATHS.clients, () => page([]));
    const storage = storageWithTokens(tokensFor({ type: 'client' }));
    storage.setItem(STORAGE_KEYS.organizationGuid, ORG_GUID);
    renderApp('/billing/org-approval', { server, storage, prefetch: true });
    await waitFor(() => expect(callsTo(server, PATHS.me)).toBe(1));
    expect(callsTo(server, BILLS)).toBe(0);
    expect(callsTo(server, COUNTS)).toBe(0);
  });
});
