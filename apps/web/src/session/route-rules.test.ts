import { describe, expect, it } from 'vitest';
import { homePathOf, postSignInPath } from './home.ts';
import { at, PUBLIC, render, to } from './route-rules.test-support.ts';
import { SIGNED_OUT } from './session-snapshot.ts';
import {
  advisorProfile,
  claims,
  client,
  clientSnapshot,
  familyOfficeProfile,
  organization,
  orgSnapshot,
  profile,
} from './test-fixtures.ts';

describe('public routes', () => {
  it.each(PUBLIC)('%s is open to a signed-out user', (path) => {
    expect(at(SIGNED_OUT, path)).toEqual(render);
  });

  it.each(PUBLIC.filter((path) => path !== '/user/reset-password-expiry'))(
    '%s sends a signed-in user home',
    (path) => {
      expect(at(orgSnapshot(), path)).toEqual(to('/manager-dashboard'));
      expect(at(clientSnapshot(), path)).toEqual(to('/dashboard'));
    },
  );

  it('keeps a staff member whose password expired on /user/reset-password-expiry', () => {
    const expired = orgSnapshot({
      claims: claims({ type: 'bporg', staff: 'member', password_expired: true }),
    });
    expect(at(expired, '/user/reset-password-expiry')).toEqual(render);
  });

  it('sends a signed-in user without an expired password home from /user/reset-password-expiry', () => {
    expect(at(orgSnapshot(), '/user/reset-password-expiry')).toEqual(to('/manager-dashboard'));
  });

  it('tolerates a trailing slash', () => {
    expect(at(SIGNED_OUT, '/login/')).toEqual(render);
    expect(at(clientSnapshot(), '/login/')).toEqual(to('/dashboard'));
  });
});

describe('signed-out user on a private route', () => {
  it('goes to /login and saves the path and search as the redirect url', () => {
    expect(at(SIGNED_OUT, '/clients/abc/new-bill?entity=e1')).toEqual({
      kind: 'redirect',
      to: '/login',
      saveRedirectUrl: '/clients/abc/new-bill?entity=e1',
    });
  });
});

describe('session loading', () => {
  it('waits while the session loads, on public and private routes', () => {
    const loading = { ...SIGNED_OUT, status: 'loading' } as const;
    expect(at(loading, '/dashboard')).toEqual({ kind: 'wait' });
    expect(at(loading, '/login')).toEqual({ kind: 'wait' });
  });

  it('reports a failed load', () => {
    expect(at({ ...SIGNED_OUT, status: 'failed', failure: 'Down' }, '/dashboard')).toEqual({
      kind: 'failed',
      message: 'Down',
    });
  });
});

describe('expired password', () => {
  const expired = orgSnapshot({ claims: claims({ type: 'bporg', staff: 'admin', password_expired: true }) });
  it.each(['/manager-dashboard', '/clients', '/profile', '/login', '/my-organizations', '/non-staff-users'])(
    'sends staff from %s to /user/reset-password-expiry',
    (path) => {
      expect(at(expired, path)).toEqual(to('/user/reset-password-expiry'));
    },
  );

  it('applies to organisation users who are not internal staff', () => {
    const orgUser = orgSnapshot({ claims: claims({ type: 'bporg', staff: null, password_expired: true }) });
    expect(at(orgUser, '/clients')).toEqual(to('/user/reset-password-expiry'));
  });
});

describe('homes and sign-in target', () => {
  it('organisation users: associates to their dashboard, everyone else to the manager dashboard', () => {
    const home = (team_label: string | null, role = 'user') =>
      homePathOf(orgSnapshot({ organization: organization({ team_label, role }) }));
    expect(home('Associate')).toBe('/associate-dashboard');
    expect(home('Manager')).toBe('/manager-dashboard');
    expect(home('Lead')).toBe('/manager-dashboard');
    expect(home('Supervisor')).toBe('/manager-dashboard');
    expect(home('IT')).toBe('/manager-dashboard');
    expect(home(null, 'super_admin')).toBe('/manager-dashboard');
  });

  it('client users by mode', () => {
    expect(homePathOf(clientSnapshot())).toBe('/dashboard');
    expect(homePathOf(clientSnapshot({ profile: advisorProfile() }))).toBe('/wealth-advisor-dashboard');
    expect(homePathOf(clientSnapshot({ profile: familyOfficeProfile() }))).toBe('/family-admin-dashboard');
    // The service alone is not enough: the dashboard must be enabled.
    expect(homePathOf(clientSnapshot({ profile: profile({ service: 'wealth_manager' }) }))).toBe(
      '/dashboard',
    );
    expect(homePathOf(clientSnapshot({ profile: profile({ service: 'family_office' }) }))).toBe('/dashboard');
  });

  it('goes to the saved redirect url after sign-in, else home', () => {
    expect(postSignInPath('/bills/e1/paid?page=2', '/dashboard')).toBe('/bills/e1/paid?page=2');
    expect(postSignInPath(null, '/dashboard')).toBe('/dashboard');
    // Never off-site.
    expect(postSignInPath('//evil.example/x', '/dashboard')).toBe('/dashboard');
    expect(postSignInPath('https://evil.example', '/dashboard')).toBe('/dashboard');
  });
});

