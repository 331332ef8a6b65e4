import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeApi, renderPage, setupUser } from '../test-utils.tsx';
import { ResetPasswordExpiryPage } from './ResetPasswordExpiryPage.tsx';

const CHANGE = '/v1/auth/password-change';
const tokens = { access: 'new-access', refresh: 'new-refresh' };

async function submit(current: string, next: string, confirmation = next) {
  const user = setupUser();
  await user.type(screen.getByLabelText('Current password'), current);
  await user.type(screen.getByLabelText('New password'), next);
  await user.type(screen.getByLabelText('Confirm new password'), `${confirmation}{Enter}`);
}

describe('ResetPasswordExpiryPage', () => {
  it('changes the password with the bearer and signs in with the new tokens', async () => {
    const api = createFakeApi().reply('POST', CHANGE, tokens);
    const { session } = renderPage(<ResetPasswordExpiryPage />, {
      route: '/user/reset-password-expiry',
      api,
    });
    expect(screen.getByRole('heading', { name: 'Password Expired' })).toBeInTheDocument();
    expect(document.activeElement).toBe(screen.getByLabelText('Current password'));

    await submit('old-password-1', 'brand-new-password-2');
    await waitFor(() => expect(session.signIn).toHaveBeenCalledWith(tokens));
    const [call] = api.callsTo('POST', CHANGE);
    expect(call?.body).toEqual({ old_password: 'old-password-1', new_password: 'brand-new-password-2' });
    expect(call?.options?.anonymous).toBeUndefined();
  });

  it('shows a wrong current password under its field', async () => {
    const api = createFakeApi().fail('POST', CHANGE, 400, {
      old_password: ['Your current password is incorrect.'],
    });
    const { session } = renderPage(<ResetPasswordExpiryPage />, {
      route: '/user/reset-password-expiry',
      api,
    });
    await submit('typo-password-1', 'brand-new-password-2');
    expect(await screen.findByText('Your current password is incorrect.')).toBeInTheDocument();
    expect(session.signIn).not.toHaveBeenCalled();
  });

  it('refuses a mismatched confirmation or an unchanged password', async () => {
    const { api } = renderPage(<ResetPasswordExpiryPage />, { route: '/user/reset-password-expiry' });
    await submit('same-password-1', 'same-password-1', 'other-password-1');
    expect(await screen.findByText('Passwords do not match.')).toBeInTheDocument();
    expect(screen.getByText('Choose a password different from the current one.')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });
});
