import { billMessagesRoutes } from '@bp/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireAuth, requireClient, requireOrganization } from '../../platform/access.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { actorOf } from '../../platform/http/request-context.ts';
import { registerRoute } from '../../platform/http/route.ts';
import { pageOf } from '../../platform/pagination.ts';
import { createBillMessageService, type Reader } from './service.ts';

/** Staff of the client's organisation who see its clients, and the client's own users. */
const readPolicy = { kind: 'client', param: 'clientGuid', permission: 'clients.view' } as const;
/** The same people may write, except observers (read-only). */
const writePolicy = { ...readPolicy, write: true } as const;
/** Any member of the organisation: the messages are the caller's own. */
const memberPolicy = { kind: 'organization', param: 'organizationGuid' } as const;

function readerOf(request: FastifyRequest): Reader {
  const auth = requireAuth(request);
  return { userId: auth.user.id, maskedByUserId: auth.maskedBy?.id ?? null, actor: actorOf(request) };
}

/** Messages on bills: the bill's conversation, the client's drawer and the staff header's drawer. */
export function registerBillMessageRoutes(app: FastifyInstance, deps: AppDeps) {
  const messages = createBillMessageService(deps);

  registerRoute(app, billMessagesRoutes.getBillingClientBillMessages, {
    access: readPolicy,
    handler: async (req) => {
      const page = await messages.listForBill(
        requireClient(req),
        readerOf(req),
        req.params.billGuid,
        req.query,
      );
      return pageOf(req, req.query, page.count, page.results);
    },
  });
  registerRoute(app, billMessagesRoutes.postBillingClientBillMessages, {
    access: writePolicy,
    handler: async (req, reply) =>
      reply
        .status(201)
        .send(await messages.post(requireClient(req), readerOf(req), req.params.billGuid, req.body)),
  });
  // Reading is not writing: observers mark their own receipts read too.
  registerRoute(app, billMessagesRoutes.postBillingClientBillMessageRead, {
    access: readPolicy,
    handler: async (req, reply) => {
      await messages.markMessageRead(
        requireClient(req),
        readerOf(req),
        req.params.billGuid,
        req.params.messageGuid,
      );
      return reply.status(204).send(null);
    },
  });
  registerRoute(app, billMessagesRoutes.getBillingClientMessages, {
    access: readPolicy,
    handler: async (req) => {
      const page = await messages.listForClient(requireClient(req), readerOf(req), req.query);
      return pageOf(req, req.query, page.count, page.results);
    },
  });

  registerRoute(app, billMessagesRoutes.getBillingOrganizationMessages, {
    access: memberPolicy,
    handler: async (req) => {
      const page = await messages.listForOrganization(requireOrganization(req), readerOf(req), req.query);
      return pageOf(req, req.query, page.count, page.results);
    },
  });
  registerRoute(app, billMessagesRoutes.postBillingOrganizationMessagesReadAll, {
    access: memberPolicy,
    handler: async (req, reply) => {
      await messages.markAllRead(requireOrganization(req), readerOf(req));
      return reply.status(204).send(null);
    },
  });
}
