import {
  type ClientExportQuery,
  clientExportQuery,
  clientSummaryList,
  createClientRequest,
  guid,
  type OrgClientQuery,
  orgClient,
  orgClientList,
  orgClientQuery,
  pageQuery,
  patchClientRequest,
} from '@bp/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth, requireOrganization } from '../../platform/access.ts';
import { actorOf } from '../../platform/audit/audit.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { forbidden } from '../../platform/errors.ts';
import { pageOf, pageWindow, parseOrdering } from '../../platform/pagination.ts';
import { errorResponses as errors } from '../../platform/responses.ts';
import { findActiveUserByGuid } from '../users/index.ts';
import { clientsCsv, clientsXlsx, exportFileName } from './client-export.ts';
import { createClientService } from './client-service.ts';
import { registerClientUserRoutes } from './client-user-routes.ts';
import { registerInvitationRoutes } from './invitation-routes.ts';
import { registerReferrerRoutes } from './referrer-routes.ts';
import { clientsOfOrganization, clientsOfUser, ORG_CLIENT_ORDERING, type OrgClientFilters } from './repo.ts';

const tags = ['clients'];
const orgParams = z.object({ orgGuid: guid });
const clientParams = z.object({ orgGuid: guid, clientGuid: guid });
const canView = { kind: 'organization', param: 'orgGuid', permission: 'clients.view' } as const;
const canManage = { kind: 'organization', param: 'orgGuid', permission: 'clients.manage' } as const;
const canExport = { kind: 'organization', param: 'orgGuid', permission: 'clients.export' } as const;

function filtersOf(query: Omit<OrgClientQuery, 'page' | 'page_size'>): OrgClientFilters {
  return {
    search: query.search,
    service: query.service === 'all-clients' ? undefined : query.service,
    archived: query.archived === 'true',
    ordering: parseOrdering(query.ordering, ORG_CLIENT_ORDERING, { field: 'name', desc: false }),
  };
}

/** Clients of an organisation, client referrers, client users and invitations (designations: entities). */
export function registerClientRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps.database;
  const service = createClientService(deps);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = '/v1/accounts/organizations/:orgGuid/clients';

  r.get(base, {
    config: { access: canView },
    schema: {
      tags,
      params: orgParams,
      querystring: orgClientQuery,
      response: { 200: orgClientList, ...errors },
    },
    handler: async (req) => {
      const scope = requireOrganization(req);
      const { count, results } = await clientsOfOrganization(
        db,
        scope.id,
        filtersOf(req.query),
        pageWindow(req.query),
      );
      return pageOf(req, req.query, count, results);
    },
  });

  r.post(base, {
    config: { access: canManage },
    schema: { tags, params: orgParams, body: createClientRequest, response: { 201: orgClient, ...errors } },
    handler: async (req, reply) => {
      const created = await service.create(requireOrganization(req), req.body, actorOf(req));
      return reply.status(201).send(created);
    },
  });

  // Plain Fastify typing: the reply is a file, not JSON, so the zod type provider's reply type does not fit.
  app.get<{ Params: { orgGuid: string }; Querystring: ClientExportQuery }>(`${base}/export`, {
    config: { access: canExport },
    schema: {
      tags,
      description: 'Every client matching the list filters, as CSV or XLSX (a file download).',
      params: orgParams,
      querystring: clientExportQuery,
      response: errors,
    },
    handler: async (req, reply) => {
      const filters = filtersOf(req.query);
      const { results } = await clientsOfOrganization(db, requireOrganization(req).id, filters, null);
      const name = exportFileName({ ...filters, format: req.query.format }, deps.now());
      reply.header('content-disposition', `attachment; filename="${name}"`);
      if (req.query.format === 'xlsx') {
        return reply
          .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
          .send(await clientsXlsx(results));
      }
      return reply.type('text/csv; charset=utf-8').send(clientsCsv(results));
    },
  });

  r.get(`${base}/:clientGuid`, {
    config: { access: canView },
    schema: { tags, params: clientParams, response: { 200: orgClient, ...errors } },
    handler: (req) => service.get(requireOrganization(req), req.params.clientGuid),
  });

  r.patch(`${base}/:clientGuid`, {
    config: { access: canManage },
    schema: { tags, params: clientParams, body: patchClientRequest, response: { 200: orgClient, ...errors } },
    handler: (req) => service.patch(requireOrganization(req), req.params.clientGuid, req.body, actorOf(req)),
  });

  for (const action of ['archive', 'unarchive'] as const) {
    r.post(`${base}/:clientGuid/${action}`, {
      config: { access: canManage },
      schema: { tags, params: clientParams, response: { 200: orgClient, ...errors } },
      handler: (req) =>
        service.setArchived(
          requireOrganization(req),
          req.params.clientGuid,
          action === 'archive',
          actorOf(req),
        ),
    });
  }

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

  registerReferrerRoutes(app, deps);
  registerInvitationRoutes(app, deps);
  registerClientUserRoutes(app, deps);
}
