import {
  guid,
  organizationDetail,
  organizationList,
  pageQuery,
  patchOrganizationRequest,
  permissionCatalogue,
} from '@bp/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth, requireOrganization } from '../../platform/access.ts';
import { actorOf } from '../../platform/audit/audit.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { pageOf, pageWindow } from '../../platform/pagination.ts';
import { errorResponses } from '../../platform/responses.ts';
import { organizationsOfUser, type UnreadCounts } from './repo.ts';
import { createOrganizationService } from './service.ts';

const tags = ['accounts'];
const orgParams = z.object({ orgGuid: guid });
const errors = errorResponses;
const member = { kind: 'organization', param: 'orgGuid' } as const;

/** `unreadCountsOf`: bill-messages' unread counts per organisation (app.ts passes it in). */
export function registerOrganizationRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  unreadCountsOf: UnreadCounts,
) {
  const { db } = deps.database;
  const service = createOrganizationService(deps, unreadCountsOf);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/v1/accounts/organizations', {
    config: { access: { kind: 'signedIn', userType: 'bporg' } },
    schema: { tags, querystring: pageQuery, response: { 200: organizationList, ...errors } },
    handler: async (req) => {
      const { count, results } = await organizationsOfUser(
        db,
        requireAuth(req).user.id,
        pageWindow(req.query),
        unreadCountsOf,
      );
      return pageOf(req, req.query, count, results);
    },
  });

  r.get('/v1/accounts/organizations/:orgGuid', {
    config: { access: member },
    schema: { tags, params: orgParams, response: { 200: organizationDetail, ...errors } },
    handler: (req) => service.get(requireOrganization(req)),
  });

  r.patch('/v1/accounts/organizations/:orgGuid', {
    config: { access: { ...member, permission: 'organization.manage' } },
    schema: {
      tags,
      params: orgParams,
      body: patchOrganizationRequest,
      response: { 200: organizationDetail, ...errors },
    },
    handler: (req) => service.patch(requireOrganization(req), req.body, actorOf(req)),
  });

  r.get('/v1/accounts/organizations/:orgGuid/permissions', {
    config: { access: member },
    schema: { tags, params: orgParams, response: { 200: permissionCatalogue, ...errors } },
    handler: (req) => service.permissions(requireOrganization(req)),
  });
}
