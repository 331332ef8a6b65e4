import { type RouteDecision, resolveRoute } from './route-rules.ts';
import type { SessionSnapshot } from './session-snapshot.ts';
import { DESKTOP_UA } from './test-fixtures.ts';

/** The route rules' decision for a snapshot at a url (path and query), on a desktop browser by default. */
export function at(snapshot: SessionSnapshot, url: string, userAgent = DESKTOP_UA): RouteDecision {
  const [pathname = '/', query] = url.split('?');
  return resolveRoute(snapshot, { pathname, search: query ? `?${query}` : '' }, userAgent);
}
export const render = { kind: 'render' };
export const to = (path: string) => ({ kind: 'redirect', to: path });

/** The pages anyone may open, signed in or not. */
export const PUBLIC = [
  '/login',
  '/create-account',
  '/forgot-password',
  '/reset-password',
  '/download-app',
  '/continue-download-app',
  '/forgot-password-reset',
  '/user/reset-password-expiry',
];
