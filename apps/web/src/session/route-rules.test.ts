import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { homePathOf, postSignInPath } from './home.ts';
import { type RouteDecision, resolveRoute } from './route-rules.ts';
import { type SessionSnapshot, SIGNED_OUT } from './session-snapshot.ts';
import {
  advisorProfile,
  claims,
  client,
  clientSnapshot,
  DESKTOP_UA,
  familyOfficeProfile,
  IPHONE_UA,
  organization,
  orgSnapshot,
  profile,
} from './test-fixtures.ts';

function at(snapshot: SessionSnapshot, url: string, userAgent = DESKTOP_UA): RouteDecision {
  const [pathname = '/', query] = url.split('?');
  return resolveRoute(snapshot, { pathname, search: query ? `?${query}` : '' }, userAgent);
}
const render = { kind: 'render' };
const to = (path: string) => ({ kind: 'redirect', to: path });

const PUBLIC = [
  '/login',
  '/create-account',
  '/forgot-password',
  '/reset-password',
  '/download-app',
  '/continue-download-app',
  '/forgot-password-reset',
  '/user/reset-password-expiry',
];

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

describe('advisor and family-office paths', () => {
  const advisor = clientSnapshot({ profile: advisorProfile() });
  const family = clientSnapshot({ profile: familyOfficeProfile() });

  it.each([
    '/client-onboarding/client',
    '/advisor/client-onboarding/client/c1',
    '/reports',
    '/reports/client/c1',
    '/bills/all-entities',
    '/bills/e1/paid',
    '/commitments/all-entities',
    '/financial-accounts',
    '/bill/b1',
    '/client-dashboard/c1',
    '/terms-conditions',
    '/foa/support',
    '/foa/profile',
    '/profile',
    '/support',
  ])('both may reach %s', (path) => {
    expect(at(advisor, path)).toEqual(render);
    expect(at(family, path)).toEqual(render);
  });

  it('each may reach their own dashboard only', () => {
    expect(at(advisor, '/wealth-advisor-dashboard')).toEqual(render);
    expect(at(advisor, '/family-admin-dashboard')).toEqual(to('/wealth-advisor-dashboard'));
    expect(at(family, '/family-admin-dashboard')).toEqual(render);
    expect(at(family, '/wealth-advisor-dashboard')).toEqual(to('/family-admin-dashboard'));
  });

  it.each(['/dashboard', '/select-client', '/onboarding', '/advanced-search', '/billsx'])(
    'sends them home from %s',
    (path) => {
      expect(at(advisor, path)).toEqual(to('/wealth-advisor-dashboard'));
      expect(at(family, path)).toEqual(to('/family-admin-dashboard'));
    },
  );

  it('keeps other client users off the advisor and family-office pages', () => {
    for (const path of ['/wealth-advisor-dashboard', '/family-admin-dashboard', '/foa/support']) {
      expect(at(clientSnapshot(), path)).toEqual(to('/dashboard'));
    }
  });
});

describe('staff-only and admin-only pages', () => {
  it('opens /non-staff-users to internal staff only', () => {
    expect(
      at(orgSnapshot({ claims: claims({ type: 'bporg', staff: 'admin' }) }), '/non-staff-users'),
    ).toEqual(render);
    expect(
      at(orgSnapshot({ claims: claims({ type: 'bporg', staff: 'member' }) }), '/non-staff-users'),
    ).toEqual(render);
    expect(at(orgSnapshot(), '/non-staff-users')).toEqual(to('/dashboard'));
    expect(at(clientSnapshot(), '/non-staff-users')).toEqual(to('/dashboard'));
  });

  it('closes /non-staff-users while masked', () => {
    const masked = orgSnapshot({
      claims: claims({ type: 'bporg', staff: 'admin', masked_by: USER_B }),
      isMasked: true,
    });
    expect(at(masked, '/non-staff-users')).toEqual(to('/dashboard'));
  });

  it.each([
    '/settings',
    '/settings/org-add-group/o1',
    '/settings/org-edit-group/o1/group/g1',
    '/parent-institutions',
  ])('opens %s to admin and super_admin only', (path) => {
    for (const role of ['admin', 'super_admin']) {
      expect(at(orgSnapshot({ organization: organization({ role }) }), path)).toEqual(render);
    }
    expect(at(orgSnapshot({ organization: organization({ role: 'user' }) }), path)).toEqual(
      to('/manager-dashboard'),
    );
    const associate = orgSnapshot({ organization: organization({ role: 'user', team_label: 'Associate' }) });
    expect(at(associate, path)).toEqual(to('/associate-dashboard'));
  });

  it('opens /parent-vendors only with the VENDOR_MANAGEMENT feature', () => {
    const withFeature = orgSnapshot({
      profile: profile({ type: 'bporg', features: [{ feature_name: 'VENDOR_MANAGEMENT' }] }),
    });
    expect(at(withFeature, '/parent-vendors')).toEqual(render);
    expect(at(withFeature, '/parent-vendors/inactive')).toEqual(render);
    expect(at(orgSnapshot(), '/parent-vendors')).toEqual(to('/manager-dashboard'));
    const associate = orgSnapshot({ organization: organization({ team_label: 'Associate' }) });
    expect(at(associate, '/parent-vendors/v1')).toEqual(to('/manager-dashboard'));
  });
});

