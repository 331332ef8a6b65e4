import { guid, sanctionsListStatus } from '@bp/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../platform/deps.ts';
import { errorResponses as errors } from '../../platform/responses.ts';
import { sanctionsListStatus as readStatus } from './loader.ts';

const tags = ['sanctions'];

/**
 * The list is the operator's, shared by every organisation; any member may see that it is loaded
 * (entry count and load time), never its entries.
 */
export function registerSanctionsRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/v1/billing/organizations/:organizationGuid/sanctions-list', {
    config: { access: { kind: 'organization', param: 'organizationGuid' } },
    schema: {
      tags,
      params: z.object({ organizationGuid: guid }),
      response: { 200: sanctionsListStatus, ...errors },
    },
    handler: async () => {
      const status = await readStatus(deps.database.db);
      return { entries: status.entries, loaded_at: status.loadedAt?.toISOString() ?? null };
    },
  });
}
