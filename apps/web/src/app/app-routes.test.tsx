import { STORAGE_KEYS } from '@bp/api-client';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, page, scriptedApi } from '../session/fake-api.test-support.ts';
import { PATHS } from '../session/session-store.ts';
import {
  advisorProfile,
  client,
  familyOfficeProfile,
  organization,
  profile,
} from '../session/test-fixtures.ts';
import { renderApp, storageWithTokens, tokensFor } from './render-app.test-support.tsx';

const heading = (name: string) => screen.findByRole('heading', { level: 1, name }, { timeout: 3000 });

function orgUser(orgs = [organization()], extraClaims: Record<string, unknown> = {}) {
  const server = scriptedApi()
    .on('GET', PATHS.me, () => profile({ type: 'bporg', staff: 'member' }))
    .on('GET', PATHS.organizations, () => page(orgs));
  const storage = storageWithTokens(tokensFor({ type: 'bporg', staff: 'member', ...extraClaims }));
  return { server, storage };
}

function clientUser(clients = [client()], userProfile = profile()) {
  const server = scriptedApi()
    .on('GET', PATHS.me, () => userProfile)
    .on('GET', PATHS.clients, () => page(clients));
  const storage = storageWithTokens(tokensFor({ type: 'client' }));
  return { server, storage };
}

describe('landing pages', () => {
  it('sends a signed-out user to Sign in and remembers where they were going', async () => {
    const app = renderApp('/clients/c1?tab=bills');
    await heading('Sign in');
    expect(app.location()).toBe('/login');
    expect(app.storage.getItem(STORAGE_KEYS.redirectUrl)).toBe('/clients/c1?tab=bills');
  });

  it('sends unknown paths to /login', async () => {
    const app = renderApp('/no/such/page');
    await heading('Sign in');
    expect(app.location()).toBe('/login');
    expect(app.storage.getItem(STORAGE_KEYS.redirectUrl)).toBeNull();
  });

  it('sends a signed-in user from an unknown path through /login to their home', async () => {
    const app = renderApp('/no/such/page', clientUser());
    await heading('Dashboard');
    expect(app.location()).toBe('/dashboard');
  });

  it('takes a manager from /login to the Manager Dashboard, with the organisation navigation', async () => {
    const app = renderApp('/login', orgUser([organization({ name: 'Northwind' })]));
    await heading('Manager Dashboard');
    expect(app.location()).toBe('/manager-dashboard');
    const nav = screen.getByRole('navigation', { name: 'Organization' });
    expect(within(nav).getByRole('link', { name: 'Clients' })).toBeInTheDocument();
    expect(within(nav).getByRole('button', { name: 'BillPay' })).toBeInTheDocument();
    expect(within(nav).getByRole('button', { name: 'Workflow' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Reporting' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Advanced search' })).toBeInTheDocument();
  });

  it('takes an associate home to the Associate Dashboard', async () => {
    const app = renderApp('/', orgUser([organization({ team_label: 'Associate' })]));
    await heading('Associate Dashboard');
    expect(app.location()).toBe('/associate-dashboard');
  });

  it('gives organisation staff their profile at /profile-old as at /profile', async () => {
    const app = renderApp('/profile-old', orgUser());
    await heading('Profile');
    expect(app.location()).toBe('/profile-old');
    expect(await screen.findByLabelText('First name')).toHaveValue('Grace');
    expect(screen.getByLabelText('E-mail')).toHaveValue('user@example.com');
    expect(screen.getByRole('heading', { name: 'Two-factor authentication' })).toBeInTheDocument();
    expect(screen.queryByText('Your profile will appear here.')).not.toBeInTheDocument();
  });

  it('asks a user with several organisations to choose, then returns to the page', async () => {
    const orgs = [organization({ name: 'Alpha' }), organization({ name: 'Beta' })];
    const app = renderApp('/clients', orgUser(orgs));
    await heading('Switch to Organization');
    expect(app.location()).toBe('/my-organizations');
    await userEvent.click(await screen.findByText('Beta'));
    await heading('Clients');
    expect(app.location()).toBe('/clients');
    expect(app.storage.getItem(STORAGE_KEYS.organizationName)).toBe('Beta');
  });

  it('shows the client Dashboard to a client with one onboarded client', async () => {
    const app = renderApp('/login', clientUser());
    await heading('Dashboard');
    expect(app.location()).toBe('/dashboard');
    expect(screen.getByRole('navigation', { name: 'Client' })).toBeInTheDocument();
  });

  it('asks a client user with several clients to select one', async () => {
    const app = renderApp('/dashboard', clientUser([client({ name: 'One' }), client({ name: 'Two' })]));
    await heading('Select Client');
    expect(app.location()).toBe('/select-client');
  });

  it('holds a client whose onboarding is incomplete on the checklist', async () => {
    const app = renderApp('/bills/all-entities', clientUser([client({ is_onboarding_completed: false })]));
    await heading('Client Onboarding');
    expect(app.location()).toBe('/client-onboarding/client');
    expect(app.storage.getItem(STORAGE_KEYS.returnPath)).toBe('/bills/all-entities');
  });

  it('sends a client who must accept the terms to Terms and Conditions', async () => {
    const server = scriptedApi()
      .on('GET', PATHS.me, () => profile())
      .on('GET', PATHS.clients, () => {
        throw apiError(403, { detail: 'Accept the terms.', code: 'must_accept_terms' });
      });
    const app = renderApp('/dashboard', {
      server,
      storage: storageWithTokens(tokensFor({ type: 'client' })),
    });
    await heading('Terms and Conditions');
    expect(app.location()).toBe('/terms-conditions');
    expect(server.callsTo('GET', PATHS.clients)).toHaveLength(1);
  });

  it('signs out a client user without any client, to /login?error=no_client', async () => {
    const app = renderApp('/dashboard', clientUser([]));
    await heading('Sign in');
    expect(app.location()).toBe('/login?error=no_client');
    expect(app.storage.getItem(STORAGE_KEYS.access)).toBeNull();
  });

  it('lands advisors on the Wealth Advisor Dashboard and family offices on theirs', async () => {
    const advisor = renderApp('/dashboard', clientUser([client()], advisorProfile()));
    await heading('Wealth Advisor Dashboard');
    expect(advisor.location()).toBe('/wealth-advisor-dashboard');
    advisor.unmount();

    const family = renderApp('/login', clientUser([client()], familyOfficeProfile()));
    await heading('Family Office Dashboard');
    expect(family.location()).toBe('/family-admin-dashboard');
  });

  it('sends staff whose password expired to Password Expired', async () => {
    const app = renderApp('/manager-dashboard', orgUser(undefined, { password_expired: true }));
    await heading('Password Expired');
    expect(app.location()).toBe('/user/reset-password-expiry');
  });

  it('opens Mask to another User to internal staff', async () => {
    const setup = orgUser();
    setup.server.on('GET', '/v1/auth/mask/users', () => page([]));
    const app = renderApp('/non-staff-users', setup);
    await heading('Mask to another User');
    expect(app.location()).toBe('/non-staff-users');
  });

  it('sends mobile browsers to the download page', async () => {
    const original = Object.getOwnPropertyDescriptor(window.navigator, 'userAgent');
    Object.defineProperty(window.navigator, 'userAgent', {
      value: 'Mozilla/5.0 (iPhone) Mobile',
      configurable: true,
    });
    try {
      const app = renderApp('/login');
      await screen.findByRole('heading', { level: 1, name: /BillPay app/ });
      expect(app.location()).toBe('/download-app');
    } finally {
      if (original) Object.defineProperty(window.navigator, 'userAgent', original);
      else Reflect.deleteProperty(window.navigator, 'userAgent');
    }
  });
});

