import type { FastifyRequest } from 'fastify';
import { requireClient } from '../../../platform/access.ts';
import { actorOf } from '../../../platform/http/request-context.ts';
import type { Tenant } from '../tenant.ts';

/**
 * The edge's half of a tenant: the client the access guard resolved for this request, and who asks.
 * Services take the plain `Tenant` (../tenant.ts) and never see the request.
 */
export function tenantOf(request: FastifyRequest): Tenant {
  const scope = requireClient(request);
  return {
    clientId: scope.id,
    clientGuid: scope.guid,
    organizationId: scope.organizationId,
    via: scope.via,
    clientUserId: scope.clientUserId,
    clientRole: scope.clientRole,
    permissions: scope.organization?.permissions ?? new Set(),
    actor: actorOf(request),
  };
}
