import { homePathOf } from './home.ts';
import { downloadAppPathFor, isMobileUserAgent } from './mobile.ts';
import {
  CLIENT_ONBOARDING_PATH,
  CLIENT_ONLY_PREFIXES,
  DOWNLOAD_APP_PATH,
  HOME_PATHS,
  isPublicPath,
  isUnder,
  isUnderAny,
  LOGIN_PATH,
  MOBILE_ALLOWED_PATHS,
  MODE_ALLOWED_PREFIXES,
  MODE_ONLY_PREFIXES,
  MY_ORGANIZATIONS_PATH,
  NO_CLIENT_LOGIN_PATH,
  NON_STAFF_USERS_PATH,
  normalizePath,
  ORG_ADMIN_PREFIXES,
  ORGANIZATION_ONLY_PREFIXES,
  PARENT_VENDORS_PREFIX,
  PASSWORD_EXPIRY_PATH,
  SELECT_CLIENT_PATH,
  TERMS_PATH,
} from './paths.ts';
import { isHeldByOnboarding } from './selection.ts';
import type { SessionSnapshot } from './session-snapshot.ts';
import { hasFeature, isInternalStaff, isOrganizationAdmin, mustChangePassword } from './user-kind.ts';

export interface RouteLocation {
  pathname: string;
  search: string;
}

export type RouteDecision =
  | { kind: 'render' }
  /** Session still loading: show a spinner, not the page (its calls would run for the wrong user). */
  | { kind: 'wait' }
  | { kind: 'failed'; message: string }
  | {
      kind: 'redirect';
      to: string;
      /** Remember this url to come back to after sign-in. */
      saveRedirectUrl?: string;
      /** Remember (string) or forget (null) where to go once the selection or onboarding is done. */
      returnPath?: string | null;
      /** Clear storage first (no client on the account). */
      clearSession?: boolean;
    };

const RENDER: RouteDecision = { kind: 'render' };
const WAIT: RouteDecision = { kind: 'wait' };
const redirect = (to: string): RouteDecision => ({ kind: 'redirect', to });

/**
 * The redirect rules of SPEC.md §2, §4 and §6 for one known route, in order:
 * mobile, public routes, signed out, expired password, staff-only pages, then the rules of the user type.
 */
export function resolveRoute(
  snapshot: SessionSnapshot,
  location: RouteLocation,
  userAgent: string,
): RouteDecision {
  const path = normalizePath(location.pathname);

  // Phones get the app; the few pages that lead there (or to a password) stay reachable, signed in or not.
  if (isMobileUserAgent(userAgent))
    return MOBILE_ALLOWED_PATHS.has(path) ? RENDER : redirect(downloadAppPathFor(path, DOWNLOAD_APP_PATH));

  if (snapshot.status === 'signed_out') {
    if (isPublicPath(path)) return RENDER;
    return { kind: 'redirect', to: LOGIN_PATH, saveRedirectUrl: `${location.pathname}${location.search}` };
  }
  if (snapshot.status === 'loading') return WAIT;
  if (snapshot.status === 'failed') return { kind: 'failed', message: snapshot.failure ?? '' };

  const passwordExpired = mustChangePassword(snapshot.claims);
  if (path === PASSWORD_EXPIRY_PATH) return passwordExpired ? RENDER : redirect(homePathOf(snapshot));
  if (passwordExpired) return redirect(PASSWORD_EXPIRY_PATH);
  if (isPublicPath(path)) return redirect(homePathOf(snapshot));

  if (isUnder(path, NON_STAFF_USERS_PATH) && (!isInternalStaff(snapshot.claims) || snapshot.isMasked)) {
    return redirect(HOME_PATHS.client);
  }
  const here: Here = { path, url: `${path}${location.search}`, home: homePathOf(snapshot) };
  return snapshot.claims?.type === 'bporg' ? organizationRules(snapshot, here) : clientRules(snapshot, here);
}

/** The path being checked, the url to remember for it, and the user's home. */
interface Here {
  path: string;
  url: string;
  home: string;
}

/** Home is where the user goes anyway; remembering it would pin a home computed before the selection. */
function rememberable({ path, url, home }: Here): string | null {
  return path === home ? null : url;
}

function organizationRules(snapshot: SessionSnapshot, here: Here): RouteDecision {
  const { path, home } = here;
  if (snapshot.selection === 'choose' && path !== MY_ORGANIZATIONS_PATH) {
    return { kind: 'redirect', to: MY_ORGANIZATIONS_PATH, returnPath: rememberable(here) };
  }
  if (isUnderAny(path, CLIENT_ONLY_PREFIXES)) return redirect(home);
  if (isUnderAny(path, ORG_ADMIN_PREFIXES) && !isOrganizationAdmin(snapshot.organization))
    return redirect(home);
  if (isUnder(path, PARENT_VENDORS_PREFIX) && !hasFeature(snapshot.profile, 'VENDOR_MANAGEMENT')) {
    return redirect(HOME_PATHS.manager);
  }
  return RENDER;
}

function clientRules(snapshot: SessionSnapshot, here: Here): RouteDecision {
  const { path, home } = here;
  if (snapshot.selection === 'none')
    return { kind: 'redirect', to: NO_CLIENT_LOGIN_PATH, clearSession: true };
  if (snapshot.selection === 'must_accept_terms') {
    return path === TERMS_PATH
      ? RENDER
      : { kind: 'redirect', to: TERMS_PATH, returnPath: rememberable(here) };
  }
  if (isUnderAny(path, ORGANIZATION_ONLY_PREFIXES)) return redirect(home);

  if (snapshot.mode) {
    // Advisors and family offices live on their dashboard and a fixed set of client pages.
    return path === home || isUnderAny(path, MODE_ALLOWED_PREFIXES) ? RENDER : redirect(home);
  }
  if (isUnderAny(path, MODE_ONLY_PREFIXES)) return redirect(home);
  if (snapshot.selection === 'choose') {
    return path === SELECT_CLIENT_PATH
      ? RENDER
      : { kind: 'redirect', to: SELECT_CLIENT_PATH, returnPath: rememberable(here) };
  }
  if (isHeldByOnboarding(snapshot.client, snapshot.mode) && !isUnder(path, '/client-onboarding')) {
    return { kind: 'redirect', to: CLIENT_ONBOARDING_PATH, returnPath: rememberable(here) };
  }
  return RENDER;
}
