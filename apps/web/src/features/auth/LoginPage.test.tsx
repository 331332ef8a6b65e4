import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeApi, renderPage, setupUser } from '../test-utils.tsx';
import { LoginPage } from './LoginPage.tsx';

const tokens = { access: 'access-token', refresh: 'refresh-token' };

/** The API outside demo mode; the tests script the sign-in calls on top. */
const authApi = (demo = false) => createFakeApi().reply('GET', '/v1/demo-mode', { demo });

async function fillAndSubmit(email: string, password: string) {
  const user = setupUser();
  await user.type(screen.getByLabelText('E-mail'), email);
  await user.type(screen.getByLabelText('Password'), `${password}{Enter}`);
  return user;
}

describe('LoginPage', () => {
  it('signs in with the tokens the API returns, on Enter', async () => {
    const api = authApi().reply('POST', '/v1/auth/login', tokens);
    const { session } = renderPage(<LoginPage />, { route: '/login', api });

    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(document.activeElement).toBe(screen.getByLabelText('E-mail'));
    await fillAndSubmit(' ada@example.com ', 'correct horse 1');

    await waitFor(() => expect(session.signIn).toHaveBeenCalledWith(tokens));
    const [call] = api.callsTo('POST', '/v1/auth/login');
    expect(call?.body).toEqual({ email: 'ada@example.com', password: 'correct horse 1' });
    expect(call?.options?.anonymous).toBe(true);
  });

  it('disables the button while the call is in flight', async () => {
    let release: (value: unknown) => void = () => {};
    const api = authApi().reply(
      'POST',
      '/v1/auth/login',
      () => new Promise((resolve) => (release = resolve)),
    );
    renderPage(<LoginPage />, { route: '/login', api });

    await fillAndSubmit('ada@example.com', 'secret-password1');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /sign in/i })).toHaveProperty('disabled', true),
    );
    release(tokens);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /sign in/i })).toHaveProperty('disabled', false),
    );
  });

  it('shows field messages without calling the API when fields are empty', async () => {
    const { api } = renderPage(<LoginPage />, { route: '/login', api: authApi() });
    await setupUser().click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findAllByText('This field is required.')).toHaveLength(2);
    expect(api.callsTo('POST', '/v1/auth/login')).toHaveLength(0);
  });

  it("shows the API's message for wrong credentials", async () => {
    const api = authApi().fail('POST', '/v1/auth/login', 401, {
      detail: 'No active account found with the given credentials.',
      code: 'invalid_credentials',
    });
    const { session } = renderPage(<LoginPage />, { route: '/login', api });
    await fillAndSubmit('ada@example.com', 'wrong-password1');
    expect(
      await screen.findByText('No active account found with the given credentials.'),
    ).toBeInTheDocument();
    expect(session.signIn).not.toHaveBeenCalled();
  });

  it('explains throttling on 429', async () => {
    const api = authApi().fail('POST', '/v1/auth/login', 429, {
      detail: 'Request was throttled.',
      code: 'throttled',
    });
    renderPage(<LoginPage />, { route: '/login', api });
    await fillAndSubmit('ada@example.com', 'wrong-password1');
    expect(await screen.findByText('Too many attempts. Try again in a few minutes.')).toBeInTheDocument();
  });

  it('puts 400 field messages under the fields', async () => {
    const api = authApi().fail('POST', '/v1/auth/login', 400, {
      email: ['Enter a valid e-mail address.'],
    });
    renderPage(<LoginPage />, { route: '/login', api });
    await fillAndSubmit('not-an-address', 'whatever-1');
    expect(await screen.findByText('Enter a valid e-mail address.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('tells a user without a client what to do', () => {
    renderPage(<LoginPage />, { route: '/login?error=no_client', api: authApi() });
    expect(
      screen.getByText('No client is linked to your account. Contact your provider team.'),
    ).toBeInTheDocument();
  });

  it('links to forgot password', () => {
    renderPage(<LoginPage />, { route: '/login', api: authApi() });
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });

  it('asks for the code when two-factor is on, then signs in with it', async () => {
    const api = authApi()
      .reply('POST', '/v1/auth/login', { ephemeral_token: 'eph', method: 'email' })
      .reply('POST', '/v1/auth/login/code', tokens);
    const { session } = renderPage(<LoginPage />, { route: '/login', api });
    const user = await fillAndSubmit('ada@example.com', 'secret-password1');

    const code = await screen.findByLabelText('Verification code');
    expect(screen.getByText(/by e-mail/)).toBeInTheDocument();
    await user.type(code, '12345{Enter}');
    expect(await screen.findByText('Enter the 6-digit code.')).toBeInTheDocument();
    await user.type(code, '6{Enter}');
    await waitFor(() => expect(session.signIn).toHaveBeenCalledWith(tokens));
    expect(api.callsTo('POST', '/v1/auth/login/code')[0]?.body).toEqual({
      ephemeral_token: 'eph',
      code: '123456',
    });
  });

  it('in demo mode, points to the demo outbox below the form and, at the code step, to the messages of the address signing in', async () => {
    const api = authApi(true).reply('POST', '/v1/auth/login', { ephemeral_token: 'eph', method: 'email' });
    renderPage(<LoginPage />, { route: '/login', api });
    expect(await screen.findByRole('link', { name: 'Open the demo outbox' })).toHaveAttribute(
      'href',
      '/demo-outbox',
    );
    await fillAndSubmit('client@demo.test', 'secret-password1');
    await screen.findByLabelText('Verification code');
    expect(screen.getByRole('link', { name: 'Open the demo outbox' })).toHaveAttribute(
      'href',
      '/demo-outbox?recipient=client%40demo.test',
    );
  });

  it('shows no demo outbox outside demo mode', async () => {
    const { queryClient } = renderPage(<LoginPage />, { route: '/login', api: authApi() });
    await waitFor(() => expect(queryClient.getQueryState(['demo-mode'])?.status).toBe('success'));
    expect(screen.queryByRole('link', { name: 'Open the demo outbox' })).not.toBeInTheDocument();
  });

  it('shows the notice another screen passed along', () => {
    renderPage(<LoginPage />, {
      route: '/login',
      api: authApi(),
      state: { notice: 'Your password has been changed.' },
    });
    expect(screen.getByText('Your password has been changed.')).toBeInTheDocument();
  });
});
