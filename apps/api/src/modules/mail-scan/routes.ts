import { mailScanRoutes as r } from '@bp/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireOrganization } from '../../platform/access.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { actorOf } from '../../platform/http/request-context.ts';
import { registerRoute } from '../../platform/http/route.ts';
import { tenantOf } from '../entities/index.ts';
import { mailScanService } from './service.ts';

/** Staff of the organisation who manage integrations connect the account and file its mailboxes. */
const orgPolicy = { kind: 'organization', param: 'orgGuid', permission: 'integrations.manage' } as const;
/** A client's mailboxes: staff who see the client and its own users. */
const clientReadPolicy = { kind: 'client', param: 'clientGuid', permission: 'clients.view' } as const;

/** The mail-scan service (issue 19, decision 036). */
export function registerMailScanRoutes(app: FastifyInstance, deps: AppDeps) {
  const mail = mailScanService(deps);
  const orgOf = (req: FastifyRequest) => ({
    organizationId: requireOrganization(req).id,
    actor: actorOf(req),
  });

  registerRoute(app, r.getMailServiceStatus, {
    access: orgPolicy,
    handler: (req) => mail.status(requireOrganization(req).id),
  });
  registerRoute(app, r.putMailService, {
    access: orgPolicy,
    handler: (req) => mail.connect(orgOf(req), req.body.api_key),
  });
  registerRoute(app, r.deleteMailService, {
    access: orgPolicy,
    handler: async (req, reply) => {
      await mail.disconnect(orgOf(req));
      return reply.status(204).send(null);
    },
  });
  registerRoute(app, r.getMailServiceMailboxes, {
    access: orgPolicy,
    handler: (req) => mail.mailboxes(requireOrganization(req).id),
  });
  registerRoute(app, r.putMailServiceMailbox, {
    access: orgPolicy,
    handler: (req) => mail.assign(orgOf(req), req.params.mailboxId, req.body.client_guid),
  });
  registerRoute(app, r.postMailServicePoll, {
    access: orgPolicy,
    handler: (req) => mail.poll(requireOrganization(req).id),
  });
  registerRoute(app, r.getClientMailboxes, {
    access: clientReadPolicy,
    handler: (req) => mail.clientMailboxes(tenantOf(req).clientId),
  });
  // The webhook keeps the raw body for its signature: its own JSON parser, in its own scope.
  void app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (req, body, done) => {
      req.rawBody = body as Buffer;
      try {
        done(null, JSON.parse((body as Buffer).toString('utf8') || '{}'));
      } catch {
        const error = new Error('Malformed JSON body.') as Error & { statusCode: number };
        error.statusCode = 400;
        done(error, undefined);
      }
    });
    registerRoute(scope, r.postMailServiceWebhook, {
      access: { kind: 'public' },
      handler: async (req, reply) => {
        const header = req.headers['x-webhook-signature'];
        const outcome = await mail.webhook(
          typeof header === 'string' ? header : undefined,
          req.rawBody ?? Buffer.alloc(0),
          req.body,
        );
        if (outcome === 'unverified')
          return reply
            .status(401)
            .send({ detail: 'The webhook signature is not valid.', code: 'invalid_signature' });
        return { status: outcome };
      },
    });
  });
}
