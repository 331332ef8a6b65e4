import { clientModeMayCall, clientModeMayWrite } from '@bp/domain';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { Db } from '../db.ts';
import { forbidden, notFound, unauthorized } from '../errors.ts';
import type { TokenService } from '../tokens.ts';
import { isGuid } from './ids.ts';
import type { AccessDirectory, AccessPolicy, AccessReading, AccessTarget, AuthContext } from './policy.ts';

/**
 * Reads a bearer token into the caller and, in the same statement, what `target` names (see
 * modules/access/guard-read.ts), or null when the request carries no token.
 */
async function authenticate(
  db: Db,
  tokens: TokenService,
  directory: AccessDirectory,
  request: FastifyRequest,
  target: AccessTarget,
): Promise<{ auth: AuthContext; reading: AccessReading } | null> {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match?.[1]) throw unauthorized('Authorization header must contain a bearer token');
  const claims = await tokens.verifyAccess(match[1]);
  if (!isGuid(claims.sub) || !isGuid(claims.sid)) throw unauthorized();
  const reading = await directory.read(db, claims, target);
  const { session } = reading;
  // A disabled or deleted user's tokens stop working at once; so do an ended session's (decision 016).
  if (!session.ok) {
    throw session.reason === 'user_inactive'
      ? unauthorized('User is inactive or deleted', 'user_inactive')
      : unauthorized('Session has ended', 'session_ended');
  }
  return { auth: { user: session.user, claims, maskedBy: session.maskedBy }, reading };
}

/**
 * What a policy's path parameter names, to be read with the session; null when the parameter cannot name
 * anything (not a guid): once the caller is known, that is a 404.
 */
function targetOf(policy: AccessPolicy, request: FastifyRequest): AccessTarget | null {
  if (policy.kind !== 'organization' && policy.kind !== 'client') return { kind: 'none' };
  const value = param(request, policy.param);
  if (!isGuid(value)) return null;
  return policy.kind === 'organization'
    ? { kind: 'organization', orgGuid: value }
    : { kind: 'client', clientGuid: value };
}

export const MFA_SETUP_REQUIRED_DETAIL =
  'Your organization requires 2-factor authentication. Please set it up to continue.';

/**
 * What a session that must set up two-factor may still call (decision 012): every auth call (profile,
 * tokens, two-factor, password), the lists the web app loads a session with, and the demo outbox
 * (where a demo user reads the code).
 */
function allowedBeforeMfaSetup(request: FastifyRequest): boolean {
  const url = request.routeOptions.url ?? '';
  if (url.startsWith('/v1/auth/') || url === '/v1/outbox') return true;
  return request.method === 'GET' && (url === '/v1/accounts/organizations' || url === '/v1/accounts/clients');
}

export const MODE_PATH_DETAIL = 'This is not available in the advisor or family-office view.';

function param(request: FastifyRequest, name: string): unknown {
  return (request.params as Record<string, unknown> | undefined)?.[name];
}

/** Enforces a route's policy before its body is even parsed. Another tenant's object is a 404. */
async function enforce(
  db: Db,
  tokens: TokenService,
  directory: AccessDirectory,
  request: FastifyRequest,
  policy: AccessPolicy,
) {
  request.auth = null;
  request.organization = null;
  request.client = null;
  if (policy.kind === 'public') {
    // A public route still learns who calls when a valid token is sent, but never requires it.
    const found = await authenticate(db, tokens, directory, request, { kind: 'none' }).catch(() => null);
    request.auth = found?.auth ?? null;
    return;
  }
  const target = targetOf(policy, request);
  const found = await authenticate(db, tokens, directory, request, target ?? { kind: 'none' });
  if (!found) throw unauthorized('Authentication credentials were not provided.', 'not_authenticated');
  const { auth, reading } = found;
  request.auth = auth;
  const allowExpired = 'allowPasswordExpired' in policy && policy.allowPasswordExpired === true;
  if (auth.claims.password_expired && !allowExpired) {
    throw forbidden('Your password has expired. Set a new password to continue.', 'password_expired');
  }
  if (auth.claims.mfa_setup_required && !auth.maskedBy && !allowedBeforeMfaSetup(request)) {
    throw forbidden(MFA_SETUP_REQUIRED_DETAIL, 'mfa_setup_required');
  }
  // Advisors and family offices reach only SPEC §6's fixed set of areas, in the API as in the router.
  const mode = auth.user.mode ?? null;
  const url = request.routeOptions.url ?? '';
  if (mode && !clientModeMayCall(url)) throw forbidden(MODE_PATH_DETAIL, 'path_not_allowed');
  switch (policy.kind) {
    case 'signedIn':
      if (policy.userType && auth.user.type !== policy.userType) throw forbidden();
      return;
    case 'internalStaff':
      if (!auth.user.staff || auth.maskedBy) throw forbidden();
      return;
    case 'organization': {
      const scope = target ? reading.organization : null;
      if (!scope) throw notFound();
      if (policy.roles && !policy.roles.includes(scope.role)) throw forbidden();
      if (policy.permission && !scope.permissions.has(policy.permission)) throw forbidden();
      request.organization = scope;
      return;
    }
    case 'client': {
      const scope = target ? reading.client : null;
      if (!scope) throw notFound();
      if (scope.via === 'staff') {
        if (policy.permission && !scope.organization?.permissions.has(policy.permission)) throw forbidden();
        request.organization = scope.organization;
      } else {
        if (policy.staffOnly) throw forbidden();
        if (!reading.acceptedTerms) {
          throw forbidden('You must accept the terms and conditions.', 'must_accept_terms');
        }
        if (policy.write && scope.clientRole === 'observer')
          throw forbidden('Observers have read-only access.');
        if (policy.write && mode && !clientModeMayWrite(mode, url))
          throw forbidden("Advisors have read-only access to their clients' bills and commitments.");
      }
      request.client = scope;
      return;
    }
    case 'self': {
      const value = param(request, policy.param);
      if (value === 'me' || value === auth.user.guid) return;
      if (!isGuid(value)) throw notFound();
      if (!(await directory.isAdminOfUserGuid(db, auth.user.id, value))) throw notFound();
      return;
    }
  }
}

/**
 * Registers the guard. Call before any route is added. `directory` answers what only the modules know
 * (sessions, memberships, clients); app.ts passes modules/access's.
 */
export function registerAccessGuard(
  app: FastifyInstance,
  db: Db,
  tokens: TokenService,
  directory: AccessDirectory,
) {
  const routes: RouteOptions[] = [];
  app.decorateRequest('auth', null);
  app.decorateRequest('organization', null);
  app.decorateRequest('client', null);
  app.addHook('onRoute', (route) => {
    routes.push(route);
  });
  app.addHook('onReady', async () => {
    const missing = routes.filter((r) => !r.config?.access).map((r) => `${String(r.method)} ${r.url}`);
    if (missing.length > 0) throw new Error(`Routes without an access policy: ${missing.join(', ')}`);
  });
  app.addHook('onRequest', async (request) => {
    const policy = request.routeOptions.config?.access;
    // Unmatched requests (404 handler) have no policy and nothing to protect.
    if (!policy) {
      if (request.is404) return;
      throw forbidden();
    }
    await enforce(db, tokens, directory, request, policy);
  });
}
