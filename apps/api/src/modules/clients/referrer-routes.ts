import {
  clientReferrerDetail,
  clientReferrerList,
  createClientReferrerRequest,
  guid,
  pageQuery,
  patchClientReferrerRequest,
} from '@bp/contracts';
import { isInternalStaff } from '@bp/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../platform/access.ts';
import { actorOf } from '../../platform/audit/audit.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { pageOf, pageWindow } from '../../platform/pagination.ts';
import { errorResponses as errors } from '../../platform/responses.ts';
import { createReferrerService } from './referrer-service.ts';

const tags = ['clients'];
/** Organisation users only; the service checks who may edit which referrer (decision 014). */
const staff = { kind: 'signedIn', userType: 'bporg' } as const;
/** A new referrer joins the list every organisation sees, so only internal staff add one (decision 014). */
const keeper = { kind: 'internalStaff' } as const;

export function registerReferrerRoutes(app: FastifyInstance, deps: AppDeps) {
  const service = createReferrerService(deps);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/v1/accounts/client-referrers', {
    config: { access: staff },
    schema: { tags, querystring: pageQuery, response: { 200: clientReferrerList, ...errors } },
    handler: async (req) => {
      const { count, results } = await service.list(requireAuth(req).user.id, {
        window: pageWindow(req.query),
        search: req.query.search,
      });
      return pageOf(req, req.query, count, results);
    },
  });

  r.post('/v1/accounts/client-referrers', {
    config: { access: keeper },
    schema: { tags, body: createClientReferrerRequest, response: { 201: clientReferrerDetail, ...errors } },
    handler: async (req, reply) => {
      const created = await service.create(requireAuth(req).user.id, req.body, actorOf(req));
      return reply.status(201).send(created);
    },
  });

  r.patch('/v1/accounts/client-referrers/:referrerGuid', {
    config: { access: staff },
    schema: {
      tags,
      params: z.object({ referrerGuid: guid }),
      body: patchClientReferrerRequest,
      response: { 200: clientReferrerDetail, ...errors },
    },
    handler: (req) => {
      const { user, maskedBy } = requireAuth(req);
      // Like the internalStaff policy: staff masked as someone else act as that person only.
      const editor = { userId: user.id, internalStaff: isInternalStaff(user.staff) && !maskedBy };
      return service.patch(editor, req.params.referrerGuid, req.body, actorOf(req));
    },
  });
}
