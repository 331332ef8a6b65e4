import type { FastifyRequest } from 'fastify';
import type { AuthContext, ClientScope, OrganizationScope } from './access/policy.ts';
import { notFound, unauthorized } from './errors.ts';

export { registerAccessGuard } from './access/guard.ts';
export { isGuid, ORG_ADMIN_ROLES } from './access/ids.ts';
export type {
  AccessDirectory,
  AccessPolicy,
  AccessReading,
  AccessTarget,
  AuthContext,
  AuthUser,
  ClientScope,
  OrganizationScope,
  SessionCheck,
} from './access/policy.ts';

/** The signed-in caller; only call from routes whose policy requires sign-in. */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized('Authentication credentials were not provided.', 'not_authenticated');
  return request.auth;
}

/** The organisation scope the guard resolved (organisation routes, and client routes reached by staff). */
export function requireOrganization(request: FastifyRequest): OrganizationScope {
  if (!request.organization) throw notFound();
  return request.organization;
}

/** The client scope the guard resolved (client routes). */
export function requireClient(request: FastifyRequest): ClientScope {
  if (!request.client) throw notFound();
  return request.client;
}
