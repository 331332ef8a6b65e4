import { auditRoutes } from '@bp/contracts';
import type { FastifyInstance } from 'fastify';
import { requireOrganization } from '../../platform/access.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { invalid } from '../../platform/errors.ts';
import { registerRoute } from '../../platform/http/route.ts';
import { pageOf, pageWindow } from '../../platform/pagination.ts';
import { startOfDay, zoneOrNull } from '../../platform/time-zone.ts';
import { clientIdOf, eventLogsOf } from './repo.ts';

/** The audit history of an organisation (/audit-history). */
export function registerAuditRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps.database;

  registerRoute(app, auditRoutes.getAccountsOrganizationEventLogs, {
    access: { kind: 'organization', param: 'orgGuid', permission: 'audit.view' },
    handler: async (req) => {
      const scope = requireOrganization(req);
      const q = req.query;
      if (q.date_from && q.date_to && q.date_to < q.date_from)
        throw invalid('date_to', 'The end date must not be before the start date.');
      // Days are the caller's days: X-Timezone when it names a real zone, UTC otherwise.
      const zone = zoneOrNull(req.headers['x-timezone']);
      const clientId =
        q.client && q.client !== 'all-clients' ? await clientIdOf(db, scope.id, q.client) : undefined;
      const { count, results } = await eventLogsOf(
        db,
        scope.id,
        {
          actorGuid: q.user,
          objectType: q.object_type || undefined,
          clientId,
          from: q.date_from ? startOfDay(q.date_from, zone) : undefined,
          until: q.date_to ? startOfDay(q.date_to, zone, 1) : undefined,
        },
        pageWindow(q),
      );
      return pageOf(req, q, count, results);
    },
  });
}
