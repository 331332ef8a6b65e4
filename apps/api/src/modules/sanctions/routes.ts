import { sanctionsRoutes } from '@bp/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/deps.ts';
import { registerRoute } from '../../platform/http/route.ts';
import { sanctionsListStatus as readStatus } from './loader.ts';

/**
 * The list is the operator's, shared by every organisation; any member may see that it is loaded
 * (entry count and load time), never its entries.
 */
export function registerSanctionsRoutes(app: FastifyInstance, deps: AppDeps) {
  registerRoute(app, sanctionsRoutes.getBillingOrganizationSanctionsList, {
    access: { kind: 'organization', param: 'organizationGuid' },
    handler: async () => {
      const status = await readStatus(deps.database.db);
      return { entries: status.entries, loaded_at: status.loadedAt?.toISOString() ?? null };
    },
  });
}
