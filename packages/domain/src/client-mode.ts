/**
 * Advisor and family-office mode (SPEC §3 Current user, §4, §6): a client user whose service is
 * wealth_manager with the advisor dashboard enabled, or family_office with the family-office dashboard.
 * The API's path allow-list and read-only rule and the web app's routing decide by the same rule.
 */
export type ClientMode = 'advisor' | 'family_office';

export interface ClientModeFields {
  type: 'bporg' | 'client' | string;
  service: 'wealth_manager' | 'family_office' | string | null | undefined;
  advisor_dashboard_enabled: boolean;
  foa_dashboard_enabled: boolean;
}

export function clientModeOfUser(user: ClientModeFields): ClientMode | null {
  if (user.type !== 'client') return null;
  if (user.service === 'wealth_manager' && user.advisor_dashboard_enabled) return 'advisor';
  if (user.service === 'family_office' && user.foa_dashboard_enabled) return 'family_office';
  return null;
}

/**
 * The API areas an advisor or family-office user may call (SPEC §6 "a fixed set of paths": onboarding,
 * reports, bills, commitments, financial-accounts, bill, client dashboards, terms), as route patterns
 * (Fastify's `:param` form). Everything else answers 403 `path_not_allowed`, as the router sends the user
 * home. The session's own calls (auth, the client list, the demo outbox) are always allowed.
 * `/v1/accounts/clients/:clientGuid/...` stays open: it holds what the onboarding checklist fills
 * (entities, documents, contacts, properties, banks, app users) and the financial accounts.
 */
export const CLIENT_MODE_API_PATTERNS: readonly RegExp[] = [
  /^\/v1\/auth\//,
  /^\/v1\/(outbox|demo-mode)$/,
  /^\/v1\/jobs\//,
  /^\/v1\/accounts\/clients$/,
  /^\/v1\/accounts\/(advisor|foa)\//,
  /^\/v1\/accounts\/clients\/:clientGuid(\/|$)/,
  /^\/v1\/billing\/clients\/:clientGuid\/(bills|bulk-approve-reject|commitments|summary-metrics|by-paid-date|messages)(\/|$)/,
  /^\/v1\/billing\/clients\/:clientGuid\/entities\/:entityGuid\/(vendors|accounts|divisions)(\/|$)/,
  /^\/v1\/reports\/clients\/:clientGuid\/reports(\/|$)/,
];

export function clientModeMayCall(routeUrl: string): boolean {
  return CLIENT_MODE_API_PATTERNS.some((pattern) => pattern.test(routeUrl));
}

/**
 * Advisors read their clients' bills and commitments but never decide or change them (they are not the
 * family's approvers); family-office users act with the executive role (SPEC §4) and are held by it.
 */
export function clientModeMayWrite(mode: ClientMode, routeUrl: string): boolean {
  return mode !== 'advisor' || !routeUrl.startsWith('/v1/billing/');
}