describe('session actions through the shell', () => {
  it('signs in from the login form and goes to the saved redirect url', async () => {
    const tokens = tokensFor({ type: 'client' });
    const server = scriptedApi()
      .on('POST', '/v1/auth/login', () => tokens)
      .on('GET', PATHS.me, () => profile())
      .on('GET', PATHS.clients, () => page([client()]));
    const app = renderApp('/reports', { server });
    await heading('Sign in');
    await userEvent.type(screen.getByLabelText(/e-mail/i), 'grace@example.com');
    await userEvent.type(screen.getByLabelText(/^password/i), 'correct horse 1');
    await userEvent.click(screen.getByRole('button', { name: /sign in/i }));
    await heading('Reports');
    expect(app.location()).toBe('/reports');
    expect(app.storage.getItem(STORAGE_KEYS.redirectUrl)).toBeNull();
    expect(app.storage.getItem(STORAGE_KEYS.access)).toBe(tokens.access);
  });

  it('logs out from the user menu', async () => {
    const setup = clientUser();
    setup.server.on('POST', PATHS.blacklist, () => ({ detail: 'ok' }));
    const app = renderApp('/dashboard', setup);
    await heading('Dashboard');
    await userEvent.click(screen.getByRole('button', { name: /open user menu/i }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    await heading('Sign in');
    expect(app.location()).toBe('/login');
    expect(setup.server.callsTo('POST', PATHS.blacklist)).toHaveLength(1);
    expect(app.storage.values.size).toBe(0);
  });

  it('shows the mask banner with an Unmask button while masked', async () => {
    const server = scriptedApi()
      .on('GET', PATHS.me, () => profile({ first_name: 'Grace', last_name: 'Hopper' }))
      .on('GET', PATHS.clients, () => page([client()]));
    const storage = storageWithTokens(
      tokensFor({ type: 'client', masked_by: '7a7a7a7a-1b1b-4c2c-8d3d-4e4e4e4e4e4e' }),
    );
    renderApp('/dashboard', { server, storage });
    await heading('Dashboard');
    expect(screen.getByText('You are masked as Grace Hopper')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Unmask' })).toBeInTheDocument();
  });

  it("says 'No organization Selected.' in the organisation switcher without an organisation", async () => {
    renderApp('/manager-dashboard', orgUser([]));
    await heading('Manager Dashboard');
    await userEvent.click(screen.getByRole('button', { name: /open user menu/i }));
    expect(await screen.findByText('No organization Selected.')).toBeInTheDocument();
  });
});
