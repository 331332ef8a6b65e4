/** Route paths the session rules know about (SPEC.md §2). */

export const LOGIN_PATH = '/login';
export const PASSWORD_EXPIRY_PATH = '/user/reset-password-expiry';
export const DOWNLOAD_APP_PATH = '/download-app';
export const MY_ORGANIZATIONS_PATH = '/my-organizations';
export const SELECT_CLIENT_PATH = '/select-client';
export const TERMS_PATH = '/terms-conditions';
export const CLIENT_ONBOARDING_PATH = '/client-onboarding/client';
export const NON_STAFF_USERS_PATH = '/non-staff-users';
export const NO_CLIENT_LOGIN_PATH = '/login?error=no_client';

export const HOME_PATHS = {
  manager: '/manager-dashboard',
  associate: '/associate-dashboard',
  client: '/dashboard',
  advisor: '/wealth-advisor-dashboard',
  familyOffice: '/family-admin-dashboard',
} as const;

/** Reachable signed out; a signed-in user is sent away from them (SPEC.md §2 "Public routes"). */
export const PUBLIC_PATHS: ReadonlySet<string> = new Set([
  LOGIN_PATH,
  '/create-account',
  '/forgot-password',
  '/reset-password',
  DOWNLOAD_APP_PATH,
  '/continue-download-app',
  '/forgot-password-reset',
  PASSWORD_EXPIRY_PATH,
]);

/** Mobile browsers may stay on these; every other page sends them to the download page. */
export const MOBILE_ALLOWED_PATHS: ReadonlySet<string> = new Set([
  '/create-account',
  DOWNLOAD_APP_PATH,
  '/continue-download-app',
  '/reset-password',
]);

/** Pages of the client layout only; organisation users are sent home from them. */
export const CLIENT_ONLY_PREFIXES = [
  SELECT_CLIENT_PATH,
  '/onboarding',
  TERMS_PATH,
  HOME_PATHS.client,
  '/bills',
  '/financial-accounts',
  '/bill',
  HOME_PATHS.advisor,
  HOME_PATHS.familyOffice,
  '/foa',
  '/advisor',
] as const;

/** Pages of the organisation layout only; client users are sent home from them. */
export const ORGANIZATION_ONLY_PREFIXES = [
  '/clients',
  MY_ORGANIZATIONS_PATH,
  '/settings',
  '/user-management',
  '/billing',
  HOME_PATHS.associate,
  HOME_PATHS.manager,
  '/groups',
  '/client-reports',
  '/audit-history',
  '/parent-vendors',
  '/parent-institutions',
  '/workflow',
  '/integrations',
  '/profile-old',
] as const;

/** Client users outside advisor / family-office mode are sent home from these. */
export const MODE_ONLY_PREFIXES = [HOME_PATHS.advisor, HOME_PATHS.familyOffice, '/foa', '/advisor'] as const;

/** What advisor and family-office users may reach, besides their own dashboard (SPEC.md §6). */
export const MODE_ALLOWED_PREFIXES = [
  '/client-onboarding',
  '/advisor/client-onboarding',
  '/reports',
  '/bills',
  '/commitments',
  '/financial-accounts',
  '/bill',
  '/client-dashboard',
  TERMS_PATH,
  '/foa',
  '/profile',
  '/support',
] as const;

/** Organisation pages for role admin and super_admin only. */
export const ORG_ADMIN_PREFIXES = ['/settings', '/parent-institutions'] as const;
export const PARENT_VENDORS_PREFIX = '/parent-vendors';

/** `/a/b/` → `/a/b`, so rules need not care about a trailing slash. */
export function normalizePath(pathname: string): string {
  if (pathname.length > 1 && pathname.endsWith('/')) return pathname.replace(/\/+$/, '') || '/';
  return pathname || '/';
}

/** True for the prefix itself and anything below it: `/bills` covers `/bills/x`, not `/billsx`. */
export function isUnder(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

export function isUnderAny(pathname: string, prefixes: readonly string[]): boolean {
  return prefixes.some((prefix) => isUnder(pathname, prefix));
}

export function isPublicPath(pathname: string): boolean {
  return PUBLIC_PATHS.has(normalizePath(pathname));
}
