import { createMessageRequest, guid, message, messageList, messageListQuery } from '@bp/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth, requireClient, requireOrganization } from '../../platform/access.ts';
import { actorOf } from '../../platform/audit/audit.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { pageOf } from '../../platform/pagination.ts';
import { errorResponses as errors } from '../../platform/responses.ts';
import { createBillMessageService, type Reader } from './service.ts';

const tags = ['bill messages'];
const CLIENT_BASE = '/v1/billing/clients/:clientGuid';
const ORG_BASE = '/v1/billing/organizations/:organizationGuid';

/** Staff of the client's organisation who see its clients, and the client's own users. */
const readPolicy = { kind: 'client', param: 'clientGuid', permission: 'clients.view' } as const;
/** The same people may write, except observers (read-only). */
const writePolicy = { ...readPolicy, write: true } as const;
/** Any member of the organisation: the messages are the caller's own. */
const memberPolicy = { kind: 'organization', param: 'organizationGuid' } as const;

const clientParams = z.object({ clientGuid: guid });
const billParams = clientParams.extend({ billGuid: guid });
const messageParams = billParams.extend({ messageGuid: guid });
const organizationParams = z.object({ organizationGuid: guid });
const noContent = { 204: z.null().describe('No content') };

function readerOf(request: FastifyRequest): Reader {
  const auth = requireAuth(request);
  return { userId: auth.user.id, maskedByUserId: auth.maskedBy?.id ?? null, actor: actorOf(request) };
}

/** Messages on bills: the bill's conversation, the client's drawer and the staff header's drawer. */
export function registerBillMessageRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const messages = createBillMessageService(deps);

  r.get(`${CLIENT_BASE}/bills/:billGuid/messages`, {
    config: { access: readPolicy },
    schema: {
      tags,
      params: billParams,
      querystring: messageListQuery,
      response: { 200: messageList, ...errors },
    },
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
  r.post(`${CLIENT_BASE}/bills/:billGuid/messages`, {
    config: { access: writePolicy },
    schema: { tags, params: billParams, body: createMessageRequest, response: { 201: message, ...errors } },
    handler: async (req, reply) =>
      reply
        .status(201)
        .send(await messages.post(requireClient(req), readerOf(req), req.params.billGuid, req.body)),
  });
  // Reading is not writing: observers mark their own receipts read too.
  r.post(`${CLIENT_BASE}/bills/:billGuid/messages/:messageGuid/read`, {
    config: { access: readPolicy },
    schema: { tags, params: messageParams, response: { ...noContent, ...errors } },
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
  r.get(`${CLIENT_BASE}/messages`, {
    config: { access: readPolicy },
    schema: {
      tags,
      params: clientParams,
      querystring: messageListQuery,
      response: { 200: messageList, ...errors },
    },
    handler: async (req) => {
      const page = await messages.listForClient(requireClient(req), readerOf(req), req.query);
      return pageOf(req, req.query, page.count, page.results);
    },
  });

  r.get(`${ORG_BASE}/messages`, {
    config: { access: memberPolicy },
    schema: {
      tags,
      params: organizationParams,
      querystring: messageListQuery,
      response: { 200: messageList, ...errors },
    },
    handler: async (req) => {
      const page = await messages.listForOrganization(requireOrganization(req), readerOf(req), req.query);
      return pageOf(req, req.query, page.count, page.results);
    },
  });
  r.post(`${ORG_BASE}/messages/read-all`, {
    config: { access: memberPolicy },
    schema: { tags, params: organizationParams, response: { ...noContent, ...errors } },
    handler: async (req, reply) => {
      await messages.markAllRead(requireOrganization(req), readerOf(req));
      return reply.status(204).send(null);
    },
  });
}
