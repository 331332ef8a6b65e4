import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeApi, renderPage, setupUser } from '../test-utils.tsx';
import { ResetPasswordPage } from './ResetPasswordPage.tsx';

const VALIDATE = '/v1/auth/password-reset/validate-token';
const CONFIRM = '/v1/auth/password-reset/confirm';
const reset = { type: 'reset', email: 'ada@example.com', first_name: 'Ada' };

describe('ResetPasswordPage', () => {
  it('sets the new password and goes to sign in with a message', async () => {
    const api = createFakeApi().reply('POST', VALIDATE, reset).reply('POST', CONFIRM, { detail: 'ok' });
    renderPage(<ResetPasswordPage />, { route: '/reset-password?token=r-1', api });

    expect(await screen.findByText('Choose a new password for ada@example.com.')).toBeInTheDocument();
    const user = setupUser();
    await user.type(screen.getByLabelText('New password'), 'analytical-engine-1843');
    await user.type(screen.getByLabelText('Confirm password'), 'analytical-engine-1843{Enter}');

    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/login'));
    expect(screen.getByTestId('location').dataset.state).toContain('Your password has been changed');
    const [call] = api.callsTo('POST', CONFIRM);
    expect(call?.body).toEqual({ token: 'r-1', password: 'analytical-engine-1843' });
    expect(call?.options?.anonymous).toBe(true);
  });

  it('rejects a password without a digit', async () => {
    const api = createFakeApi().reply('POST', VALIDATE, reset);
    renderPage(<ResetPasswordPage />, { route: '/reset-password?token=r-1', api });
    const user = setupUser();
    await user.type(await screen.findByLabelText('New password'), 'no-digits-at-all');
    await user.type(screen.getByLabelText('Confirm password'), 'no-digits-at-all{Enter}');
    expect(await screen.findByText('Password must contain a digit.')).toBeInTheDocument();
    expect(api.callsTo('POST', CONFIRM)).toHaveLength(0);
  });

  it('offers a new link when the token is no longer valid', async () => {
    const api = createFakeApi().fail('POST', VALIDATE, 400, {
      token: ['This link is invalid or has expired.'],
    });
    renderPage(<ResetPasswordPage />, { route: '/reset-password?token=old', api });
    expect(await screen.findByText(/This link is invalid or has expired\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toHaveAttribute('href', '/login');
  });
});
