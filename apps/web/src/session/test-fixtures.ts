import type { AccessClaims, ClientSummary, Organization, UserProfile } from '@bp/contracts';
import { type SessionSnapshot, SIGNED_OUT } from './session-snapshot.ts';
import { clientModeOf } from './user-kind.ts';

/** Builders for the session tests: plausible values, overridable per test. */

export const USER_GUID = '0b6f5a4e-2f7c-4c1e-9d3a-6e8b7c5d4f21';
export const DESKTOP_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';
export const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';

export function claims(overrides: Partial<AccessClaims> = {}): AccessClaims {
  return {
    sub: USER_GUID,
    exp: 4_000_000_000,
    staff: null,
    type: 'client',
    password_expired: false,
    masked_by: null,
    ...overrides,
  };
}

export function profile(overrides: Partial<UserProfile> = {}): UserProfile {
  return {
    guid: USER_GUID,
    email: 'user@example.com',
    first_name: 'Grace',
    last_name: 'Hopper',
    avatar: null,
    type: 'client',
    staff: null,
    service: null,
    advisor_dashboard_enabled: false,
    foa_dashboard_enabled: false,
    mfa_required: false,
    mfa_enabled: false,
    accepted_terms: true,
    password_expired: false,
    features: [],
    ...overrides,
  };
}

let sequence = 0;
const nextGuid = () => `00000000-0000-4000-8000-${String(++sequence).padStart(12, '0')}`;

export function organization(overrides: Partial<Organization> = {}): Organization {
  return {
    guid: nextGuid(),
    name: 'Northwind Family Office',
    unread_count: 0,
    role: 'user',
    team_label: 'Manager',
    client_property_default: '1',
    ...overrides,
  };
}

export function client(overrides: Partial<ClientSummary> = {}): ClientSummary {
  return {
    guid: nextGuid(),
    name: 'Hopper Household',
    created_on: '2025-03-01T10:00:00Z',
    role: 'client',
    is_onboarding_completed: true,
    has_properties: false,
    service: 'bill_pay',
    client_referrer: null,
    ...overrides,
  };
}

/** A ready organisation user with one selected organisation. */
export function orgSnapshot(overrides: Partial<SessionSnapshot> = {}): SessionSnapshot {
  const org = organization();
  return {
    ...SIGNED_OUT,
    status: 'ready',
    claims: claims({ type: 'bporg', staff: null }),
    profile: profile({ type: 'bporg' }),
    organizations: [org],
    organization: org,
    selection: 'selected',
    ...overrides,
  };
}

/** A ready client user with one selected, onboarded client. */
export function clientSnapshot(overrides: Partial<SessionSnapshot> = {}): SessionSnapshot {
  const selected = client();
  const base: SessionSnapshot = {
    ...SIGNED_OUT,
    status: 'ready',
    claims: claims(),
    profile: profile(),
    clients: [selected],
    client: selected,
    selection: 'selected',
    ...overrides,
  };
  return { ...base, mode: overrides.mode === undefined ? clientModeOf(base.profile) : overrides.mode };
}

export const advisorProfile = () => profile({ service: 'wealth_manager', advisor_dashboard_enabled: true });
export const familyOfficeProfile = () => profile({ service: 'family_office', foa_dashboard_enabled: true });
