import { guid, organization, organizationList, pageQuery } from '@bp/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth, requireOrganization } from '../../platform/access.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { pageOf, pageWindow } from '../../platform/pagination.ts';
import { errorResponses } from '../../platform/responses.ts';
import { organizationsOfUser } from './repo.ts';

const tags = ['accounts'];
const orgParams = z.object({ orgGuid: guid });
const errors = errorResponses;
const member = { kind: 'organization', param: 'orgGuid' } as const;

export function registerOrganizationRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps.database;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/v1/accounts/organizations', {
    config: { access: { kind: 'signedIn', userType: 'bporg' } },
    schema: { tags, querystring: pageQuery, response: { 200: organizationList, ...errors } },
    handler: async (req) => {
      const { count, results } = await organizationsOfUser(
        db,
        requireAuth(req).user.id,
        pageWindow(req.query),
      );
      return pageOf(req, req.query, count, results);
    },
  });

  r.get('/v1/accounts/organizations/:orgGuid', {
    config: { access: member },
    schema: { tags, params: orgParams, response: { 200: organization, ...errors } },
    handler: async (req) => {
      const scope = requireOrganization(req);
      const { results } = await organizationsOfUser(db, requireAuth(req).user.id, { limit: 1000, offset: 0 });
      const found = results.find((o) => o.guid === scope.guid);
      return (
        found ?? {
          guid: scope.guid,
          name: scope.name,
          unread_count: 0,
          role: scope.role,
          team_label: scope.teamLabel,
          client_property_default: '0',
        }
      );
    },
  });
}
