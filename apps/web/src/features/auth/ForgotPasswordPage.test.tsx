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
    expect(await screen.findByText('Too many attempts. Try again in a few minutes.')).toBeTruthy();
  });
});

describe('ForgotPasswordResetPage', () => {
  it('tells the user to check their e-mail', () => {
    renderPage(<ForgotPasswordResetPage />, { route: '/forgot-password-reset' });
    expect(screen.getByRole('heading', { name: 'Check your e-mail' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to sign in' }).getAttribute('href')).toBe('/login');
  });
});
