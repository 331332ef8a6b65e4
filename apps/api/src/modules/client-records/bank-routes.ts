import { clientRecordsRoutes } from '@bp/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/deps.ts';
import { registerRoute } from '../../platform/http/route.ts';
import { pageOf } from '../../platform/pagination.ts';
import { managePolicy, readPolicy, tenantOf } from '../entities/index.ts';
import { createBankContactService } from './bank-contacts-service.ts';
import { createInstitutionRecordService } from './institutions-service.ts';

/** The client's institutions and bank contacts: staff keep them, the client's users read them. */
export function registerBankRoutes(app: FastifyInstance, deps: AppDeps) {
  const institutions = createInstitutionRecordService(deps);
  registerRoute(app, clientRecordsRoutes.getAccountsClientInstitutions, {
    access: readPolicy,
    handler: async (req) => {
      const { count, results } = await institutions.list(tenantOf(req), req.query);
      return pageOf(req, req.query, count, results);
    },
  });
  registerRoute(app, clientRecordsRoutes.postAccountsClientInstitutions, {
    access: managePolicy,
    handler: async (req, reply) => reply.status(201).send(await institutions.create(tenantOf(req), req.body)),
  });
  registerRoute(app, clientRecordsRoutes.getAccountsClientInstitution, {
    access: readPolicy,
    handler: (req) => institutions.get(tenantOf(req), req.params.institutionGuid),
  });
  registerRoute(app, clientRecordsRoutes.patchAccountsClientInstitution, {
    access: managePolicy,
    handler: (req) => institutions.patch(tenantOf(req), req.params.institutionGuid, req.body),
  });
  registerRoute(app, clientRecordsRoutes.deleteAccountsClientInstitution, {
    access: managePolicy,
    handler: async (req, reply) => {
      await institutions.remove(tenantOf(req), req.params.institutionGuid);
      return reply.status(204).send(null);
    },
  });

  const bankContacts = createBankContactService(deps);
  registerRoute(app, clientRecordsRoutes.getAccountsClientBankContacts, {
    access: readPolicy,
    handler: async (req) => {
      const { count, results } = await bankContacts.list(tenantOf(req), req.query);
      return pageOf(req, req.query, count, results);
    },
  });
  registerRoute(app, clientRecordsRoutes.postAccountsClientBankContacts, {
    access: managePolicy,
    handler: async (req, reply) => reply.status(201).send(await bankContacts.create(tenantOf(req), req.body)),
  });
  registerRoute(app, clientRecordsRoutes.getAccountsClientBankContact, {
    access: readPolicy,
    handler: (req) => bankContacts.get(tenantOf(req), req.params.bankContactGuid),
  });
  registerRoute(app, clientRecordsRoutes.patchAccountsClientBankContact, {
    access: managePolicy,
    handler: (req) => bankContacts.patch(tenantOf(req), req.params.bankContactGuid, req.body),
  });
  registerRoute(app, clientRecordsRoutes.deleteAccountsClientBankContact, {
    access: managePolicy,
    handler: async (req, reply) => {
      await bankContacts.remove(tenantOf(req), req.params.bankContactGuid);
      return reply.status(204).send(null);
    },
  });
}
