import { clientsRoutes, type OrgClientQuery } from '@bp/contracts';
import type { FastifyInstance } from 'fastify';
import { requireAuth, requireOrganization } from '../../platform/access.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { forbidden } from '../../platform/errors.ts';
import { actorOf } from '../../platform/http/request-context.ts';
import { registerRoute } from '../../platform/http/route.ts';
import { pageOf, pageWindow, parseOrdering } from '../../platform/pagination.ts';
import { findActiveUserByGuid } from '../users/index.ts';
import { clientsCsv, clientsXlsx, exportFileName } from './client-export.ts';
import { createClientService } from './client-service.ts';
import { registerClientUserRoutes } from './client-user-routes.ts';
import { registerInvitationRoutes } from './invitation-routes.ts';
import { registerReferrerRoutes } from './referrer-routes.ts';
import {
  clientsOfOrganization,
  clientsOfUser,
  type OnboardingProgressPort,
  ORG_CLIENT_ORDERING,
  type OrgClientFilters,
} from './repo.ts';

const canView = { kind: 'organization', param: 'orgGuid', permission: 'clients.view' } as const;
const canManage = { kind: 'organization', param: 'orgGuid', permission: 'clients.manage' } as const;
const canExport = { kind: 'organization', param: 'orgGuid', permission: 'clients.export' } as const;

function filtersOf(query: Omit<OrgClientQuery, 'page' | 'page_size'>): OrgClientFilters {
  return {
    search: query.search,
    service: query.service === 'all-clients' ? undefined : query.service,
    archived: query.archived === 'true',
    ordering: parseOrdering(query.ordering, ORG_CLIENT_ORDERING, { field: 'name', desc: false }),
    onboarding: query.onboarding === 'all-clients' ? undefined : query.onboarding,
  };
}

/** Clients of an organisation, client referrers, client users and invitations (designations: entities). */
export function registerClientRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  onboarding?: OnboardingProgressPort,
) {
  const { db } = deps.database;
  const service = createClientService(deps);

  registerRoute(app, clientsRoutes.getAccountsOrganizationClients, {
    access: canView,
    handler: async (req) => {
      const scope = requireOrganization(req);
      const { count, results } = await clientsOfOrganization(
        db,
        scope.id,
        filtersOf(req.query),
        pageWindow(req.query),
        onboarding,
      );
      return pageOf(req, req.query, count, results);
    },
  });

  registerRoute(app, clientsRoutes.postAccountsOrganizationClients, {
    access: canManage,
    handler: async (req, reply) => {
      const created = await service.create(requireOrganization(req), req.body, actorOf(req));
      return reply.status(201).send(created);
    },
  });

  registerRoute(app, clientsRoutes.getAccountsOrganizationClientsExport, {
    access: canExport,
    handler: async (req, reply) => {
      const filters = filtersOf(req.query);
      const { results } = await clientsOfOrganization(
        db,
        requireOrganization(req).id,
        filters,
        null,
        onboarding,
      );
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

  registerRoute(app, clientsRoutes.getAccountsOrganizationClient, {
    access: canView,
    handler: (req) => service.get(requireOrganization(req), req.params.clientGuid),
  });

  registerRoute(app, clientsRoutes.patchAccountsOrganizationClient, {
    access: canManage,
    handler: (req) => service.patch(requireOrganization(req), req.params.clientGuid, req.body, actorOf(req)),
  });

  const archiveRoutes = [
    [clientsRoutes.postAccountsOrganizationClientArchive, true],
    [clientsRoutes.postAccountsOrganizationClientUnarchive, false],
  ] as const;
  for (const [route, archived] of archiveRoutes) {
    registerRoute(app, route, {
      access: canManage,
      handler: (req) =>
        service.setArchived(requireOrganization(req), req.params.clientGuid, archived, actorOf(req)),
    });
  }

  registerRoute(app, clientsRoutes.getAccountsClients, {
    access: { kind: 'signedIn', userType: 'client' },
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
