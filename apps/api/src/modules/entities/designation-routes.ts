import {
  designatedEntities,
  designatedEntitiesRequest,
  designationQuery,
  guid,
  vendorSelection,
  vendorSelectionRequest,
} from '@bp/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireClient } from '../../platform/access.ts';
import { actorOf } from '../../platform/audit/audit.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { errorResponses as errors } from '../../platform/responses.ts';
import { clientUsersRead, clientUsersWrite } from '../clients/index.ts';
import { createDesignationService, type VendorListKind } from './designation-service.ts';

const tags = ['clients'];
const params = z.object({ clientGuid: guid });
const base = '/v1/accounts/clients/:clientGuid';

export function registerDesignationRoutes(app: FastifyInstance, deps: AppDeps) {
  const service = createDesignationService(deps);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(`${base}/designated_entities`, {
    config: { access: clientUsersRead },
    schema: {
      tags,
      description: "Entities a designee may act for (none = all of the client's).",
      params,
      querystring: designationQuery,
      response: { 200: designatedEntities, ...errors },
    },
    handler: (req) => service.getEntities(requireClient(req), req.query.client_user),
  });

  r.put(`${base}/designated_entities`, {
    config: { access: clientUsersWrite },
    schema: {
      tags,
      params,
      body: designatedEntitiesRequest,
      response: { 200: designatedEntities, ...errors },
    },
    handler: (req) => service.setEntities(requireClient(req), req.body, actorOf(req)),
  });

  const vendorLists: [string, VendorListKind, string][] = [
    ['designated_vendors', 'designated', 'Vendors a designee may approve bills of (none = all).'],
    ['excluded-vendors', 'excluded', 'Vendors whose bills the client user never sees.'],
  ];
  for (const [path, kind, description] of vendorLists) {
    r.get(`${base}/${path}`, {
      config: { access: clientUsersRead },
      schema: {
        tags,
        description,
        params,
        querystring: designationQuery,
        response: { 200: vendorSelection, ...errors },
      },
      handler: (req) => service.getVendors(requireClient(req), kind, req.query.client_user),
    });

    r.put(`${base}/${path}`, {
      config: { access: clientUsersWrite },
      schema: { tags, params, body: vendorSelectionRequest, response: { 200: vendorSelection, ...errors } },
      handler: (req) => service.setVendors(requireClient(req), kind, req.body, actorOf(req)),
    });
  }
}
