import { clientsRoutes } from '@bp/contracts';
import type { FastifyInstance } from 'fastify';
import { requireClient } from '../../platform/access.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { actorOf } from '../../platform/http/request-context.ts';
import { registerRoute } from '../../platform/http/route.ts';
import { clientUsersRead, clientUsersWrite } from '../clients/index.ts';
import { createDesignationService, type VendorListKind } from './designation-service.ts';

export function registerDesignationRoutes(app: FastifyInstance, deps: AppDeps) {
  const service = createDesignationService(deps);

  registerRoute(app, clientsRoutes.getAccountsClientDesignatedEntities, {
    access: clientUsersRead,
    handler: (req) => service.getEntities(requireClient(req), req.query.client_user),
  });

  registerRoute(app, clientsRoutes.putAccountsClientDesignatedEntities, {
    access: clientUsersWrite,
    handler: (req) => service.setEntities(requireClient(req), req.body, actorOf(req)),
  });

  const vendorLists = [
    {
      kind: 'designated',
      read: clientsRoutes.getAccountsClientDesignatedVendors,
      write: clientsRoutes.putAccountsClientDesignatedVendors,
    },
    {
      kind: 'excluded',
      read: clientsRoutes.getAccountsClientExcludedVendors,
      write: clientsRoutes.putAccountsClientExcludedVendors,
    },
  ] as const satisfies { kind: VendorListKind; read: unknown; write: unknown }[];
  for (const { kind, read, write } of vendorLists) {
    registerRoute(app, read, {
      access: clientUsersRead,
      handler: (req) => service.getVendors(requireClient(req), kind, req.query.client_user),
    });
    registerRoute(app, write, {
      access: clientUsersWrite,
      handler: (req) => service.setVendors(requireClient(req), kind, req.body, actorOf(req)),
    });
  }
}
