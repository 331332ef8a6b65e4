import { pathOf } from '@bp/api-client';
import { billMessagesRoutes, type Message, type Organization } from '@bp/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MessagesDrawer } from '../../app/layouts/messages-drawer.tsx';
import {
  CLIENT_GUID,
  clientSummary,
  guidOf,
  ORG_GUID,
  page,
} from '../client-records/fixtures.test-support.ts';
import { type ApiCall, createFakeApi, renderPage, setupUser, testClaims } from '../test-utils.tsx';

const ORGS = '/v1/accounts/organizations';
const ORG_MESSAGES = pathOf(billMessagesRoutes.getBillingOrganizationMessages, {
  organizationGuid: ORG_GUID,
});
const CLIENT_MESSAGES = pathOf(billMessagesRoutes.getBillingClientMessages, { clientGuid: CLIENT_GUID });
const BILL = guidOf(70);
const READ = pathOf(billMessagesRoutes.postBillingClientBillMessageRead, {
  clientGuid: CLIENT_GUID,
  billGuid: BILL,
  messageGuid: guidOf(80),
});

function organization(unread: number): Organization {
  return {
    guid: ORG_GUID,
    name: 'Northwind',
    unread_count: unread,
    role: 'admin',
    team_label: 'Manager',
    client_property_default: '0',
  };
}

function message(overrides: Partial<Message> = {}): Message {
  return {
    guid: guidOf(80),
    body: 'Please confirm the amount.',
    content_type: 'text',
    created_on: new Date(Date.now() - 5 * 60_000).toISOString(),
    unread: true,
    bill: { guid: BILL, ext_bill_id: 'B-1001', client: CLIENT_GUID },
    from_user: { guid: guidOf(81), first_name: 'Claire', last_name: 'Harper', avatar: null },
    ...overrides,
  };
}

const staffSession = { claims: testClaims(), organization: { guid: ORG_GUID, name: 'Northwind' } };

function staffApi(
  messages: Message[] = [
    message(),
    message({
      guid: guidOf(82),
      unread: false,
      body: '<p>Paid <b>today</b></p>',
      content_type: 'html',
      bill: { guid: guidOf(71), ext_bill_id: null, client: CLIENT_GUID },
      created_on: new Date(Date.now() - 3 * 3_600_000).toISOString(),
    }),
  ],
) {
  return createFakeApi()
    .reply('GET', ORGS, page([organization(3)]))
    .reply('GET', ORG_MESSAGES, page(messages));
}

afterEach(() => vi.useRealTimers());

