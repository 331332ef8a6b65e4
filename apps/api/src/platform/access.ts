import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { organizations, organizationUsers } from '../modules/organizations/tables.ts';
import { users } from '../modules/users/tables.ts';
import type { Db } from './db.ts';
import { forbidden, notFound, unauthorized } from './errors.ts';
import type { AccessPayload, TokenService } from './tokens.ts';

/**
 * Who may call a route (DESIGN.md §5). Every route declares one in `config.access`;
 * the app refuses to start when one is missing (deny by default).
 */
export type AccessPolicy =
  /** Anyone, signed in or not. */
  | { kind: 'public' }
  /** Any signed-in user. `allowPasswordExpired` lets staff with an expired password through. */
  | { kind: 'signedIn'; allowPasswordExpired?: boolean; userType?: 'bporg' | 'client' }
  /** Internal staff of the platform operator, never while masked. */
  | { kind: 'internalStaff' }
  /** Members of the organisation named by the path parameter; `roles` narrows to those roles. */
  | { kind: 'organization'; param: string; roles?: readonly string[] }
  /** The user named by the path parameter (`me` = the caller), or an admin of an organisation it belongs to. */
  | { kind: 'self'; param: string; allowPasswordExpired?: boolean };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: AccessPolicy;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
    organization: OrganizationScope | null;
  }
}

export interface AuthUser {
  id: number;
  guid: string;
  email: string;
  type: 'bporg' | 'client';
  staff: 'admin' | 'member' | null;
}

export interface AuthContext {
  user: AuthUser;
  claims: AccessPayload;
  /** The internal staff member behind a mask session. */
  maskedBy: { id: number; guid: string } | null;
}

export interface OrganizationScope {
  id: number;
  guid: string;
  name: string;
  role: string;
  teamLabel: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isGuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);

export const ORG_ADMIN_ROLES = ['admin', 'super_admin'] as const;

/** Reads a bearer token into the caller, or null when the request carries none. */
async function authenticate(
  db: Db,
  tokens: TokenService,
  request: FastifyRequest,
): Promise<AuthContext | null> {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match?.[1]) throw unauthorized('Authorization header must contain a bearer token');
  const claims = await tokens.verifyAccess(match[1]);
  if (!isGuid(claims.sub)) throw unauthorized();
  const [user] = await db
    .select({ id: users.id, guid: users.guid, email: users.email, type: users.type, staff: users.staff })
    .from(users)
    .where(and(eq(users.guid, claims.sub), eq(users.isActive, true)));
  // A disabled or deleted user's tokens stop working at once.
  if (!user) throw unauthorized('User is inactive or deleted', 'user_inactive');
  let maskedBy: AuthContext['maskedBy'] = null;
  if (claims.masked_by) {
    const [original] = await db
      .select({ id: users.id, guid: users.guid })
      .from(users)
      .where(and(eq(users.guid, claims.masked_by), eq(users.isActive, true)));
    if (!original) throw unauthorized('User is inactive or deleted', 'user_inactive');
    maskedBy = original;
  }
  return { user, claims, maskedBy };
}

async function organizationScope(
  db: Db,
  userId: number,
  orgGuid: unknown,
): Promise<OrganizationScope | null> {
  if (!isGuid(orgGuid)) return null;
  const [row] = await db
    .select({
      id: organizations.id,
      guid: organizations.guid,
      name: organizations.name,
      role: organizationUsers.role,
      teamLabel: organizationUsers.teamLabel,
    })
    .from(organizationUsers)
    .innerJoin(organizations, eq(organizations.id, organizationUsers.organizationId))
    .where(
      and(
        eq(organizations.guid, orgGuid),
        eq(organizationUsers.userId, userId),
        eq(organizationUsers.isActive, true),
      ),
    );
  return row ?? null;
}

/** True when `actor` is an admin of an organisation that `targetUserId` belongs to. */
export async function isAdminOfUser(db: Db, actorUserId: number, targetUserId: number): Promise<boolean> {
  const rows = await db
    .select({ role: organizationUsers.role, organizationId: organizationUsers.organizationId })
    .from(organizationUsers)
    .where(and(eq(organizationUsers.userId, actorUserId), eq(organizationUsers.isActive, true)));
  const adminOf = rows.filter((r) => (ORG_ADMIN_ROLES as readonly string[]).includes(r.role));
  if (adminOf.length === 0) return false;
  const targetOrgs = await db
    .select({ organizationId: organizationUsers.organizationId })
    .from(organizationUsers)
    .where(eq(organizationUsers.userId, targetUserId));
  return targetOrgs.some((t) => adminOf.some((a) => a.organizationId === t.organizationId));
}

function param(request: FastifyRequest, name: string): unknown {
  return (request.params as Record<string, unknown> | undefined)?.[name];
}

/** Enforces a route's policy before its body is even parsed. Another tenant's object is a 404. */
async function enforce(db: Db, tokens: TokenService, request: FastifyRequest, policy: AccessPolicy) {
  request.auth = null;
  request.organization = null;
  if (policy.kind === 'public') {
    // A public route still learns who calls when a valid token is sent, but never requires it.
    request.auth = await authenticate(db, tokens, request).catch(() => null);
    return;
  }
  const auth = await authenticate(db, tokens, request);
  if (!auth) throw unauthorized('Authentication credentials were not provided.', 'not_authenticated');
  request.auth = auth;
  const allowExpired = 'allowPasswordExpired' in policy && policy.allowPasswordExpired === true;
  if (auth.claims.password_expired && !allowExpired) {
    throw forbidden('Your password has expired. Set a new password to continue.', 'password_expired');
  }
  switch (policy.kind) {
    case 'signedIn':
      if (policy.userType && auth.user.type !== policy.userType) throw forbidden();
      return;
    case 'internalStaff':
      if (!auth.user.staff || auth.maskedBy) throw forbidden();
      return;
    case 'organization': {
      const scope = await organizationScope(db, auth.user.id, param(request, policy.param));
      if (!scope) throw notFound();
      if (policy.roles && !policy.roles.includes(scope.role)) throw forbidden();
      request.organization = scope;
      return;
    }
    case 'self': {
      const value = param(request, policy.param);
      if (value === 'me' || value === auth.user.guid) return;
      if (!isGuid(value)) throw notFound();
      const [target] = await db.select({ id: users.id }).from(users).where(eq(users.guid, value));
      if (!target || !(await isAdminOfUser(db, auth.user.id, target.id))) throw notFound();
      return;
    }
  }
}

/** Registers the guard. Call before any route is added. */
export function registerAccessGuard(app: FastifyInstance, db: Db, tokens: TokenService) {
  const routes: RouteOptions[] = [];
  app.decorateRequest('auth', null);
  app.decorateRequest('organization', null);
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
    await enforce(db, tokens, request, policy);
  });
}

/** The signed-in caller; only call from routes whose policy requires sign-in. */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized('Authentication credentials were not provided.', 'not_authenticated');
  return request.auth;
}

export function requireOrganization(request: FastifyRequest): OrganizationScope {
  if (!request.organization) throw notFound();
  return request.organization;
}
