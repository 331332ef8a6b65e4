import { clientSummaryList, guid, orgClientList, pageQuery } from '@bp/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth, requireOrganization } from '../../platform/access.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { forbidden } from '../../platform/errors.ts';
import { pageOf, pageWindow, parseOrdering } from '../../platform/pagination.ts';
import { errorResponses as errors } from '../../platform/responses.ts';
import { findActiveUserByGuid } from '../auth/repo.ts';
import { clientsOfOrganization, clientsOfUser, ORG_CLIENT_ORDERING } from './repo.ts';

const tags = ['clients'];
const orgParams = z.object({ orgGuid: guid });
const member = { kind: 'organization', param: 'orgGuid' } as const;

export function registerClientRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps.database;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/v1/accounts/organizations/:orgGuid/clients', {
    config: { access: member },
    schema: { tags, params: orgParams, querystring: pageQuery, response: { 200: orgClientList, ...errors } },
    handler: async (req) => {
      const scope = requireOrganization(req);
      const ordering = parseOrdering(req.query.ordering, ORG_CLIENT_ORDERING, { field: 'name', desc: false });
      const { count, results } = await clientsOfOrganization(db, scope.id, {
        window: pageWindow(req.query),
        search: req.query.search,
        ordering,
      });
      return pageOf(req, req.query, count, results);
    },
  });

  r.get('/v1/accounts/clients', {
    config: { access: { kind: 'signedIn', userType: 'client' } },
    schema: { tags, querystring: pageQuery, response: { 200: clientSummaryList, ...errors } },
    handler: async (req) => {
      const user = await findActiveUserByGuid(db, requireAuth(req).user.guid);
      if (!user?.acceptedTermsAt)
        throw forbidden('You must accept the terms and conditions.', 'must_accept_terms');
      const { count, results } = await clientsOfUser(db, user.id, pageWindow(req.query));
      return pageOf(req, req.query, count, results);
    },
  });
}
