import { quickbooksRoutes as r } from '@bp/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireAuth, requireClient } from '../../platform/access.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { attachmentDisposition } from '../../platform/http/download.ts';
import { actorOf } from '../../platform/http/request-context.ts';
import { registerRoute } from '../../platform/http/route.ts';
import type { JobRunner } from '../../platform/jobs/index.ts';
import { pageOf, pageWindow } from '../../platform/pagination.ts';
import { entityIdOf } from '../entities/index.ts';
import type { CompanyFiles } from './desktop/company-files.ts';
import { parseSoapCall, soapFault } from './desktop/soap.ts';
import type { WebConnector } from './desktop/web-connector.ts';
import { notFound, refused, unauthenticated } from './errors.ts';
import type { EntityScope, OnlineService } from './online/service.ts';
import { realmsOf, syncForNotification, verifySignature } from './online/webhooks.ts';
import { providerCallbackPolicy, quickbooksManagePolicy, quickbooksReadPolicy } from './policies.ts';

export interface QuickbooksServices {
  online: OnlineService;
  companyFiles: CompanyFiles;
  webConnector: WebConnector;
  jobs?: JobRunner | undefined;
}

/** /v1/integrations/qbonline/… and /v1/integrations/qbdesktop/… (SPEC §7, issue 18, decision 035). */
export function registerQuickbooksRoutes(app: FastifyInstance, deps: AppDeps, services: QuickbooksServices) {
  const { db } = deps.database;
  const { online, companyFiles, webConnector } = services;

  /** The entity of the path under the client the guard resolved; another client's entity is a 404. */
  async function scopeOf(req: FastifyRequest, entityGuid: string): Promise<EntityScope> {
    const client = requireClient(req);
    const entityId = await entityIdOf(db, client.id, entityGuid);
    if (entityId === null) throw notFound();
    return {
      entityId,
      entityGuid,
      clientId: client.id,
      clientGuid: client.guid,
      organizationId: client.organizationId,
      userId: requireAuth(req).user.id,
      actor: actorOf(req),
    };
  }

  registerRoute(app, r.getQboConnection, {
    access: quickbooksReadPolicy,
    handler: async (req) => online.connection(await scopeOf(req, req.params.entityGuid)),
  });
  registerRoute(app, r.deleteQboConnection, {
    access: quickbooksManagePolicy,
    handler: async (req, reply) => {
      await online.disconnect(await scopeOf(req, req.params.entityGuid));
      return reply.status(204).send(null);
    },
  });
  registerRoute(app, r.postQboOauth, {
    access: quickbooksManagePolicy,
    handler: async (req) => online.authorize(await scopeOf(req, req.params.entityGuid)),
  });
  registerRoute(app, r.postQboOauthCallback, {
    access: quickbooksManagePolicy,
    // The code and state are single-use and the state is bound to this user: guessing one gets nowhere,
    // and the limit keeps anyone from trying.
    config: { rateLimit: { max: 20, timeWindow: 60_000 } },
    handler: async (req) => online.callback(await scopeOf(req, req.params.entityGuid), req.body),
  });
  registerRoute(app, r.postQboSync, {
    access: quickbooksManagePolicy,
    handler: async (req, reply) =>
      reply.status(202).send(await online.startSync(await scopeOf(req, req.params.entityGuid), req.body)),
  });
  registerRoute(app, r.getQboSyncs, {
    access: quickbooksReadPolicy,
    handler: async (req) => {
      const page = await online.listSyncs(await scopeOf(req, req.params.entityGuid), pageWindow(req.query));
      return pageOf(req, req.query, page.count, page.results);
    },
  });
  registerRoute(app, r.getQboSync, {
    access: quickbooksReadPolicy,
    handler: async (req) => online.getSync(await scopeOf(req, req.params.entityGuid), req.params.syncGuid),
  });
  registerRoute(app, r.postQboBookBalanceSync, {
    access: quickbooksManagePolicy,
    handler: async (req) => online.bookBalance(await scopeOf(req, req.params.entityGuid), req.body),
  });
  registerRoute(app, r.getQboExports, {
    access: quickbooksReadPolicy,
    handler: async (req) => {
      const page = await online.listExports(await scopeOf(req, req.params.entityGuid), pageWindow(req.query));
      return pageOf(req, req.query, page.count, page.results);
    },
  });

  // Webhooks: the signature is over the raw body, so this route reads its body as text.
  void app.register(async (scoped) => {
    scoped.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) =>
      done(null, body),
    );
    registerRoute(scoped, r.postQboWebhook, {
      access: providerCallbackPolicy,
      handler: async (req) => {
        const body = typeof req.body === 'string' ? req.body : '';
        const signature = req.headers['intuit-signature'];
        if (
          !verifySignature(
            deps.config.quickbooks.webhookVerifierToken,
            body,
            typeof signature === 'string' ? signature : undefined,
          )
        ) {
          req.log.warn(
            { ip: req.ip, signed: typeof signature === 'string' },
            'QuickBooks webhook refused: bad or missing intuit-signature',
          );
          throw unauthenticated('The intuit-signature header does not match this body.', 'invalid_signature');
        }
        const realms = realmsOf(body);
        if (realms === null) throw notFound('Not a QuickBooks notification.');
        await syncForNotification({ db, jobs: services.jobs, service: online }, realms);
        return { status: 'accepted' as const };
      },
    });
  });

  registerRoute(app, r.getQbdCompanyFiles, {
    access: quickbooksReadPolicy,
    handler: async (req) => companyFiles.list(await scopeOf(req, req.params.entityGuid)),
  });
  registerRoute(app, r.postQbdCompanyFiles, {
    access: quickbooksManagePolicy,
    handler: async (req, reply) =>
      reply.status(201).send(await companyFiles.create(await scopeOf(req, req.params.entityGuid), req.body)),
  });
  registerRoute(app, r.postQbdCompanyFilePassword, {
    access: quickbooksManagePolicy,
    handler: async (req) =>
      companyFiles.resetPassword(await scopeOf(req, req.params.entityGuid), req.params.companyFileGuid),
  });
  registerRoute(app, r.deleteQbdCompanyFile, {
    access: quickbooksManagePolicy,
    handler: async (req, reply) => {
      await companyFiles.deactivate(await scopeOf(req, req.params.entityGuid), req.params.companyFileGuid);
      return reply.status(204).send(null);
    },
  });
  registerRoute(app, r.getQbdCompanyFileQwc, {
    access: quickbooksManagePolicy,
    handler: async (req, reply) => {
      const file = await companyFiles.qwc(
        await scopeOf(req, req.params.entityGuid),
        req.params.companyFileGuid,
      );
      return reply
        .header('content-type', 'application/xml; charset=utf-8')
        .header('content-disposition', attachmentDisposition(file.name))
        .send(file.body);
    },
  });
  registerRoute(app, r.getQbdCompanyFileBills, {
    access: quickbooksReadPolicy,
    handler: async (req) => {
      const page = await companyFiles.bills(
        await scopeOf(req, req.params.entityGuid),
        req.params.companyFileGuid,
        pageWindow(req.query),
      );
      return pageOf(req, req.query, page.count, page.results);
    },
  });
  registerRoute(app, r.getQbdCompanyFileSessions, {
    access: quickbooksReadPolicy,
    handler: async (req) => {
      const page = await companyFiles.sessions(
        await scopeOf(req, req.params.entityGuid),
        req.params.companyFileGuid,
        pageWindow(req.query),
      );
      return pageOf(req, req.query, page.count, page.results);
    },
  });

  // The Web Connector speaks SOAP 1.1 (text/xml); anything else is not a Web Connector.
  void app.register(async (scoped) => {
    scoped.addContentTypeParser(
      ['text/xml', 'application/xml', 'application/soap+xml'],
      { parseAs: 'string' },
      (_req, body, done) => done(null, body),
    );
    registerRoute(scoped, r.postQbdWebConnector, {
      access: providerCallbackPolicy,
      // Large company files send large responses (a page of bills with their lines).
      bodyLimit: 20 * 1024 * 1024,
      handler: async (req, reply) => {
        const call = typeof req.body === 'string' ? await parseSoapCall(req.body) : null;
        if (!call) {
          if (typeof req.body === 'string')
            return reply
              .status(400)
              .type('text/xml; charset=utf-8')
              .send(await soapFault('Not a QuickBooks Web Connector call.'));
          throw refused(
            'invalid',
            'not_soap',
            'Send the QuickBooks Web Connector’s SOAP calls here (text/xml).',
          );
        }
        return reply.type('text/xml; charset=utf-8').send(await webConnector.handle(call));
      },
    });
  });
}
