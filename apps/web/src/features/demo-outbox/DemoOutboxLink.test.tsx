import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeApi, renderPage } from '../test-utils.tsx';
import { DemoOutboxLink } from './DemoOutboxLink.tsx';

const demo = (on: boolean) => createFakeApi().reply('GET', '/v1/demo-mode', { demo: on });

describe('DemoOutboxLink', () => {
  it('in demo mode, points to the demo outbox without signing in', async () => {
    const api = demo(true);
    renderPage(<DemoOutboxLink />, { route: '/login', api });
    const link = await screen.findByRole('link', { name: 'Open the demo outbox' });
    expect(link).toHaveAttribute('href', '/demo-outbox');
    expect(screen.getByText(/no real e-mail or text message is sent/)).toBeInTheDocument();
    expect(api.callsTo('GET', '/v1/demo-mode')[0]?.options?.anonymous).toBe(true);
  });

  it("opens the outbox on a demo address's messages, but not on a real address", async () => {
    const { unmount } = renderPage(<DemoOutboxLink recipient="client@demo.test" />, { api: demo(true) });
    expect(await screen.findByRole('link', { name: 'Open the demo outbox' })).toHaveAttribute(
      'href',
      '/demo-outbox?recipient=client%40demo.test',
    );
    unmount();
    renderPage(<DemoOutboxLink recipient="ada@example.com" />, { api: demo(true) });
    expect(await screen.findByRole('link', { name: 'Open the demo outbox' })).toHaveAttribute(
      'href',
      '/demo-outbox',
    );
  });

  it('shows nothing outside demo mode, or when the API cannot say', async () => {
    const off = renderPage(<DemoOutboxLink />, { api: demo(false) });
    await waitFor(() => expect(off.queryClient.getQueryState(['demo-mode'])?.status).toBe('success'));
    expect(screen.queryByRole('link', { name: 'Open the demo outbox' })).not.toBeInTheDocument();
    off.unmount();
    const failing = renderPage(<DemoOutboxLink />, {
      api: createFakeApi().fail('GET', '/v1/demo-mode', 404, {}),
    });
    await waitFor(() => expect(failing.queryClient.getQueryState(['demo-mode'])?.status).toBe('error'));
    expect(screen.queryByRole('link', { name: 'Open the demo outbox' })).not.toBeInTheDocument();
  });
});
