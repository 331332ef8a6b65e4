/** The route rules by kind of user: advisors, staff and admins, layouts per user type, phones. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { homePathOf } from './home.ts';
import { at, PUBLIC, render, to } from './route-rules.test-support.ts';
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

  it('keep the bill they were opening, so the download page can open it in the app', () => {
    const bill = '0F8FAD5B-D9CB-469F-A165-70867728950E';
    const client = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
    expect(at(SIGNED_OUT, `/bill/${bill}`, IPHONE_UA)).toEqual(
      to(`/download-app?bill=${bill.toLowerCase()}`),
    );
    expect(at(orgSnapshot(), `/clients/${client}/bp/bill/${bill}`, IPHONE_UA)).toEqual(
      to(`/download-app?bill=${bill.toLowerCase()}&client=${client}`),
    );
    expect(at(SIGNED_OUT, '/bill/not-a-guid', IPHONE_UA)).toEqual(to('/download-app'));
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
