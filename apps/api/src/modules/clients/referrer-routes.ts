import { clientsRoutes } from '@bp/contracts';
import { isInternalStaff } from '@bp/domain';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../platform/access.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { actorOf } from '../../platform/http/request-context.ts';
import { registerRoute } from '../../platform/http/route.ts';
import { pageOf, pageWindow } from '../../platform/pagination.ts';
import { createReferrerService } from './referrer-service.ts';

/** Organisation users only; the service checks who may edit which referrer (decision 014). */
const staff = { kind: 'signedIn', userType: 'bporg' } as const;
/** A new referrer joins the list every organisation sees, so only internal staff add one (decision 014). */
const keeper = { kind: 'internalStaff' } as const;

export function registerReferrerRoutes(app: FastifyInstance, deps: AppDeps) {
  const service = createReferrerService(deps);

  registerRoute(app, clientsRoutes.getAccountsClientReferrers, {
    access: staff,
    handler: async (req) => {
      const { count, results } = await service.list(requireAuth(req).user.id, {
        window: pageWindow(req.query),
        search: req.query.search,
      });
      return pageOf(req, req.query, count, results);
    },
  });

  registerRoute(app, clientsRoutes.postAccountsClientReferrers, {
    access: keeper,
    handler: async (req, reply) => {
      const created = await service.create(requireAuth(req).user.id, req.body, actorOf(req));
      return reply.status(201).send(created);
    },
  });

  registerRoute(app, clientsRoutes.patchAccountsClientReferrer, {
    access: staff,
    handler: (req) => {
      const { user, maskedBy } = requireAuth(req);
      // Like the internalStaff policy: staff masked as someone else act as that person only.
      const editor = { userId: user.id, internalStaff: isInternalStaff(user.staff) && !maskedBy };
      return service.patch(editor, req.params.referrerGuid, req.body, actorOf(req));
    },
  });
}
