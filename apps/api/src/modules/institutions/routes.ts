import { institutionsRoutes } from '@bp/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/deps.ts';
import { actorOf } from '../../platform/http/request-context.ts';
import { registerRoute } from '../../platform/http/route.ts';
import { pageOf, pageWindow, parseOrdering } from '../../platform/pagination.ts';
import { createInstitutionService, INSTITUTION_ORDERING, type ParentInstitutionInUse } from './service.ts';

// A malformed id answers 404 like an unknown one (decision 003).
/** Organisation users read the list. */
const orgUser = { kind: 'signedIn', userType: 'bporg' } as const;
/**
 * The list belongs to no organisation, so only the platform's internal staff change it (decision 014):
 * one organisation's admin must not change the routing number another organisation's staff pay to.
 */
const keeper = { kind: 'internalStaff' } as const;

/** `isInUse`: client-records' check that no client institution points at a parent (app.ts passes it). */
export function registerInstitutionRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  isInUse: ParentInstitutionInUse,
) {
  const service = createInstitutionService(deps, isInUse);

  registerRoute(app, institutionsRoutes.getAccountsInstitutions, {
    access: orgUser,
    handler: async (req) => {
      const { count, results } = await service.list({
        window: pageWindow(req.query),
        search: req.query.search,
        isActive: req.query.is_active === undefined ? undefined : req.query.is_active === 'true',
        ordering: parseOrdering(req.query.ordering, INSTITUTION_ORDERING, { field: 'name', desc: false }),
      });
      return pageOf(req, req.query, count, results);
    },
  });

  registerRoute(app, institutionsRoutes.postAccountsInstitutions, {
    access: keeper,
    handler: async (req, reply) => reply.status(201).send(await service.create(req.body, actorOf(req))),
  });

  registerRoute(app, institutionsRoutes.getAccountsInstitution, {
    access: orgUser,
    handler: (req) => service.get(req.params.parentInstitutionGuid),
  });

  registerRoute(app, institutionsRoutes.patchAccountsInstitution, {
    access: keeper,
    handler: (req) => service.patch(req.params.parentInstitutionGuid, req.body, actorOf(req)),
  });

  registerRoute(app, institutionsRoutes.deleteAccountsInstitution, {
    access: keeper,
    handler: async (req, reply) => {
      await service.remove(req.params.parentInstitutionGuid, actorOf(req));
      return reply.status(204).send(null);
    },
  });
}
