import { clientUser, clientUserList, clientUserQuery, guid, patchClientUserRequest } from '@bp/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireClient } from '../../platform/access.ts';
import { actorOf } from '../../platform/audit/audit.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { pageOf, pageWindow } from '../../platform/pagination.ts';
import { errorResponses as errors } from '../../platform/responses.ts';
import { createClientUserService } from './client-user-service.ts';
import { clientUsersWrite } from './invitation-routes.ts';

const tags = ['clients'];
const clientParams = z.object({ clientGuid: guid });
const userParams = clientParams.extend({ clientUserGuid: guid });
/** Staff with clients.view, or any of the client's own users (observers included). */
export const clientUsersRead = { kind: 'client', param: 'clientGuid', permission: 'clients.view' } as const;

export function registerClientUserRoutes(app: FastifyInstance, deps: AppDeps) {
  const service = createClientUserService(deps);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = '/v1/accounts/clients/:clientGuid/users';

  r.get(base, {
    config: { access: clientUsersRead },
    schema: {
      tags,
      params: clientParams,
      querystring: clientUserQuery,
      response: { 200: clientUserList, ...errors },
    },
    handler: async (req) => {
      const { count, results } = await service.list(requireClient(req), {
        window: pageWindow(req.query),
        search: req.query.search,
        ...(req.query.ordering ? { ordering: req.query.ordering } : {}),
      });
      return pageOf(req, req.query, count, results);
    },
  });

  r.get(`${base}/:clientUserGuid`, {
    config: { access: clientUsersRead },
    schema: { tags, params: userParams, response: { 200: clientUser, ...errors } },
    handler: (req) => service.get(requireClient(req), req.params.clientUserGuid),
  });

  r.patch(`${base}/:clientUserGuid`, {
    config: { access: clientUsersWrite },
    schema: {
      tags,
      params: userParams,
      body: patchClientUserRequest,
      response: { 200: clientUser, ...errors },
    },
    handler: (req) => service.patch(requireClient(req), req.params.clientUserGuid, req.body, actorOf(req)),
  });

  r.delete(`${base}/:clientUserGuid`, {
    config: { access: clientUsersWrite },
    schema: {
      tags,
      description: 'Removes the person from the client; the account itself stays.',
      params: userParams,
      response: { 204: z.null().describe('Removed.'), ...errors },
    },
    handler: async (req, reply) => {
      await service.remove(requireClient(req), req.params.clientUserGuid, actorOf(req));
      return reply.status(204).send(null);
    },
  });
}