describe('user types stay in their own layout', () => {
  it('sends organisation users home from client pages', () => {
    for (const path of [
      '/dashboard',
      '/bills/all-entities',
      '/bill/b1',
      '/select-client',
      '/terms-conditions',
    ]) {
      expect(at(orgSnapshot(), path)).toEqual(to('/manager-dashboard'));
    }
  });

  it('sends client users home from organisation pages', () => {
    for (const path of [
      '/manager-dashboard',
      '/clients',
      '/billing/paid',
      '/workflow/review',
      '/my-organizations',
    ]) {
      expect(at(clientSnapshot(), path)).toEqual(to('/dashboard'));
    }
  });

  it('shares the common pages', () => {
    for (const path of ['/profile', '/support', '/reports', '/advanced-search', '/client-dashboard/c1']) {
      expect(at(orgSnapshot(), path)).toEqual(render);
      expect(at(clientSnapshot(), path)).toEqual(render);
    }
  });
});

describe('mobile browsers', () => {
  const ANDROID =
    'Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 Chrome/140.0 Mobile Safari/537.36';
  const IPAD = 'Mozilla/5.0 (iPad; CPU OS 18_0 like Mac OS X) AppleWebKit/605.1.15';

  it.each([IPHONE_UA, ANDROID, IPAD])('go to /download-app from other pages (%s)', (agent) => {
    expect(at(SIGNED_OUT, '/login', agent)).toEqual(to('/download-app'));
    expect(at(SIGNED_OUT, '/forgot-password', agent)).toEqual(to('/download-app'));
    expect(at(clientSnapshot(), '/dashboard', agent)).toEqual(to('/download-app'));
  });

  it.each(['/create-account', '/download-app', '/continue-download-app', '/reset-password'])(
    'may stay on %s, signed in or not',
    (path) => {
      expect(at(SIGNED_OUT, path, IPHONE_UA)).toEqual(render);
      expect(at(clientSnapshot(), path, IPHONE_UA)).toEqual(render);
    },
  );

  it('leave desktop browsers alone', () => {
    expect(at(SIGNED_OUT, '/login', DESKTOP_UA)).toEqual(render);
  });
});

const USER_B = '11111111-2222-4333-8444-555555555555';

/** Follows redirects like the guard does; clearSession signs the user out. */
function settle(start: SessionSnapshot, url: string, agent: string): { url: string; hops: number } {
  let snapshot = start;
  let current = url;
  for (let hops = 0; hops < 8; hops++) {
    const decision = at(snapshot, current, agent);
    if (decision.kind !== 'redirect') return { url: current, hops };
    if (decision.clearSession) snapshot = SIGNED_OUT;
    current = decision.to;
  }
  throw new Error(`redirect loop from ${url}`);
}

describe('every redirect settles', () => {
  const PATHS = [
    ...PUBLIC,
    '/manager-dashboard',
    '/associate-dashboard',
    '/dashboard',
    '/clients',
    '/clients/c1/new-bill',
    '/select-client',
    '/my-organizations',
    '/terms-conditions',
    '/client-onboarding/client',
    '/wealth-advisor-dashboard',
    '/family-admin-dashboard',
    '/foa/profile',
    '/non-staff-users',
    '/settings',
    '/parent-vendors',
    '/parent-institutions',
    '/bills/all-entities',
    '/reports',
    '/profile',
  ];

  const snapshotArb = fc
    .record({
      type: fc.constantFrom('bporg', 'client'),
      staff: fc.constantFrom('admin', 'member', null),
      passwordExpired: fc.boolean(),
      masked: fc.boolean(),
      service: fc.constantFrom('wealth_manager', 'family_office', null),
      dashboardsEnabled: fc.boolean(),
      selection: fc.constantFrom('selected', 'choose', 'none', 'must_accept_terms'),
      onboarded: fc.boolean(),
      role: fc.constantFrom('admin', 'super_admin', 'user'),
      teamLabel: fc.constantFrom('Associate', 'Manager', null),
      vendorFeature: fc.boolean(),
    })
    .map((input): SessionSnapshot => {
      const userClaims = claims({
        type: input.type,
        staff: input.staff,
        password_expired: input.passwordExpired,
        masked_by: input.masked ? USER_B : null,
      });
      const userProfile = profile({
        type: input.type,
        service: input.service,
        advisor_dashboard_enabled: input.dashboardsEnabled,
        foa_dashboard_enabled: input.dashboardsEnabled,
        features: input.vendorFeature ? [{ feature_name: 'VENDOR_MANAGEMENT' }] : [],
      });
      if (input.type === 'bporg') {
        const org = organization({ role: input.role, team_label: input.teamLabel });
        return orgSnapshot({
          claims: userClaims,
          profile: userProfile,
          isMasked: input.masked,
          organization: input.selection === 'selected' ? org : null,
          selection: input.selection === 'must_accept_terms' ? 'choose' : input.selection,
        });
      }
      const selected = client({ is_onboarding_completed: input.onboarded });
      return clientSnapshot({
        claims: userClaims,
        profile: userProfile,
        isMasked: input.masked,
        client: input.selection === 'selected' ? selected : null,
        selection: input.selection,
      });
    });

  it('reaches a page that renders within a few hops, for any user on any page', () => {
    fc.assert(
      fc.property(
        snapshotArb,
        fc.constantFrom(...PATHS),
        fc.constantFrom(DESKTOP_UA, IPHONE_UA),
        (snapshot, path, agent) => {
          const { hops } = settle(snapshot, path, agent);
          expect(hops).toBeLessThanOrEqual(4);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('lands a signed-in user on their home when they open /login', () => {
    fc.assert(
      fc.property(snapshotArb, (snapshot) => {
        fc.pre(snapshot.selection === 'selected' && !snapshot.claims?.password_expired);
        fc.pre(snapshot.client?.is_onboarding_completed !== false || snapshot.mode !== null);
        expect(settle(snapshot, '/login', DESKTOP_UA).url).toBe(homePathOf(snapshot));
      }),
    );
  });
});
