import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeApi, renderPage, setupUser } from '../test-utils.tsx';
import { ForgotPasswordPage } from './ForgotPasswordPage.tsx';
import { ForgotPasswordResetPage } from './ForgotPasswordResetPage.tsx';

describe('ForgotPasswordPage', () => {
  it('asks for a link and moves to the confirmation page', async () => {
    const api = createFakeApi().reply('POST', '/v1/auth/password-reset', { detail: 'sent' });
    renderPage(<ForgotPasswordPage />, { route: '/forgot-password', api });
    await setupUser().type(screen.getByLabelText('E-mail'), 'ada@example.com{Enter}');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/forgot-password-reset'));
    expect(api.calls[0]?.body).toEqual({ email: 'ada@example.com' });
    expect(api.calls[0]?.options?.anonymous).toBe(true);
  });

  it('explains throttling', async () => {
    const api = createFakeApi().fail('POST', '/v1/auth/password-reset', 429, {
      detail: 'x',
      code: 'throttled',
    });
    renderPage(<ForgotPasswordPage />, { route: '/forgot-password', api });
    await setupUser().type(screen.getByLabelText('E-mail'), 'ada@example.com{Enter}');
    expect(await screen.findByText('Too many attempts. Try again in a few minutes.')).toBeInTheDocument();
  });
});

describe('ForgotPasswordResetPage', () => {
  const demo = (on: boolean) => createFakeApi().reply('GET', '/v1/demo-mode', { demo: on });

  it('tells the user to check their e-mail', async () => {
    const { queryClient } = renderPage(<ForgotPasswordResetPage />, {
      route: '/forgot-password-reset',
      api: demo(false),
    });
    expect(screen.getByRole('heading', { name: 'Check your e-mail' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login');
    await waitFor(() => expect(queryClient.getQueryState(['demo-mode'])?.status).toBe('success'));
    expect(screen.queryByRole('link', { name: 'Open the demo outbox' })).not.toBeInTheDocument();
  });

  it("in demo mode, points to the demo outbox on the address's messages", async () => {
    renderPage(<ForgotPasswordResetPage />, {
      route: '/forgot-password-reset',
      state: { email: 'client@demo.test' },
      api: demo(true),
    });
    expect(screen.getByText(/Nothing arrived after a few minutes/)).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Open the demo outbox' })).toHaveAttribute(
      'href',
      '/demo-outbox?recipient=client%40demo.test',
    );
  });
});
