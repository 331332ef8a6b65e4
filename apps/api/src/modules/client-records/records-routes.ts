import { clientRecordsRoutes } from '@bp/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../platform/deps.ts';
import { registerRoute } from '../../platform/http/route.ts';
import { pageOf } from '../../platform/pagination.ts';
import { readPolicy, recordWritePolicy, requireRecordWriter, tenantOf } from '../entities/index.ts';
import { createContactService } from './contacts-service.ts';
import { createPropertyService } from './properties-service.ts';

/** Staff with entities.manage (the policy), or a client user with a writer role: checked before the body. */
const writerOnly = {
  preValidation: async (req: FastifyRequest) => requireRecordWriter(tenantOf(req)),
};

/** Properties and contacts of a client: its staff and its own (non-observer) users keep them. */
export function registerPropertyAndContactRoutes(app: FastifyInstance, deps: AppDeps) {
  const properties = createPropertyService(deps);
  registerRoute(app, clientRecordsRoutes.getAccountsClientProperties, {
    access: readPolicy,
    handler: async (req) => {
      const { count, results } = await properties.list(tenantOf(req), req.query);
      return pageOf(req, req.query, count, results);
    },
  });
  registerRoute(app, clientRecordsRoutes.postAccountsClientProperties, {
    access: recordWritePolicy,
    ...writerOnly,
    handler: async (req, reply) => reply.status(201).send(await properties.create(tenantOf(req), req.body)),
  });
  registerRoute(app, clientRecordsRoutes.getAccountsClientProperty, {
    access: readPolicy,
    handler: (req) => properties.get(tenantOf(req), req.params.propertyGuid),
  });
  registerRoute(app, clientRecordsRoutes.patchAccountsClientProperty, {
    access: recordWritePolicy,
    ...writerOnly,
    handler: (req) => properties.patch(tenantOf(req), req.params.propertyGuid, req.body),
  });
  registerRoute(app, clientRecordsRoutes.deleteAccountsClientProperty, {
    access: recordWritePolicy,
    ...writerOnly,
    handler: async (req, reply) => {
      await properties.remove(tenantOf(req), req.params.propertyGuid);
      return reply.status(204).send(null);
    },
  });

  const contacts = createContactService(deps);
  registerRoute(app, clientRecordsRoutes.getAccountsClientContacts, {
    access: readPolicy,
    handler: async (req) => {
      const { count, results } = await contacts.list(tenantOf(req), req.query);
      return pageOf(req, req.query, count, results);
    },
  });
  registerRoute(app, clientRecordsRoutes.postAccountsClientContacts, {
    access: recordWritePolicy,
    ...writerOnly,
    handler: async (req, reply) => reply.status(201).send(await contacts.create(tenantOf(req), req.body)),
  });
  registerRoute(app, clientRecordsRoutes.getAccountsClientContact, {
    access: readPolicy,
    handler: (req) => contacts.get(tenantOf(req), req.params.contactGuid),
  });
  registerRoute(app, clientRecordsRoutes.patchAccountsClientContact, {
    access: recordWritePolicy,
    ...writerOnly,
    handler: (req) => contacts.patch(tenantOf(req), req.params.contactGuid, req.body),
  });
  registerRoute(app, clientRecordsRoutes.deleteAccountsClientContact, {
    access: recordWritePolicy,
    ...writerOnly,
    handler: async (req, reply) => {
      await contacts.remove(tenantOf(req), req.params.contactGuid);
      return reply.status(204).send(null);
    },
  });
}
