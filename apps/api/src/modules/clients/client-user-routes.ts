import { clientsRoutes } from '@bp/contracts';
import type { FastifyInstance } from 'fastify';
import { requireClient } from '../../platform/access.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { actorOf } from '../../platform/http/request-context.ts';
import { registerRoute } from '../../platform/http/route.ts';
import { pageOf, pageWindow } from '../../platform/pagination.ts';
import { createClientUserService } from './client-user-service.ts';
import { clientUsersWrite } from './invitation-routes.ts';

/** Staff with clients.view, or any of the client's own users (observers included). */
export const clientUsersRead = { kind: 'client', param: 'clientGuid', permission: 'clients.view' } as const;

export function registerClientUserRoutes(app: FastifyInstance, deps: AppDeps) {
  const service = createClientUserService(deps);

  registerRoute(app, clientsRoutes.getAccountsClientUsers, {
    access: clientUsersRead,
    handler: async (req) => {
      const { count, results } = await service.list(requireClient(req), {
        window: pageWindow(req.query),
        search: req.query.search,
        ...(req.query.ordering ? { ordering: req.query.ordering } : {}),
      });
      return pageOf(req, req.query, count, results);
    },
  });

  registerRoute(app, clientsRoutes.getAccountsClientUser, {
    access: clientUsersRead,
    handler: (req) => service.get(requireClient(req), req.params.clientUserGuid),
  });

  registerRoute(app, clientsRoutes.patchAccountsClientUser, {
    access: clientUsersWrite,
    handler: (req) => service.patch(requireClient(req), req.params.clientUserGuid, req.body, actorOf(req)),
  });

  registerRoute(app, clientsRoutes.deleteAccountsClientUser, {
    access: clientUsersWrite,
    handler: async (req, reply) => {
      await service.remove(requireClient(req), req.params.clientUserGuid, actorOf(req));
      return reply.status(204).send(null);
    },
  });
}