describe('organisation selection', () => {
  const choosing = orgSnapshot({
    organizations: [organization(), organization()],
    organization: null,
    selection: 'choose',
  });

  it('sends a user with several organisations and none chosen to /my-organizations, remembering the path', () => {
    expect(at(choosing, '/clients/c1?tab=bills')).toEqual({
      kind: 'redirect',
      to: '/my-organizations',
      returnPath: '/clients/c1?tab=bills',
    });
  });

  it('does not remember home, which depends on the organisation chosen', () => {
    expect(at(choosing, '/manager-dashboard')).toEqual({
      kind: 'redirect',
      to: '/my-organizations',
      returnPath: null,
    });
  });

  it('shows /my-organizations', () => {
    expect(at(choosing, '/my-organizations')).toEqual(render);
    expect(at(orgSnapshot(), '/my-organizations')).toEqual(render);
  });

  it('lets a user without any organisation through', () => {
    const none = orgSnapshot({ organizations: [], organization: null, selection: 'none' });
    expect(at(none, '/manager-dashboard')).toEqual(render);
  });
});

describe('client selection', () => {
  it('sends the user to the terms page when the client list answers must_accept_terms', () => {
    const terms = clientSnapshot({ clients: [], client: null, selection: 'must_accept_terms' });
    expect(at(terms, '/bills/all-entities')).toEqual({
      kind: 'redirect',
      to: '/terms-conditions',
      returnPath: '/bills/all-entities',
    });
    expect(at(terms, '/terms-conditions')).toEqual(render);
  });

  it('clears the session and shows /login?error=no_client when the account has no client', () => {
    const none = clientSnapshot({ clients: [], client: null, selection: 'none' });
    expect(at(none, '/dashboard')).toEqual({
      kind: 'redirect',
      to: '/login?error=no_client',
      clearSession: true,
    });
  });

  it('sends a user with several clients and none chosen to /select-client, remembering the path', () => {
    const choosing = clientSnapshot({ clients: [client(), client()], client: null, selection: 'choose' });
    expect(at(choosing, '/reports')).toEqual({
      kind: 'redirect',
      to: '/select-client',
      returnPath: '/reports',
    });
    expect(at(choosing, '/dashboard')).toEqual({ kind: 'redirect', to: '/select-client', returnPath: null });
    expect(at(choosing, '/select-client')).toEqual(render);
  });
});

describe('onboarding', () => {
  const onboarding = client({ is_onboarding_completed: false });
  const held = clientSnapshot({ clients: [onboarding], client: onboarding });

  it.each(['/dashboard', '/bills/all-entities', '/reports', '/profile', '/support', '/select-client'])(
    'sends the user from %s to /client-onboarding/client',
    (path) => {
      const decision = at(held, path);
      expect(decision).toMatchObject({ kind: 'redirect', to: '/client-onboarding/client' });
    },
  );

  it('remembers the prior location, not home', () => {
    expect(at(held, '/reports?year=2025')).toEqual({
      kind: 'redirect',
      to: '/client-onboarding/client',
      returnPath: '/reports?year=2025',
    });
    expect(at(held, '/dashboard')).toMatchObject({ returnPath: null });
  });

  it('shows the checklist itself', () => {
    expect(at(held, '/client-onboarding/client')).toEqual(render);
  });

  it('does not hold advisors or family offices', () => {
    const advisor = clientSnapshot({ profile: advisorProfile(), clients: [onboarding], client: onboarding });
    expect(at(advisor, '/wealth-advisor-dashboard')).toEqual(render);
    const family = clientSnapshot({
      profile: familyOfficeProfile(),
      clients: [onboarding],
      client: onboarding,
    });
    expect(at(family, '/bills/all-entities')).toEqual(render);
  });

  it('lets an onboarded client through', () => {
    expect(at(clientSnapshot(), '/dashboard')).toEqual(render);
  });
});
