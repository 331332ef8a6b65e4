import type { OutboxMessage } from '@bp/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../app/render-app.test-support.tsx';
import { page, scriptedApi } from '../../session/fake-api.test-support.ts';
import { createFakeApi, renderPage, setupUser, testClaims } from '../test-utils.tsx';
import { DemoOutboxPage } from './DemoOutboxPage.tsx';

const reset: OutboxMessage = {
  guid: 'm-1',
  channel: 'email',
  recipient: 'client@demo.test',
  subject: 'Reset your password',
  body_text: 'Hello Claire,\n\nReset your password: http://localhost:8080/reset-password?token=abc123\n',
  status: 'pending',
  attempts: 0,
  last_error: null,
  created_at: '2026-03-05T14:07:00.000Z',
  sent_at: null,
};
const code: OutboxMessage = {
  ...reset,
  guid: 'm-2',
  channel: 'sms',
  recipient: '+15555550100',
  subject: '',
  body_text: 'Your sign-in code is 123456',
  status: 'sent',
};

describe('DemoOutboxPage', () => {
  it('signed out, asks for a demo address and reads its messages without a token, links clickable', async () => {
    const api = createFakeApi().reply('GET', '/v1/outbox', page([reset, code]));
    renderPage(<DemoOutboxPage />, { route: '/demo-outbox', api });
    expect(screen.getByRole('heading', { level: 1, name: 'Demo outbox' })).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
    const user = setupUser();
    await user.type(screen.getByLabelText('Demo e-mail address'), 'client@demo.test');
    await user.click(screen.getByRole('button', { name: 'Show messages' }));

    const email = await screen.findByRole('article', { name: 'Reset your password' });
    expect(
      within(email)
        .getByRole('link', { name: 'http://localhost:8080/reset-password?token=abc123' })
        .getAttribute('href'),
    ).toBe('http://localhost:8080/reset-password?token=abc123');
    expect(within(email).getByText('Waiting')).toBeInTheDocument();
    const sms = screen.getByRole('article', { name: 'Text message' });
    expect(within(sms).getByText('Your sign-in code is 123456')).toBeInTheDocument();
    const [call] = api.callsTo('GET', '/v1/outbox');
    expect(call?.options?.query).toMatchObject({ recipient: 'client@demo.test', page: 1 });
    expect(call?.options?.anonymous).toBe(true);
  });

  it("signed in, lists the caller's own messages with their token", async () => {
    const api = createFakeApi().reply('GET', '/v1/outbox', page([]));
    renderPage(<DemoOutboxPage />, { route: '/demo-outbox', api, session: { claims: testClaims() } });
    expect(await screen.findByText('No messages yet')).toBeInTheDocument();
    const [call] = api.callsTo('GET', '/v1/outbox');
    expect(call?.options?.query?.recipient).toBeUndefined();
    expect(call?.options?.anonymous).toBe(false);
  });

  it('says the outbox is not available when the API has no demo mode (production)', async () => {
    const api = createFakeApi().fail('GET', '/v1/outbox', 404, { detail: 'Not found.', code: 'not_found' });
    renderPage(<DemoOutboxPage />, { route: '/demo-outbox?recipient=client@demo.test', api });
    expect(
      await screen.findByText(/not available: this installation does not run in demo mode/),
    ).toBeInTheDocument();
  });

  it('shows the API refusal for an address outside the demo', async () => {
    const api = createFakeApi().fail('GET', '/v1/outbox', 403, {
      detail: 'Signed out, the demo outbox shows messages to demo addresses (ending in .test) only.',
      code: 'permission_denied',
    });
    renderPage(<DemoOutboxPage />, { route: '/demo-outbox?recipient=someone@example.com', api });
    expect(await screen.findByText(/demo addresses \(ending in \.test\) only/)).toBeInTheDocument();
  });

  it('is reachable signed out in the real route table (no redirect to Sign in)', async () => {
    const server = scriptedApi().on('GET', '/v1/outbox', () => page([reset]));
    const app = renderApp('/demo-outbox?recipient=client@demo.test', { server });
    expect(await screen.findByRole('article', { name: 'Reset your password' })).toBeInTheDocument();
    expect(app.location()).toBe('/demo-outbox?recipient=client@demo.test');
  });
});
