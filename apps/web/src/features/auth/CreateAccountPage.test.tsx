import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeApi, renderPage, setupUser } from '../test-utils.tsx';
import { CreateAccountPage } from './CreateAccountPage.tsx';

const VALIDATE = '/v1/auth/password-reset/validate-token';
const CONFIRM = '/v1/auth/password-reset/confirm';
const invite = { type: 'invite', email: 'grace@example.com', first_name: 'Grace' };

describe('CreateAccountPage', () => {
  it('validates the token, shows the e-mail and creates the account', async () => {
    const api = createFakeApi().reply('POST', VALIDATE, invite).reply('POST', CONFIRM, { detail: 'ok' });
    renderPage(<CreateAccountPage />, { route: '/create-account?token=tok-1', api });

    const email = await screen.findByLabelText('E-mail');
    expect(email).toHaveValue('grace@example.com');
    expect(api.callsTo('POST', VALIDATE)[0]?.body).toEqual({ token: 'tok-1' });
    expect(api.callsTo('POST', VALIDATE)[0]?.options?.anonymous).toBe(true);

    const firstName = screen.getByLabelText('First name') as HTMLInputElement;
    expect(firstName).toHaveValue('Grace');
    const user = setupUser();
    await user.type(screen.getByLabelText('Last name'), 'Hopper');
    await user.type(screen.getByLabelText('Password'), 'cobol-forever-1959');
    await user.type(screen.getByLabelText('Confirm password'), 'cobol-forever-1959{Enter}');

    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/login'));
    expect(api.callsTo('POST', CONFIRM)[0]?.body).toEqual({
      token: 'tok-1',
      password: 'cobol-forever-1959',
      first_name: 'Grace',
      last_name: 'Hopper',
    });
    expect(screen.getByTestId('location').dataset.state).toContain('Your account is ready');
  });

  it('checks the password policy and the confirmation before calling the API', async () => {
    const api = createFakeApi().reply('POST', VALIDATE, invite);
    renderPage(<CreateAccountPage />, { route: '/create-account?token=tok-1', api });
    const user = setupUser();
    await user.type(await screen.findByLabelText('Last name'), 'Hopper');
    await user.type(screen.getByLabelText('Password'), 'short1');
    await user.type(screen.getByLabelText('Confirm password'), 'short2{Enter}');

    expect(await screen.findByText('Password must be at least 10 characters.')).toBeInTheDocument();
    expect(screen.getByText('Passwords do not match.')).toBeInTheDocument();
    expect(api.callsTo('POST', CONFIRM)).toHaveLength(0);
  });

  it('puts the server password message under the password field', async () => {
    const api = createFakeApi()
      .reply('POST', VALIDATE, invite)
      .fail('POST', CONFIRM, 400, { password: ['The password must not contain your e-mail address.'] });
    renderPage(<CreateAccountPage />, { route: '/create-account?token=tok-1', api });
    const user = setupUser();
    await user.type(await screen.findByLabelText('Last name'), 'Hopper');
    await user.type(screen.getByLabelText('Password'), 'grace-example-1');
    await user.type(screen.getByLabelText('Confirm password'), 'grace-example-1{Enter}');
    expect(await screen.findByText('The password must not contain your e-mail address.')).toBeVisible();
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      'The password must not contain your e-mail address.',
    );
  });

  it('explains an expired or used invitation and links to sign in', async () => {
    const api = createFakeApi().fail('POST', VALIDATE, 400, { token: ['This link has expired.'] });
    renderPage(<CreateAccountPage />, { route: '/create-account?token=old', api });
    expect(await screen.findByText(/This link has expired\./)).toBeInTheDocument();
    expect(screen.getByText(/Ask your provider team to send you a new invitation\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toHaveAttribute('href', '/login');
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
  });

  it('switches to the expired message when the token dies before submit', async () => {
    const api = createFakeApi()
      .reply('POST', VALIDATE, invite)
      .fail('POST', CONFIRM, 400, { token: ['This link has already been used.'] });
    renderPage(<CreateAccountPage />, { route: '/create-account?token=tok-1', api });
    const user = setupUser();
    await user.type(await screen.findByLabelText('Last name'), 'Hopper');
    await user.type(screen.getByLabelText('Password'), 'cobol-forever-1959');
    await user.type(screen.getByLabelText('Confirm password'), 'cobol-forever-1959{Enter}');
    expect(await screen.findByText(/This link has already been used\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toBeInTheDocument();
  });

  it('says the link is incomplete without a token, and calls nothing', () => {
    const { api } = renderPage(<CreateAccountPage />, { route: '/create-account' });
    expect(screen.getByText(/This link is incomplete/)).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('offers to try again when the API cannot check the link, without calling it invalid', async () => {
    const api = createFakeApi().fail('POST', VALIDATE, 503, null);
    renderPage(<CreateAccountPage />, { route: '/create-account?token=tok-1', api });
    expect(
      await screen.findByText('Service temporarily unavailable. Please try again later.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/new invitation/)).not.toBeInTheDocument();
    api.reply('POST', VALIDATE, invite);
    await setupUser().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText('Last name')).toBeInTheDocument();
  });
});
