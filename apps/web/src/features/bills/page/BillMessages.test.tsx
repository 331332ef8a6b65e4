import { pathOf } from '@bp/api-client';
import { billMessagesRoutes } from '@bp/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MessagesDrawer } from '../../../app/layouts/messages-drawer.tsx';
import { renderPage, setupUser } from '../../test-utils.tsx';
import { ClientBillPage } from './BillPage.tsx';
import {
  at,
  BILL_GUID,
  bill,
  billApi,
  CLIENT_GUID,
  clientSummary,
  guidOf,
  MANAGER,
  message,
  page,
} from './fixtures.test-support.ts';

function renderClient(api: ReturnType<typeof billApi>) {
  return renderPage(<ClientBillPage />, {
    route: `/bill/${BILL_GUID}`,
    path: '/bill/:billGuid',
    api,
    session: { client: clientSummary('client') },
  });
}

describe('Bill messages', () => {
  it('lists messages oldest first with author and relative time, and marks unread ones read', async () => {
    const old = message({ guid: guidOf(1), body: 'First question', created_on: '2026-01-05T10:00:00Z' });
    const fresh = message({
      guid: guidOf(2),
      body: 'We paid it yesterday.',
      from_user: MANAGER,
      unread: true,
      created_on: new Date(Date.now() - 3 * 3600_000).toISOString(),
    });
    const api = billApi(bill(), { messages: [old, fresh] }).reply('POST', at(`messages/${guidOf(2)}/read`), {
      detail: 'ok',
    });
    renderClient(api);
    const list = await screen.findByRole('list', { name: 'Messages' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((i) => i.getAttribute('aria-label'))).toEqual([
      'Message from Casey Harper',
      'Message from Morgan Manager (unread)',
    ]);
    expect(within(items[0] as HTMLElement).getByText('01/05/2026')).toBeInTheDocument();
    expect(within(items[1] as HTMLElement).getByText('3 hrs ago')).toBeInTheDocument();
    expect(within(items[1] as HTMLElement).getByText('New')).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('POST', at(`messages/${guidOf(2)}/read`))).toHaveLength(1));
    expect(api.callsTo('POST', at(`messages/${guidOf(1)}/read`))).toHaveLength(0);
    expect(api.callsTo('GET', at('messages'))[0]?.options?.query).toMatchObject({ ordering: 'created_on' });
  });

  it("drops the header's unread badge once the page has marked the message read", async () => {
    const fresh = message({ guid: guidOf(2), body: 'Check the meter.', from_user: MANAGER, unread: true });
    const api = billApi(bill(), { messages: [fresh] }).reply('POST', at(`messages/${guidOf(2)}/read`), {
      detail: 'ok',
    });
    // The header's count: one unread message until the page has marked it read.
    api.reply('GET', pathOf(billMessagesRoutes.getBillingClientMessages, { clientGuid: CLIENT_GUID }), () =>
      page(api.callsTo('POST', at(`messages/${guidOf(2)}/read`)).length > 0 ? [] : [fresh]),
    );
    renderPage(
      <>
        <MessagesDrawer />
        <ClientBillPage />
      </>,
      {
        route: `/bill/${BILL_GUID}`,
        path: '/bill/:billGuid',
        api,
        session: { client: clientSummary('client') },
      },
    );
    expect(await screen.findByRole('button', { name: 'Messages, 1 unread' })).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('POST', at(`messages/${guidOf(2)}/read`))).toHaveLength(1));
    expect(await screen.findByRole('button', { name: 'Messages' })).toBeInTheDocument();
  });

  it('shows text as text and only html messages as markup', async () => {
    const text = message({ guid: guidOf(1), body: '<script>alert(1)</script> <b>not bold</b>' });
    const html = message({
      guid: guidOf(2),
      body: '<p>Paid <strong>in full</strong></p>',
      content_type: 'html',
    });
    renderClient(billApi(bill(), { messages: [text, html] }));
    expect(await screen.findByText('<script>alert(1)</script> <b>not bold</b>')).toBeInTheDocument();
    expect(document.querySelector('script')).toBeNull();
    const strong = await screen.findByText('in full');
    expect(strong.tagName).toBe('STRONG');
  });

  it('sends a message with Ctrl+Enter; Send stays disabled while the message is blank', async () => {
    const api = billApi(bill(), { messages: [] });
    api.reply('POST', at('messages'), message({ guid: guidOf(9), body: 'Please pay.' }));
    renderClient(api);
    const user = setupUser();
    const send = await screen.findByRole('button', { name: 'Send' });
    expect(send).toHaveProperty('disabled', true);
    const box = screen.getByRole('textbox', { name: 'Message' });
    await user.type(box, '   ');
    expect(send).toHaveProperty('disabled', true);
    await user.clear(box);
    api.reply('GET', at('messages'), {
      count: 1,
      next: null,
      previous: null,
      results: [message({ guid: guidOf(9), body: 'Please pay.' })],
    });
    await user.type(box, 'Please pay.');
    expect(send).toHaveProperty('disabled', false);
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(await screen.findByText('Message sent.')).toBeInTheDocument();
    expect(api.callsTo('POST', at('messages'))[0]?.body).toEqual({
      body: 'Please pay.',
      content_type: 'text',
    });
    expect(await screen.findByText('Please pay.')).toBeInTheDocument();
    expect(box).toHaveValue('');
  });

  it('shows the server’s refusal of a message', async () => {
    const api = billApi(bill(), { messages: [] });
    api.fail('POST', at('messages'), 400, { body: ['Ensure this field has no more than 10000 characters.'] });
    renderClient(api);
    const user = setupUser();
    await user.type(await screen.findByRole('textbox', { name: 'Message' }), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(
      await screen.findByText('Ensure this field has no more than 10000 characters.'),
    ).toBeInTheDocument();
  });
});
