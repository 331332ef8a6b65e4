import {
  createParentInstitutionRequest,
  parentInstitution,
  parentInstitutionList,
  parentInstitutionQuery,
  patchParentInstitutionRequest,
} from '@bp/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../platform/audit/audit.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { pageOf, pageWindow, parseOrdering } from '../../platform/pagination.ts';
import { errorResponses as errors } from '../../platform/responses.ts';
import { createInstitutionService, INSTITUTION_ORDERING, type ParentInstitutionInUse } from './service.ts';

const tags = ['institutions'];
const base = '/v1/accounts/institutions';
// A malformed id answers 404 like an unknown one (decision 003).
const params = z.object({ parentInstitutionGuid: z.string().max(64) });
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
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(base, {
    config: { access: orgUser },
    schema: {
      tags,
      querystring: parentInstitutionQuery,
      response: { 200: parentInstitutionList, ...errors },
    },
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

  r.post(base, {
    config: { access: keeper },
    schema: {
      tags,
      body: createParentInstitutionRequest,
      response: { 201: parentInstitution, ...errors },
    },
    handler: async (req, reply) => reply.status(201).send(await service.create(req.body, actorOf(req))),
  });

  r.get(`${base}/:parentInstitutionGuid`, {
    config: { access: orgUser },
    schema: { tags, params, response: { 200: parentInstitution, ...errors } },
    handler: (req) => service.get(req.params.parentInstitutionGuid),
  });

  r.patch(`${base}/:parentInstitutionGuid`, {
    config: { access: keeper },
    schema: {
      tags,
      params,
      body: patchParentInstitutionRequest,
      response: { 200: parentInstitution, ...errors },
    },
    handler: (req) => service.patch(req.params.parentInstitutionGuid, req.body, actorOf(req)),
  });

  r.delete(`${base}/:parentInstitutionGuid`, {
    config: { access: keeper },
    schema: { tags, params, response: { 204: z.null().describe('No content'), ...errors } },
    handler: async (req, reply) => {
      await service.remove(req.params.parentInstitutionGuid, actorOf(req));
      return reply.status(204).send(null);
    },
  });
}