describe('MessagesDrawer', () => {
  it("shows the organisation's unread count and reads it again when opened", async () => {
    const user = setupUser();
    const { api } = renderPage(<MessagesDrawer />, {
      route: '/clients',
      api: staffApi(),
      session: staffSession,
    });
    expect(await screen.findByRole('button', { name: 'Messages, 3 unread' })).toBeInTheDocument();
    expect(screen.getByText('3')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Messages, 3 unread' }));
    await waitFor(() => expect(api.callsTo('GET', ORGS).length).toBe(2));
  });

  it('lists messages newest first with author, time, bill and unread mark', async () => {
    const user = setupUser();
    const { api } = renderPage(<MessagesDrawer />, {
      route: '/clients',
      api: staffApi(),
      session: staffSession,
    });
    await user.click(await screen.findByRole('button', { name: /^Messages/ }));
    const list = await screen.findByRole('list', { name: 'Messages' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    const first = items[0] as HTMLElement;
    expect(within(first).getByText('Claire Harper')).toBeInTheDocument();
    expect(within(first).getByText('5 mins ago')).toBeInTheDocument();
    expect(within(first).getByText('Bill B-1001')).toBeInTheDocument();
    expect(within(first).getByText('Please confirm the amount.')).toBeInTheDocument();
    expect(within(first).getByText('Unread,')).toBeInTheDocument();
    const second = items[1] as HTMLElement;
    expect(within(second).getByText('3 hrs ago')).toBeInTheDocument();
    expect(within(second).getByText('Paid today')).toBeInTheDocument();
    expect(within(second).queryByText('Unread,')).not.toBeInTheDocument();
    expect(api.callsTo('GET', ORG_MESSAGES)[0]?.options?.query).toMatchObject({
      ordering: '-created_on',
      page: 1,
    });
  });

  it('marks a message read and opens its bill page', async () => {
    const user = setupUser();
    const api = staffApi().reply('POST', READ, {
      detail: 'ok',
    });
    renderPage(<MessagesDrawer />, { route: '/clients', path: '/clients', api, session: staffSession });
    await user.click(await screen.findByRole('button', { name: /^Messages/ }));
    await user.click(await screen.findByRole('button', { name: /Bill B-1001/ }));
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe(`/clients/${CLIENT_GUID}/org/bill/${BILL}`),
    );
    expect(api.callsTo('POST', READ)).toHaveLength(1);
  });

  it('marks every message read', async () => {
    const user = setupUser();
    let unread = 3;
    const api = createFakeApi()
      .reply('GET', ORGS, () => page([organization(unread)]))
      .reply('GET', ORG_MESSAGES, () => page([message({ unread: unread > 0 })]))
      .reply(
        'POST',
        pathOf(billMessagesRoutes.postBillingOrganizationMessagesReadAll, { organizationGuid: ORG_GUID }),
        () => {
          unread = 0;
          // The API answers 204 No Content.
          return null;
        },
      );
    renderPage(<MessagesDrawer />, { route: '/clients', api, session: staffSession });
    await user.click(await screen.findByRole('button', { name: 'Messages, 3 unread' }));
    await screen.findByRole('list', { name: 'Messages' });
    await user.click(screen.getByRole('button', { name: 'Mark all read' }));
    expect(await screen.findByText('All messages marked as read.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Unread,')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Mark all read' })).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('button', { name: 'Close messages' }));
    expect(await screen.findByRole('button', { name: 'Messages' })).toBeInTheDocument();
  });

  it('says when there are no messages', async () => {
    const user = setupUser();
    renderPage(<MessagesDrawer />, { route: '/clients', api: staffApi([]), session: staffSession });
    await user.click(await screen.findByRole('button', { name: /^Messages/ }));
    expect(await screen.findByText('No messages yet.')).toBeInTheDocument();
  });

  it('reads the unread count again every 60 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { api } = renderPage(<MessagesDrawer />, {
      route: '/clients',
      api: staffApi(),
      session: staffSession,
    });
    await screen.findByRole('button', { name: 'Messages, 3 unread' });
    expect(api.callsTo('GET', ORGS)).toHaveLength(1);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(60_000);
    });
    await waitFor(() => expect(api.callsTo('GET', ORGS)).toHaveLength(2));
  });

  it("shows a client user the client's messages and opens the client's bill page", async () => {
    const user = setupUser();
    const api = createFakeApi()
      .reply('GET', CLIENT_MESSAGES, (call: ApiCall) =>
        call.options?.query?.unread === 'true' ? page([message()], 2) : page([message()]),
      )
      .reply('POST', READ, { detail: 'ok' });
    renderPage(<MessagesDrawer />, {
      route: '/dashboard',
      path: '/dashboard',
      api,
      session: { claims: testClaims({ type: 'client', staff: null }), client: clientSummary('client') },
    });
    await user.click(await screen.findByRole('button', { name: 'Messages, 2 unread' }));
    await screen.findByRole('list', { name: 'Messages' });
    expect(screen.queryByRole('button', { name: 'Mark all read' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Claire Harper/ }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(`/bill/${BILL}`));
    expect(api.callsTo('POST', READ)).toHaveLength(1);
    expect(api.callsTo('GET', ORGS)).toHaveLength(0);
  });
});
